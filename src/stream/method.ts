import { ConfigurationError } from '../core/errors.js';
import type { CanonicalChannel, StreamChannel, StreamKind } from '../contract/platform/stream-channels.js';
import { streamUrlOf } from './url.js';
import { AcsStream } from './stream.js';
import type { StreamChannelName, StreamOptions, WebSocketEndpoint } from './types.js';

/** What a client's stream method reads from the client: its base, company and credential. */
export interface StreamCore {
  readonly baseUrl: string;
  readonly companyId: string | undefined;
  /** The bearer credential (API key or access token), asked before every connection; undefined: none configured. */
  readonly token: (() => string | undefined | Promise<string | undefined>) | undefined;
}

/** `acs.stream(...)` / `acs.reportStream(...)`: opens an `AcsStream`, carrying its contract declaration as `endpoint`. */
export interface StreamMethod<K extends StreamKind = StreamKind> {
  <const N extends StreamChannelName<K>>(options: StreamOptions<K, N>): AcsStream<CanonicalChannel<N> & StreamChannel>;
  readonly endpoint: WebSocketEndpoint<K>;
}

/** Derives a client's stream method from the WebSocket declaration, as `defineMethod` does for HTTP endpoints. */
export function defineStreamMethod<K extends StreamKind>(core: StreamCore, endpoint: WebSocketEndpoint<K>): StreamMethod<K> {
  const method = (options: StreamOptions<K, StreamChannelName<K>>) => {
    const token = core.token;
    if (!token) {
      throw new ConfigurationError(
        `${endpoint.id} needs credentials: pass apiKey, accessToken or getAccessToken to AcsClient, or set ACS_API_KEY`,
      );
    }
    if (!core.companyId) {
      throw new ConfigurationError(`${endpoint.id} needs a company: pass companyId to AcsClient (or use withCompany())`);
    }
    return new AcsStream({
      ...options,
      url: streamUrlOf(core.baseUrl, endpoint.path),
      token,
      companyId: core.companyId,
      kind: endpoint.kind,
      channels: options.channels,
      filters: options.filters as Record<string, unknown> | undefined,
      endpoint,
    });
  };
  return Object.assign(method, { endpoint }) as StreamMethod<K>;
}
