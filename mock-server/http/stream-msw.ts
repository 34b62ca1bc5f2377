import { ws, type WebSocketHandler } from 'msw';
import { STREAM_PATHS, type StreamKind } from '../../src/contract/platform/stream-channels.js';
import type { StreamHub } from '../events/stream.js';
import type { StreamTransport } from '../events/stream-session.js';

/** The WebSocket address of each stream under the business base: `https://h/v1` -> `wss://h/v1/stream`, and `/api/v1` beside it. */
export function streamUrls(businessBase: string): { kind: StreamKind; url: string }[] {
  const base = new URL(businessBase);
  const origin = `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}`;
  const root = base.pathname.replace(/\/$/, '').replace(/\/(api\/)?v1$/, '');
  return (Object.keys(STREAM_PATHS) as StreamKind[]).flatMap((kind) =>
    ['/v1', '/api/v1'].map((prefix) => ({ kind, url: `${origin}${root}${prefix}${STREAM_PATHS[kind].path}` })),
  );
}

/**
 * msw `ws.link` handlers serving both streams in-process, so `setupServer(...mock.handlers)` (or the
 * browser worker) answers a client's `new WebSocket('wss://<sandbox>/v1/stream')`.
 */
export function createStreamHandlers(hub: StreamHub, businessBase: string): WebSocketHandler[] {
  return streamUrls(businessBase).map(({ kind, url }) =>
    ws.link(url).addEventListener('connection', ({ client }) => {
      const transport: StreamTransport = {
        send: (text) => client.send(text),
        // msw dispatches sent messages in microtasks and drops those still queued when the socket
        // closes, so the close waits its turn: what was sent before it arrives before it.
        close: (code, reason) => queueMicrotask(() => client.close(code, reason)),
        terminate: () => queueMicrotask(() => client.close(1006, 'connection lost')),
      };
      const session = hub.open(kind, transport);
      client.addEventListener('message', (event) => {
        if (typeof event.data === 'string') session.receive(event.data);
        else session.receiveBinary();
      });
      client.addEventListener('close', () => session.ended());
    }),
  );
}
