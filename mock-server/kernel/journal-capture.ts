/**
 * What the request journal keeps of a request's or an answer's headers and body: bounded, and masked by
 * the one mask of secrets (mask.ts, MOCK-23), so no key, token, password or webhook secret is kept (MOCK-27).
 */
import type { z } from 'zod';
import { isSecretName } from '../../src/internal/redact.js';
import { boundText } from './echo.js';
import { readJson } from './json.js';
import { maskSecrets, maskText, REDACTED } from './mask.js';
import type { HeaderReader } from './request.js';

/** Characters of a body the journal keeps; the rest is cut (`truncated: true`). */
export const JOURNAL_BODY_CHARS = 4096;
/** A JSON request body up to this length is parsed and masked field by field; a longer one is cut first, then masked as text. */
const PARSED_BODY_CHARS = 16 * 1024;
/** Nesting the mask walks whole (mask.ts stops at 32 levels). */
const MASKED_JSON_DEPTH = 30;
/** Headers kept of one message, and characters of one header's value. */
export const JOURNAL_HEADER_COUNT = 40;
const HEADER_VALUE_CHARS = 512;
/** The headers read when a reader cannot list its own (the ones a test asks about). */
const KNOWN_HEADERS = [
  'accept',
  'authorization',
  'content-type',
  'content-length',
  'idempotency-key',
  'user-agent',
  'x-company-id',
  'x-request-id',
  'x-tenant-code',
];
/** A bank account number in JSON text (`"iban":"..."`), which the text mask alone does not know. */
const BANK_FIELD_TEXT = /("(?:[A-Za-z_]*bank_?account_?(?:number|no)|iban|accountNumber)"\s*:\s*")([^"]*)/gi;

/** A body as the journal keeps it. */
export interface JournalBody {
  /** The text, masked and cut; null for none, or for bytes (a PDF, a workbook). */
  text: string | null;
  /** Length of the body as sent, in characters (bytes for a binary body). */
  size: number;
  truncated: boolean;
}

/**
 * A message's headers as the request path hands them to the journal (MOCK-46): its first names and
 * values, alternating in one array (one object for the ring to hold, not one per header), masked when read.
 */
export type HeaderPairs = readonly string[];

export function headerPairsOf(headers: HeaderReader | Record<string, string>): HeaderPairs {
  const flat: string[] = [];
  if (typeof headers.get !== 'function') {
    // An answer's own record: copied, as the adapters add to it after the journal has it (Content-Length, CORS).
    for (const name in headers) {
      if (flat.push(name, (headers as Record<string, string>)[name]) >= 2 * JOURNAL_HEADER_COUNT) break;
    }
    return flat;
  }
  const reader = headers as HeaderReader;
  // node:http's own list is kept as it is (it is not changed after parsing); names are lowered when read.
  if (reader.pairs) {
    const pairs = reader.pairs();
    return pairs.length <= 2 * JOURNAL_HEADER_COUNT ? pairs : pairs.slice(0, 2 * JOURNAL_HEADER_COUNT);
  }
  for (const [name, value] of headerPairs(reader)) {
    if (flat.push(name, value) >= 2 * JOURNAL_HEADER_COUNT) break;
  }
  return flat;
}

/** Headers by lower-case name, each secret one `[REDACTED]` (an `Authorization` keeps its scheme). */
export function journalHeaders(headers: HeaderReader | Record<string, string> | HeaderPairs): Record<string, string> {
  const flat = Array.isArray(headers) ? (headers as HeaderPairs) : headerPairsOf(headers as HeaderReader | Record<string, string>);
  // No prototype: a header named `__proto__` is a plain key.
  const out: Record<string, string> = Object.create(null);
  for (let i = 0; i < flat.length && i < 2 * JOURNAL_HEADER_COUNT; i += 2) {
    const key = flat[i].toLowerCase();
    const value = flat[i + 1];
    out[key] =
      isSecretName(key) || key === 'x-mock-control-token' ? maskedCredential(value) : boundText(maskText(value), HEADER_VALUE_CHARS);
  }
  return out;
}

function headerPairs(reader: HeaderReader): Iterable<readonly [string, string]> {
  if (reader.entries) return reader.entries();
  return KNOWN_HEADERS.flatMap((name): [string, string][] => {
    const value = reader.get(name);
    return value === null ? [] : [[name, value]];
  });
}

