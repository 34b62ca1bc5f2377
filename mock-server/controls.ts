import { z } from 'zod';
import { ClockRangeError } from './kernel/clock.js';
import { ServiceError, validationError } from './kernel/errors.js';
import { HttpFaultOptions, wholeNumber } from './kernel/faults.js';
import { envelopeHeaders, failureBody, successBody } from './kernel/envelope.js';
import type { MockRequest, MockResponse } from './kernel/request.js';
import { checkBodySize, parseJsonBody } from './kernel/body.js';
import { parseOrRefuse } from './kernel/validation.js';
import { WebhookFaultSchema } from './events/webhook-delivery.js';
import type { MockService } from './service.js';
import { filterOfQuery, JOURNAL_PAGE_DEFAULT, RequestsQuery } from './kernel/journal-filter.js';

/** Path prefix of the control endpoints of the standalone server. */
export const CONTROL_PREFIX = '/__mock';
export const CONTROL_TOKEN_HEADER = 'x-mock-control-token';

/** Bounds of the numeric control inputs: a clock jump of at most 10,000 years in any unit, counts a test can use (a fault's beside its schema: kernel/faults.ts, events/webhook-delivery.ts). */
const YEARS_10K_MS = 10_000 * 365.25 * 86_400_000;
const CONTROL_LIMITS = {
  days: YEARS_10K_MS / 86_400_000,
  hours: YEARS_10K_MS / 3_600_000,
  minutes: YEARS_10K_MS / 60_000,
  seconds: YEARS_10K_MS / 1000,
  afterEvents: 1_000_000,
} as const;

const span = (max: number) => z.number().min(-max).max(max).optional();
const Advance = z.strictObject({
  days: span(CONTROL_LIMITS.days),
  hours: span(CONTROL_LIMITS.hours),
  minutes: span(CONTROL_LIMITS.minutes),
  seconds: span(CONTROL_LIMITS.seconds),
});
const SetClock = z.strictObject({ now: z.iso.datetime({ offset: true }) });
const WebhookFail = WebhookFaultSchema.strict();
const SignIn = z.strictObject({ user: z.string().min(1).max(200) });
const StreamFault = z.strictObject({ afterEvents: wholeNumber(0, CONTROL_LIMITS.afterEvents).optional() });

export interface ControlOptions {
  /** When set, every control call must carry it in `X-Mock-Control-Token` (a non-loopback host). */
  token: string | null;
  /** The call comes from a browser page whose origin the CORS policy does not allow: refused. */
  foreignPage?: boolean;
}

interface ControlCall {
  req: MockRequest;
  mock: MockService;
  /** The JSON body as sent (undefined when there is none). */
  json: unknown;
  /** The JSON body checked with `schema` (an absent body is `{}`); a 422 when it does not fit. */
  body<S extends z.ZodType>(schema: S, what: string): z.output<S>;
  /** The query string's parameters checked with `schema`; a 422 when they do not fit (a repeated one among them). */
  query<S extends z.ZodType>(schema: S, what: string): z.output<S>;
}
type Control = (call: ControlCall) => unknown;
/** A control's answer with a status other than 200. */
class Answer {
  constructor(
    readonly data: unknown,
    readonly status: number,
    /** A list's `pagination` beside its `data` (spec document 1, "Pagination"). */
    readonly pagination?: unknown,
  ) {}
}

/** Every control, by `METHOD path`; each returns its `data` (or an `Answer`), or a promise of it. */
const CONTROLS: Record<string, Control> = {
  'POST /__mock/reset': ({ mock }) => {
    mock.reset();
    return { reset: true };
  },
  'GET /__mock/clock': ({ mock }) => ({ now: mock.clock.iso() }),
  'POST /__mock/clock/advance': ({ mock, body }) => {
    const by = body(Advance, 'clock advance');
    return { now: moveClock(() => mock.clock.advance(by), by).toISOString() };
  },
  'POST /__mock/clock/set': ({ mock, body }) => {
    const { now } = body(SetClock, 'clock setting');
    return { now: moveClock(() => mock.clock.set(now), now).toISOString() };
  },
  'GET /__mock/faults': ({ mock }) => mock.faults.list().map(describeFault),
  'POST /__mock/faults': ({ mock, body }) => new Answer(describeFault(mock.faults.inject(body(HttpFaultOptions, 'fault'))), 201),
  'DELETE /__mock/faults': ({ mock }) => {
    const cleared = mock.faults.list().length;
    mock.faults.clear();
    return { cleared };
  },
  'GET /__mock/outbox': ({ mock }) => mock.outbox,
  'GET /__mock/webhooks/deliveries': ({ mock }) => mock.webhooks.deliveries,
  'GET /__mock/webhooks/scheduled': ({ mock }) => mock.webhooks.scheduled,
  'POST /__mock/webhooks/flush': async ({ mock }) => {
    await mock.webhooks.flush();
    return { deliveries: mock.webhooks.deliveries.length, scheduled: mock.webhooks.scheduled.length };
  },
  'GET /__mock/webhooks/faults': ({ mock }) => mock.webhooks.faults,
  'POST /__mock/webhooks/faults': ({ mock, body }) => new Answer(mock.webhooks.fail(body(WebhookFail, 'webhook fault')), 201),
  'DELETE /__mock/webhooks/faults': ({ mock }) => {
    const cleared = mock.webhooks.faults.length;
    mock.webhooks.clearFaults();
    return { cleared };
  },
  // A seeded user's access token without the browser round trip (the data-management API serves signed-in users).
  'POST /__mock/sign-in': ({ mock, body }) => ({ accessToken: mock.signIn(body(SignIn, 'sign-in').user), tokenType: 'Bearer' }),
  'GET /__mock/requests': ({ mock, query }) => {
    const checked = query(RequestsQuery, 'request journal query');
    const { data, pagination } = mock.requests.page(filterOfQuery(checked), checked.limit ?? JOURNAL_PAGE_DEFAULT, cursorOf(checked));
    return new Answer(data, 200, pagination);
  },
  'DELETE /__mock/requests': ({ mock }) => {
    const cleared = mock.requests.count();
    mock.requests.clear();
    return { cleared };
  },
  'GET /__mock/stream': ({ mock }) => ({ connections: mock.stream.connections }),
  'POST /__mock/stream/drop': ({ mock, body }) => ({ armed: mock.stream.drop(body(StreamFault, 'stream fault')) }),
  'POST /__mock/stream/stall': ({ mock, body }) => ({ armed: mock.stream.stall(body(StreamFault, 'stream fault')) }),
};

