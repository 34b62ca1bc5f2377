import { base64url, sha256 } from '../../kernel/digest.js';

/** The S256 challenge of a verifier: `BASE64URL(SHA256(ASCII(code_verifier)))` (RFC 7636 §4.2). */
export const s256 = (verifier: string): string => base64url(sha256(new TextEncoder().encode(verifier)));
