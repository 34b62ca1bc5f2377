import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The SHA-256 of a text, as 64 hex characters: synchronous (a route runs inside one store transaction,
 * and Web Crypto's digest is not), for telling two texts apart where keeping the texts would cost memory.
 */
export function textDigest(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
