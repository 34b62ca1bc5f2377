/**
 * A route's answer that the router sends as it is, without the success envelope: for the OAuth token
 * endpoint (RFC 6749 bodies) and the data-management API, whose envelopes differ (spec document 3).
 */
export class RawResponse {
  constructor(
    readonly body: unknown,
    readonly status: number = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const respondRaw = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new RawResponse(body, init.status, init.headers);

/** A 302 to `location`, no body (the OAuth authorize step's answer to the client). */
export const redirect = (location: string) => new RawResponse(undefined, 302, { Location: location });

/** A file the service answers with (a report as CSV, PDF or Excel): `render` runs after the transaction, since PDF and workbook writers are asynchronous. */
export interface ServedFile {
  filename: string;
  contentType: string;
  render(): Promise<Uint8Array> | Uint8Array;
}

/** A route's answer that is a file, not the success envelope (spec document 3, "Reports": `format` other than json). */
export class FileResponse {
  constructor(
    readonly file: ServedFile,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** `data` in the success envelope plus response headers of the route's own (a report's `X-Report-Cache`), and a status other than the endpoint's (a batch accepted as a job: 202). */
export class DataWithHeaders {
  constructor(
    readonly data: unknown,
    readonly headers: Record<string, string>,
    readonly status?: number,
  ) {}
}

/** `Content-Disposition` of a download, with an RFC 6266 ASCII fallback and the UTF-8 name (RFC 8187). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
