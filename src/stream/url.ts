// Kept apart from ./socket.ts: `acs.stream()` needs the address at once, the socket helpers only at connect.

/** `https://host/v1` -> `wss://host/v1/stream`: the business base with a WebSocket scheme and the stream's path. */
export function streamUrlOf(baseUrl: string, path: string): string {
  const url = new URL(baseUrl);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  url.pathname = `${url.pathname.replace(/\/$/, '')}${path}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}
