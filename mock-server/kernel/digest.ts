import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// Hashes the mock needs inside a route: synchronous, since a route runs inside one store transaction
// and Web Crypto's digest is not. One well-kept implementation (@noble/hashes) for every module.
export { sha256 };

/** The SHA-256 of a text, as 64 hex characters: for telling two texts apart where keeping them would cost memory. */
export function textDigest(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The hex HMAC-SHA256 (RFC 2104) of `message` under `key`, both as UTF-8 text. */
export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

/** Base64url without padding (RFC 4648 §5), as PKCE challenges and handed-out secrets are written. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** How the mock stores a secret it hands out (codes, tokens, report links): its hash, so no table holds a usable value. */
export const secretHash = (secret: string): string => base64url(sha256(utf8ToBytes(secret)));

/** A fresh secret of `bytes` random bytes from the CSPRNG, base64url. */
export const randomSecret = (bytes = 32): string => base64url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
