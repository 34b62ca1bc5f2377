import type { IncomingMessage, ServerResponse } from 'node:http';
import { rawHeaderReader, splitTarget, type HeaderReader, type MockRequest, type MockResponse } from '../kernel/request.js';

/** A request's headers read from what node:http parsed, without building `req.headers`. */
export const nodeHeaders = (req: IncomingMessage): HeaderReader => rawHeaderReader(req.rawHeaders);

/**
 * node:http IncomingMessage -> the router's request, without WHATWG objects. A body over `maxBytes`
 * is drained, not buffered, and flagged so the router answers 413.
 */
export function fromNodeRequest(
  req: IncomingMessage,
  maxBytes: number,
  headers: HeaderReader = nodeHeaders(req),
): MockRequest | Promise<MockRequest> {
  const { pathname, search } = splitTarget(req.url ?? '/');
  const method = req.method ?? 'GET';
  const length = headers.get('content-length');
  // Fast path: most reads carry no body, and awaiting nothing keeps them synchronous.
  if (length === null && headers.get('transfer-encoding') === null) {
    return { method, pathname, search, headers, bodyText: null };
  }
  const declared = Number(length);
  return new Promise<MockRequest>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > maxBytes;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      resolve({
        method,
        pathname,
        search,
        headers,
        bodyText: tooLarge ? null : Buffer.concat(chunks).toString('utf8'),
        bodyTooLarge: tooLarge,
      });
    });
    req.on('error', reject);
  });
}

/** The router's response -> ServerResponse; a network-error fault drops the connection. */
export function writeNodeResponse(res: ServerResponse, response: MockResponse): void {
  if (response.networkError) {
    res.socket?.destroy();
    res.destroy();
    return;
  }
  if (response.body === '') {
    res.writeHead(response.status, response.headers);
    res.end();
    return;
  }
  // Its length spares chunked encoding; a text is encoded once, by the socket (a Buffer of it here costs a large list a third more).
  const body = response.body;
  response.headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(response.status, response.headers);
  res.end(body);
}
