import { ServiceError } from './errors.js';

/**
 * A `multipart/form-data` body (RFC 7578) as an object of strings: each part's text by its name (a
 * file's content as UTF-8 text; the CSV import reads text only). A name given twice becomes an array,
 * so a schema expecting one string refuses it. A malformed form is 400 INVALID_REQUEST.
 */
export function parseMultipart(text: string, contentType: string): Record<string, string | string[]> {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = `--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  if (!boundary) throw malformed('the Content-Type names no boundary');
  const start = text.indexOf(delimiter);
  if (start < 0) throw malformed('no part starts with the boundary');
  const out: Record<string, string | string[]> = {};
  let at = start + delimiter.length;
  for (;;) {
    if (text.startsWith('--', at)) return out;
    if (!text.startsWith('\r\n', at)) throw malformed('a boundary line does not end with CRLF');
    const next = text.indexOf(`\r\n${delimiter}`, at + 2);
    if (next < 0) throw malformed('the form does not end with its closing boundary');
    const [name, value] = readPart(text.slice(at + 2, next));
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    at = next + 2 + delimiter.length;
  }
}

/** One part: its headers (RFC 7578 §4.2: Content-Disposition names it), a blank line, its content. */
function readPart(part: string): [string, string] {
  const split = part.indexOf('\r\n\r\n');
  if (split < 0) throw malformed('a part has no blank line after its headers');
  const headers = part.slice(0, split);
  const disposition = /^content-disposition:\s*form-data\s*;([^\r\n]*)$/im.exec(headers)?.[1] ?? '';
  const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw malformed('a part has no Content-Disposition: form-data; name="..."');
  return [name, part.slice(split + 4)];
}

const malformed = (message: string) =>
  new ServiceError('INVALID_REQUEST', `The request body is not a valid multipart form: ${message}`, [
    { field: 'body', message, code: 'INVALID_FORMAT' },
  ]);
