import type { HeaderReader } from './request.js';

/** Client credentials sent with HTTP Basic. */
export interface BasicCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * `Authorization: Basic` credentials (RFC 7617; RFC 6749 §2.3.1: id and secret are form-URL-encoded
 * before base64): null when the header is absent or another scheme, `'malformed'` when it cannot be read.
 */
export function basicCredentials(headers: HeaderReader): BasicCredentials | null | 'malformed' {
  const header = headers.get('authorization');
  if (!header || !/^Basic\b/i.test(header)) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return 'malformed';
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(match[1]), (c) => c.charCodeAt(0)));
  } catch {
    return 'malformed';
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}
