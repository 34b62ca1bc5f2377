import type { WebSocketHandler } from 'msw';
import type { StreamHub } from '../events/stream.js';
import type { StreamTransport } from '../events/stream-session.js';
import { mswRuntime } from './msw.js';
import { streamUrls } from './stream-urls.js';

export { streamUrls } from './stream-urls.js';

/**
 * msw `ws.link` handlers serving both streams in-process, so `setupServer(...mock.handlers)` (or the
 * browser worker) answers a client's `new WebSocket('wss://<sandbox>/v1/stream')`.
 */
export function createStreamHandlers(hub: StreamHub, businessBase: string): WebSocketHandler[] {
  const { ws } = mswRuntime('mock.streamHandlers');
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
