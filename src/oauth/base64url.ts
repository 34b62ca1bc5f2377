/** Base64url without padding (RFC 4648 §5), from `btoa`: present in browsers, Node, Deno and edge workers. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `bytes` random bytes from the runtime's CSPRNG (Web Crypto), base64url. */
export function randomBase64url(bytes: number): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}
