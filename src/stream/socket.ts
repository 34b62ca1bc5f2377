/**
 * The part of a WebSocket the stream uses. The browser's, Node 22+'s, Deno's and the `ws` package's
 * sockets all have it.
 */
export interface WebSocketLike {
  readonly readyState: number;
  /** Sends one text frame. */
  send(data: string): void;
  /** Starts the closing handshake. */
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** A WebSocket class: the global `WebSocket`, the `ws` package's, or any with the same constructor. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** `readyState` of an open socket (the same in every implementation). */
export const OPEN = 1;

/**
 * The WebSocket to connect with: the one given, else the runtime's global (looked up at connect
 * time, so msw's interception in tests and the browser's own socket are used), else isomorphic-ws,
 * loaded only then (a Node without a global WebSocket gets the `ws` package).
 */
export async function resolveWebSocket(given: WebSocketConstructor | undefined): Promise<WebSocketConstructor> {
  if (given) return given;
  const global = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (typeof global === 'function') return global as WebSocketConstructor;
  const loaded: { default?: unknown } = await import('isomorphic-ws');
  return (loaded.default ?? loaded) as WebSocketConstructor;
}

/** A message's text: strings as they are, bytes decoded as UTF-8 (the `ws` package may hand over a Buffer). */
export function messageText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return null;
}
