import { STREAM_PATHS, type StreamKind } from '../../src/contract/platform/stream-channels.js';

/** The WebSocket address of each stream under the business base: `https://h/v1` -> `wss://h/v1/stream`, and `/api/v1` beside it. */
export function streamUrls(businessBase: string): { kind: StreamKind; url: string }[] {
  const base = new URL(businessBase);
  const origin = `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}`;
  const root = base.pathname.replace(/\/$/, '').replace(/\/(api\/)?v1$/, '');
  return (Object.keys(STREAM_PATHS) as StreamKind[]).flatMap((kind) =>
    ['/v1', '/api/v1'].map((prefix) => ({ kind, url: `${origin}${root}${prefix}${STREAM_PATHS[kind].path}` })),
  );
}
