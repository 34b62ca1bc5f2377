import type { AnyEndpoint } from '../../../src/contract/index.js';

export interface FuzzRequest {
  /** Encoded path segments by placeholder name. */
  params?: Record<string, string>;
  /** Query string without `?`. */
  search?: string;
  body?: string;
  contentType?: string | null;
  /** Overrides of the default headers (admin key on company A); null removes one. */
  headers?: Record<string, string | null>;
}

export interface Answer {
  status: number;
  text: string;
  json: unknown;
  contentType: string | null;
}

export interface Exchange {
  endpoint: AnyEndpoint;
  method: string;
  url: string;
  request: FuzzRequest;
  answer: Answer;
}

/** A record of a company as its list endpoint serves it. */
export type RecordData = Record<string, unknown> & { id?: string };

const WATCHED_PROTOTYPES: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
];

type PrototypeState = Map<string, Map<PropertyKey, unknown>>;

function prototypeState(): PrototypeState {
  const state: PrototypeState = new Map();
  for (const [name, proto] of WATCHED_PROTOTYPES) {
    const props = new Map<PropertyKey, unknown>();
    for (const key of Reflect.ownKeys(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key)!;
      props.set(key, 'value' in d ? d.value : [d.get, d.set]);
    }
    state.set(name, props);
  }
  return state;
}

const PROTOTYPES_AT_START = prototypeState();

/** What changed on the built-in prototypes since the suite loaded, or null. */
export function prototypeChanges(): string | null {
  const now = prototypeState();
  const changes: string[] = [];
  for (const [name, props] of now) {
    const before = PROTOTYPES_AT_START.get(name)!;
    for (const [key, value] of props) {
      if (!before.has(key)) changes.push(`${name} gained ${String(key)}`);
      else if (!sameDescriptorValue(before.get(key), value)) changes.push(`${name}.${String(key)} was replaced`);
    }
    for (const key of before.keys()) if (!props.has(key)) changes.push(`${name} lost ${String(key)}`);
  }
  return changes.length ? changes.join('; ') : null;
}

const sameDescriptorValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a[0] === b[0] && a[1] === b[1] : a === b;

/** Freezes a stored row and everything in it: rows are replaced on write, never changed in place (store/table.ts). */
export function deepFreeze(value: unknown, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value) || Object.isFrozen(value)) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  Object.freeze(value);
}
