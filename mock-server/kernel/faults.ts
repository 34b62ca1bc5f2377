import { z } from 'zod';

/** A whole number within bounds, reported once (zod's `.int()` adds a second issue for a huge number). */
export const wholeNumber = (min: number, max: number) =>
  z.number().min(min).max(max).refine(Number.isInteger, { message: 'must be a whole number' });

/** Most requests one fault sent over HTTP (`POST /__mock/faults`) hits; `times: null` there is "until cleared". */
export const HTTP_FAULT_MAX_TIMES = 1_000_000;

const faultFields = {
  /** Status of the failure envelope (400-599). */
  status: wholeNumber(400, 599).optional(),
  /** `network`: the connection fails; fetch rejects, no response arrives. */
  error: z.literal('network').optional(),
  /** How many matching requests it hits; default 1, `Infinity` until `clear()`. */
  times: z
    .custom<number>((n) => n === Infinity || (typeof n === 'number' && Number.isInteger(n) && n >= 1), {
      message: 'a positive integer or Infinity',
    })
    .optional(),
  /** Only this method (any when absent). */
  method: z.string().min(1).optional(),
  /** Contract path pattern (`/accounts/{accountId}`) or glob over the URL path (`/v1/accounts/*`, `**`). */
  path: z.string().min(1).optional(),
  stage: z.enum(['before', 'after']).optional(),
  /** Extra response headers, e.g. `Retry-After`. */
  headers: z.record(z.string(), z.string()).optional(),
  /** Replaces the failure envelope. */
  body: z.unknown().optional(),
  /** Error code and message of the envelope; default by status (503 SERVICE_UNAVAILABLE, ...). */
  code: z.string().min(1).optional(),
  message: z.string().min(1).optional(),
  /** Milliseconds to wait before failing, to exercise client timeouts. */
  delayMs: z.number().min(0).max(120_000).optional(),
};

/** A fault answers with a status or fails the connection: exactly one of the two. */
const statusOrNetwork = (f: { status?: number; error?: 'network' }) => (f.status === undefined) !== (f.error === undefined);
const STATUS_OR_NETWORK = { message: 'give either status or error: "network"', path: ['status'], params: { code: 'REQUIRED_FIELD' } };

/**
 * What `faults.inject()` takes. A fault answers matching requests with a failure instead of (stage
 * `before`) or after (stage `after`) running the handler; `after` with `error: 'network'` is the
 * lost response that idempotency keys exist for.
 */
export const FaultOptions = z.object(faultFields).refine(statusOrNetwork, STATUS_OR_NETWORK);
export type FaultOptions = z.input<typeof FaultOptions>;

/**
 * A fault as `POST /__mock/faults` takes it: JSON has no Infinity, so `times` is a whole number up to
 * HTTP_FAULT_MAX_TIMES or null ("until cleared"), read as `Infinity`.
 */
export const HttpFaultOptions = z
  .object({
    ...faultFields,
    times: wholeNumber(1, HTTP_FAULT_MAX_TIMES)
      .nullable()
      .optional()
      .transform((times) => (times === null ? Infinity : times)),
  })
  .refine(statusOrNetwork, STATUS_OR_NETWORK);

/** An injected fault; `remaining` counts down as requests hit it. */
export interface Fault {
  readonly id: number;
  readonly options: Readonly<z.output<typeof FaultOptions>>;
  remaining: number;
}

/** The request facts a fault is matched against. */
export interface FaultTarget {
  method: string;
  /** URL path as sent, e.g. `/v1/accounts/acc_1`. */
  pathname: string;
  /** Path below the API family's base, e.g. `/accounts/acc_1`; null when it is under none. */
  familyPath: string | null;
  /** Contract path of the matched endpoint, e.g. `/accounts/{accountId}`. */
  endpointPath: string | null;
}

interface Armed {
  fault: Fault;
  matches: (target: FaultTarget) => boolean;
}

/** The armed faults of a snapshot (opaque). */
export interface FaultsState {
  readonly armed: readonly Armed[];
}

/** A fault counts down as requests hit it: a snapshot keeps its own copy. */
const copyArmed = ({ fault, matches }: Armed): Armed => ({ fault: { ...fault }, matches });

/** Armed faults from their records (a snapshot a data folder kept, MOCK-44): each matcher is built again from its options. */
export function faultsStateOf(faults: readonly Fault[]): FaultsState {
  return { armed: faults.map((fault) => ({ fault: { ...fault }, matches: matcher(fault.options) })) };
}

export class FaultInjectionError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'FaultInjectionError';
  }
}

/** The fault queue behind `mock.faults`: first injected, first matched. */
export class Faults {
  #armed: Armed[] = [];
  #nextId = 1;

  inject(options: FaultOptions): Fault {
    const parsed = FaultOptions.safeParse(options);
    if (!parsed.success) {
      const why = parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ');
      throw new FaultInjectionError(`faults.inject(): ${why}`);
    }
    const fault: Fault = { id: this.#nextId++, options: parsed.data, remaining: parsed.data.times ?? 1 };
    this.#armed.push({ fault, matches: matcher(parsed.data) });
    return fault;
  }

  clear(): void {
    this.#armed = [];
  }

  /** The armed faults as they stand, for a snapshot of the service (MOCK-28); ids go on increasing. */
  snapshotState(): FaultsState {
    return { armed: this.#armed.map(copyArmed) };
  }

  restoreState(state: FaultsState): void {
    this.#armed = state.armed.map(copyArmed);
  }

  /** Faults still armed. */
  list(): Fault[] {
    return this.#armed.map((a) => a.fault);
  }

  /** The first armed fault matching the request, counted as used. */
  take(target: FaultTarget): Fault | null {
    if (this.#armed.length === 0) return null;
    for (let i = 0; i < this.#armed.length; i++) {
      const armed = this.#armed[i];
      if (!armed.matches(target)) continue;
      armed.fault.remaining--;
      if (armed.fault.remaining <= 0) this.#armed.splice(i, 1);
      return armed.fault;
    }
    return null;
  }
}

function matcher(options: z.output<typeof FaultOptions>): (target: FaultTarget) => boolean {
  const method = options.method?.toUpperCase();
  const path = options.path;
  let pathMatches: (target: FaultTarget) => boolean = () => true;
  if (path?.includes('{')) {
    pathMatches = (t) => t.endpointPath === path;
  } else if (path) {
    const glob = globToRegExp(path);
    pathMatches = (t) => glob.test(t.pathname) || (t.familyPath !== null && glob.test(t.familyPath));
  }
  return (t) => (method === undefined || t.method === method) && pathMatches(t);
}

/** `*` matches within one segment, `**` across segments. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^/]*';
    else source += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}/?$`);
}