/** `Bearer [REDACTED]`: the scheme says which credential was used, the rest is the secret. */
function maskedCredential(value: string): string {
  const scheme = /^([A-Za-z][A-Za-z0-9-]{0,19})\s/.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

/**
 * A request body as the journal keeps it. `schema`, when given, marks the contract's secret fields (the
 * endpoint's body); `contentType` tells a form from JSON.
 */
export function journalRequestBody(body: string | null, contentType: string | null, schema?: z.ZodType): JournalBody {
  if (body === null || body === '') return NO_BODY;
  return kept(maskedBody(body, contentType ?? '', schema), body.length);
}

/** A request body as the request path hands it to the journal: a short text as it came, masked when read; a longer one masked now (MOCK-46). */
export type CapturedRequestBody = JournalBody | { readonly raw: string; readonly contentType: string | null; readonly schema?: z.ZodType };

export function capturedRequestBody(body: string | null, contentType: string | null, schema?: z.ZodType): CapturedRequestBody {
  // Held whole until read, a long body would keep every upload the ring remembers.
  if (body === null || body.length > JOURNAL_BODY_CHARS) return journalRequestBody(body, contentType, schema);
  return { raw: body, contentType, schema };
}

export const maskedRequestBody = (body: CapturedRequestBody): JournalBody =>
  'raw' in body ? journalRequestBody(body.raw, body.contentType, body.schema) : body;

/**
 * An answer's body as the journal reads it back (MOCK-46): the characters the mask reads, as UTF-8 bytes
 * outside the JavaScript heap (journal-ring.ts), decoded and masked when read. A binary body is kept as its size.
 */
export type CapturedResponseBody = JournalBody | { readonly head: Uint8Array; readonly size: number };

/** What the journal keeps of an answer's body on the request path: its size, and the head its bytes hold (null for none). */
export function capturedResponseBody(body: string | Uint8Array): { body: JournalBody | { readonly size: number }; head: string | null } {
  if (body === '') return { body: NO_BODY, head: null };
  if (typeof body !== 'string') return { body: { text: null, size: body.byteLength, truncated: false }, head: null };
  return { body: { size: body.length }, head: body.length > JOURNAL_BODY_CHARS + 1 ? body.slice(0, JOURNAL_BODY_CHARS + 1) : body };
}

/**
 * An answer's body as an entry shows it: cut, then masked as text. The mock's answers show no stored secret
 * (MOCK-23); the one an answer hands out once (a webhook secret, a token) is secret-shaped or named, which the text mask finds.
 */
export const maskedResponseBody = (body: CapturedResponseBody): JournalBody =>
  'head' in body ? kept(maskedText(decoder.decode(body.head)), body.size) : body;

const NO_BODY: JournalBody = Object.freeze({ text: null, size: 0, truncated: false });

function kept(masked: string, size: number): JournalBody {
  const truncated = masked.length > JOURNAL_BODY_CHARS;
  // A cut body is copied: a slice would hold the whole body in memory.
  return { text: truncated ? copyOf(boundText(masked, JOURNAL_BODY_CHARS)) : masked, size, truncated };
}

function maskedBody(body: string, contentType: string, schema: z.ZodType | undefined): string {
  if (body.length <= PARSED_BODY_CHARS) {
    if (contentType.includes('application/x-www-form-urlencoded')) return maskedForm(body);
    const parsed = parsedJson(body);
    if (parsed !== undefined) return JSON.stringify(maskSecrets(parsed, schema));
  }
  return maskedText(body);
}

/** The body's first characters, masked as text (a credential's shape, a secret-named field, a bank account field). */
function maskedText(body: string): string {
  const head = body.slice(0, JOURNAL_BODY_CHARS + 1);
  // An email's `@` alone makes maskText run every pattern; only a URL's userinfo needs them.
  const masked = MAY_HOLD_SECRET.test(head) ? maskText(head) : head;
  return MAY_HOLD_BANK_FIELD.test(masked) ? masked.replace(BANK_FIELD_TEXT, `$1${REDACTED}`) : masked;
}

const MAY_HOLD_BANK_FIELD = /bank|iban|accountNumber/i;

/** What mask.ts's maskText may change, with its `@` narrowed to a URL's userinfo: the cheap test before it (MOCK-23). */
const MAY_HOLD_SECRET =
  /:\/\/[^\s/?#@"'<>]+@|svc_|[sr]k_(?:live|test)|\b(?:acs_cs|c[ks]|shp[a-z]{2}|whsec)_|bearer|secret|passw|token|api[-_]?key|verifier/i;

/** A form's fields with each secret one masked by its name (`client_secret`, `password`, `code_verifier`). */
function maskedForm(body: string): string {
  const form = new URLSearchParams(body);
  for (const [name, value] of [...form]) {
    if (isSecretName(name) || name === 'code') form.set(name, REDACTED);
    else form.set(name, maskText(value));
  }
  return form.toString();
}

/** The JSON value of an object or array body, shallow enough for the mask to walk whole; else undefined (masked as text). */
function parsedJson(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  const json = readJson(text, MASKED_JSON_DEPTH);
  return json.ok ? json.value : undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const copyOf = (text: string): string => decoder.decode(encoder.encode(text));
