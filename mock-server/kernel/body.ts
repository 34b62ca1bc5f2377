import type { AnyEndpoint } from '../../src/contract/index.js';
import { ServiceError } from './errors.js';
import { parseForm } from './form.js';
import { MAX_JSON_DEPTH, readJson } from './json.js';
import { parseMultipart } from './multipart.js';
import type { MockRequest } from './request.js';

/** Largest request body accepted (413 PAYLOAD_TOO_LARGE above it); the spec gives no number. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Largest multipart upload (a CSV import of 50,000 customers is about 3 MB); the spec gives no number. */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

/** The request body as read: `sent` is false for none at all. */
export interface Body {
  sent: boolean;
  raw: unknown;
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;

/**
 * Size, media type and syntax of a request body: JSON nested at most MAX_JSON_DEPTH levels (refused
 * before it is parsed), or the form an endpoint takes. Refusals are the spec's 413, 415 and 400.
 */
export function readBody(req: MockRequest, endpoint: AnyEndpoint): Body {
  const type = req.headers.get('content-type') ?? '';
  const multipart = MULTIPART_TYPE.test(type) && endpoint.requestContentTypes?.includes('multipart/form-data');
  const sent = checkBodySize(req, multipart ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES);
  if (!sent || !endpoint.body) return { sent, raw: undefined };
  // RFC 7578: a file upload (the CSV import); its parts become strings the body schema reads.
  if (multipart) return { sent, raw: parseMultipart(req.bodyText!, type) };
  if (FORM_TYPE.test(type) && endpoint.requestContentTypes?.includes('application/x-www-form-urlencoded')) {
    // RFC 6749 §4.1.3: the token endpoint's standard body; a repeated name becomes an array, which the schema refuses.
    return { sent, raw: parseForm(req.bodyText!) };
  }
  if (!JSON_TYPE.test(type)) {
    throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'A request body must be JSON sent with Content-Type: application/json', [
      {
        field: 'content-type',
        message: 'expected application/json',
        code: 'INVALID_FORMAT',
        value: type || null,
        constraint: 'application/json',
      },
    ]);
  }
  return { sent, raw: parseJsonBody(req.bodyText!) };
}

/** Whether a body was sent; one over `limit` bytes is 413 PAYLOAD_TOO_LARGE. */
export function checkBodySize(req: MockRequest, limit = MAX_BODY_BYTES): boolean {
  const sent = req.bodyText !== null && req.bodyText !== '';
  if (req.bodyTooLarge || (sent && byteLength(req.bodyText!, limit) > limit)) {
    throw new ServiceError('PAYLOAD_TOO_LARGE', `The request body is over ${limit} bytes`, [
      { field: 'body', message: 'body too large', code: 'MAX_VALUE', constraint: limit },
    ]);
  }
  return sent;
}

/** JSON text of a request: nested at most MAX_JSON_DEPTH levels (refused before parsing), else 400 INVALID_REQUEST. */
export function parseJsonBody(text: string): unknown {
  const json = readJson(text);
  if (json.ok) return json.value;
  if (json.reason === 'depth') {
    throw new ServiceError('INVALID_REQUEST', `The request body is refused: ${json.message}`, [
      { field: 'body', message: json.message, code: 'MAX_VALUE', constraint: { maxDepth: MAX_JSON_DEPTH } },
    ]);
  }
  throw new ServiceError('INVALID_REQUEST', `The request body is not valid JSON: ${json.message}`, [
    { field: 'body', message: json.message, code: 'INVALID_FORMAT' },
  ]);
}

const encoder = new TextEncoder();
/** The UTF-8 size of a text, in bytes (a body's `Content-Length`). */
export const utf8Length = (text: string): number => encoder.encode(text).length;

/** UTF-8 size as far as the limit cares: skips the encoding when even 3 bytes per character would fit. */
function byteLength(text: string, limit: number): number {
  return text.length * 3 <= limit ? text.length : utf8Length(text);
}
