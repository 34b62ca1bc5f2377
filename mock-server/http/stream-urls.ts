import { STREAM_PATHS, type StreamKind } from '../../src/contract/platform/stream-channels.js';
import { businessPrefixes } from '../kernel/match.js';

/** The WebSocket address of each stream under the business base: `https://h/v1` -> `wss://h/v1/stream`, and `/api/v1` beside it. */
export function streamUrls(businessBase: string): { kind: StreamKind; url: string }[] {
  const base = new URL(businessBase);
  const origin = `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}`;
  return (Object.keys(STREAM_PATHS) as StreamKind[]).flatMap((kind) =>
    businessPrefixes(base).map((prefix) => ({ kind, url: `${origin}${prefix}${STREAM_PATHS[kind].path}` })),
  );
}
