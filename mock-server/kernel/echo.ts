/**
 * What an error may echo of a request (ARCHITECTURE.md: "an error never echoes a secret or a huge value"; MOCK-5).
 * A detail's `value` longer than MAX_ECHO_LENGTH characters comes back as its first characters and an
 * ellipsis, flagged `valueTruncated: true`; an object or array is shown as the start of its JSON text.
 * Nothing here walks more of a value than it writes, so a huge or deep input costs no more than a small one.
 */

import { maskSecrets, maskSecretValue, maskText, secretKindOf, secretKindOfField } from './mask.js';

/** Longest echoed value, in characters (a string's, or an object's JSON text). */
export const MAX_ECHO_LENGTH = 200;
/** Longest error message; messages name values, and are cut like them. */
export const MAX_MESSAGE_LENGTH = 1000;
/** Nesting a preview descends into before it writes `…`. */
const PREVIEW_DEPTH = 16;
const ELLIPSIS = '…';

/**
 * A message as an error may carry it: API keys, bearer tokens, credentials and `secret=` values masked
 * (mask.ts, the SDK's own redaction), every run of more than MAX_ECHO_LENGTH characters without a
 * space cut, and the whole at MAX_MESSAGE_LENGTH.
 */
export function boundMessage(text: string): string {
  const short = text.length > 4 * MAX_MESSAGE_LENGTH ? text.slice(0, 4 * MAX_MESSAGE_LENGTH) : text;
  const masked = maskText(short).replace(LONG_RUN, (run) => boundText(run));
  return boundText(masked, MAX_MESSAGE_LENGTH);
}

const LONG_RUN = new RegExp(`\\S{${MAX_ECHO_LENGTH + 1},}`, 'g');

/** `text`, or its first `max` characters and `…` (never splitting a surrogate pair). */
export function boundText(text: string, max = MAX_ECHO_LENGTH): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end) + ELLIPSIS;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * A value as an error may echo it: as it is when short, else cut and flagged; secrets masked (mask.ts)
 * either way. `name`: the field the value is of (its `accountNumber` is a bank account's in `bankDetails`).
 */
export function boundValue(value: unknown, name = ''): { value: unknown; valueTruncated?: true } {
  if (typeof value === 'string') {
    const masked = maskText(value);
    if (masked !== value) return { value: boundText(masked) };
    return value.length <= MAX_ECHO_LENGTH ? { value } : { value: boundText(value), valueTruncated: true };
  }
  if (value === null || typeof value !== 'object') return { value };
  const preview = jsonPreview(value, MAX_ECHO_LENGTH, name);
  // A complete preview is a small value: masked field by field, it stays an object.
  if (preview.complete)
    return { value: preview.masked || maskText(preview.text) !== preview.text ? maskSecrets(value, undefined, name) : value };
  const masked = maskText(preview.text);
  return masked !== preview.text ? { value: boundText(masked) } : { value: boundText(preview.text), valueTruncated: true };
}

/** Details with every echoed value bounded: `value` as {@link boundValue} says, other texts cut. */
export function boundDetails<D extends unknown[] | Record<string, unknown>>(details: D): D {
  if (!Array.isArray(details)) return boundDetail(details) as D;
  return details.map((item) => (isRecord(item) ? boundDetail(item) : typeof item === 'string' ? boundText(maskText(item)) : item)) as D;
}

function boundDetail(detail: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // The value of a field named like a secret (`apiKey`, `bankDetails.accountNumber`) is masked whoever built the detail.
  const kind = typeof detail.field === 'string' ? secretKindOfField(detail.field) : null;
  for (const key of Object.keys(detail)) {
    const field = detail[key];
    if (key === 'value') {
      const bounded = boundValue(
        kind ? maskSecretValue(field, kind) : field,
        typeof detail.field === 'string' ? detail.field.split('.').at(-1) : '',
      );
      out.value = bounded.value;
      if (bounded.valueTruncated) out.valueTruncated = true;
    } else if (typeof field === 'string') {
      out[key] = key === 'message' ? boundMessage(field) : boundText(maskText(field));
    } else {
      // A constraint may name what was sent (`{ min: dateFrom }`): bounded and masked like a value.
      out[key] = field !== null && typeof field === 'object' ? boundValue(field).value : field;
    }
  }
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The JSON text of `value` up to a little over `max` characters; `complete` when that is all of it.
 * Bounded in work by `max` and in recursion by PREVIEW_DEPTH, whatever the size or depth of `value`.
 */
function jsonPreview(value: unknown, max: number, name: string): { text: string; complete: boolean; masked: boolean } {
  const parts: string[] = [];
  let length = 0;
  let complete = true;
  let masked = false;
  const push = (text: string): boolean => {
    parts.push(text);
    length += text.length;
    if (length > max) complete = false;
    return complete;
  };
  const write = (item: unknown, depth: number, name = ''): boolean => {
    if (typeof item === 'string') return push(JSON.stringify(item.length > max ? item.slice(0, max + 1) : item));
    if (item === null || typeof item !== 'object') return push(JSON.stringify(item) ?? 'null');
    if (depth >= PREVIEW_DEPTH) {
      complete = false;
      return push(ELLIPSIS);
    }
    if (Array.isArray(item)) {
      if (!push('[')) return false;
      for (let i = 0; i < item.length; i++) {
        if ((i > 0 && !push(',')) || !write(item[i], depth + 1, name)) return false;
      }
      return push(']');
    }
    if (!push('{')) return false;
    let first = true;
    for (const key in item) {
      if (!Object.hasOwn(item, key)) continue;
      if ((!first && !push(',')) || !push(`${JSON.stringify(key.length > max ? key.slice(0, max + 1) : key)}:`)) return false;
      first = false;
      // A field named like a secret is written masked, so the preview never holds it.
      const kind = secretKindOf(key, name);
      const field = (item as Record<string, unknown>)[key];
      if (kind && field !== null && field !== undefined) masked = true;
      if (!write(kind ? maskSecretValue(field, kind) : field, depth + 1, key)) return false;
    }
    return push('}');
  };
  write(value, 0, name);
  return { text: parts.join(''), complete, masked };
}
