import { ReportFile } from '../core/report-file.js';

/** Whether the answer is JSON (an envelope) rather than a file, by its media type. */
export const isJsonAnswer = (response: Response): boolean => /\bjson\b/i.test(response.headers.get('content-type') ?? 'application/json');

/**
 * The file of a non-JSON answer, named by `Content-Disposition` (RFC 6266, the UTF-8 form of RFC 8187 first);
 * `bytes` is its body as ky read it (within the call's timeout, decision SDK-13).
 */
export async function readFile(response: Response, bytes: Promise<ArrayBuffer>): Promise<ReportFile> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  let filename = /filename="([^"]*)"/i.exec(disposition)?.[1] ?? 'report';
  if (extended) {
    try {
      filename = decodeURIComponent(extended);
    } catch {
      // A malformed extended name: keep the ASCII one.
    }
  }
  return new ReportFile(filename, response.headers.get('content-type') ?? 'application/octet-stream', await bytes);
}