/** Whether a path is one of the controls' (`/__mock` and below). */
const isControlPath = (pathname: string): boolean =>
  pathname.startsWith(CONTROL_PREFIX) && (pathname.length === CONTROL_PREFIX.length || pathname[CONTROL_PREFIX.length] === '/');

/** The control routes, `METHOD path` (docs/guides/testing-with-the-mock.md lists them). */
export const CONTROL_ROUTES: readonly string[] = Object.keys(CONTROLS);

/**
 * The mock's own controls over HTTP, for a client in another process (a test in any language): reset,
 * the clock, request faults, webhook deliveries and faults, the stream's faults and the outbox.
 * Returns null, at once, for any path outside `/__mock`.
 */
export function handleControl(req: MockRequest, mock: MockService, options: ControlOptions): Promise<MockResponse> | null {
  return isControlPath(req.pathname) ? runControl(req, mock, options) : null;
}

async function runControl(req: MockRequest, mock: MockService, options: ControlOptions): Promise<MockResponse> {
  const requestId = mock.store.ids.next('req', 20);
  const method = req.method.toUpperCase() === 'HEAD' ? 'GET' : req.method.toUpperCase();
  const route = `${method} ${req.pathname.replace(/\/$/, '')}`;
  try {
    if (options.foreignPage) {
      throw new ServiceError(
        'FORBIDDEN',
        'Mock controls refuse pages of origins outside the CORS policy; allow one with acs-mock --cors <origin>',
      );
    }
    if (options.token !== null && req.headers.get(CONTROL_TOKEN_HEADER) !== options.token) {
      throw new ServiceError('FORBIDDEN', 'Mock controls need the X-Mock-Control-Token printed when the server started');
    }
    const control = CONTROLS[route];
    if (!control)
      throw new ServiceError('NOT_FOUND', `No mock control ${route}`, [{ resource: 'control', id: req.pathname, field: 'path' }]);
    const json = readBody(req);
    const body = <S extends z.ZodType>(schema: S, what: string) => parseOrRefuse(schema, json ?? {}, json, 'body', what);
    const query = <S extends z.ZodType>(schema: S, what: string) => {
      const values = queryValues(req.search);
      return parseOrRefuse(schema, values, values, 'query', what);
    };
    const result = await control({ req, mock, json, body, query });
    return result instanceof Answer ? answer(result, requestId, mock) : answer(new Answer(result, 200), requestId, mock);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return {
      status: error.status,
      headers: envelopeHeaders(requestId),
      body: failureBody(error, requestId, mock.clock.iso()),
    };
  }
}

/** A clock move, with one the clock refuses (past the years it can write) answered as 422 on the body. */
function moveClock(move: () => Date, value: unknown): Date {
  try {
    return move();
  } catch (error) {
    if (!(error instanceof ClockRangeError)) throw error;
    throw validationError([{ field: 'body', code: 'DATE_CONSTRAINT', message: error.message, value }], 'The clock cannot move there');
  }
}

function answer({ data, status, pagination }: Answer, requestId: string, mock: MockService): MockResponse {
  return {
    status,
    headers: envelopeHeaders(requestId),
    body: successBody(data, requestId, mock.clock.iso(), pagination),
  };
}

/** The query's parameters; one sent twice is an array, which a control's schema of strings refuses. */
function queryValues(search: string): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = values[name];
    values[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return values;
}

/** The page's cursor: the sequence of the last entry the previous page gave. */
const cursorOf = (query: RequestsQuery): number | undefined => (query.cursor === undefined ? undefined : Number(query.cursor));

/** A control's JSON body, read as the API reads one (size, nesting, syntax). */
function readBody(req: MockRequest): unknown {
  return checkBodySize(req) ? parseJsonBody(req.bodyText!) : undefined;
}

function describeFault(fault: { id: number; remaining: number; options: object }) {
  return { id: fault.id, remaining: Number.isFinite(fault.remaining) ? fault.remaining : null, ...fault.options };
}
