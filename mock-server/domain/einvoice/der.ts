// A small DER encoder (ITU-T X.690) for the sandbox signing certificate (RFC 5280): only the types the
// certificate uses, so that the mock needs no X.509 library (EINV-30, `digitalSignature`).

/** DER bytes, over a plain ArrayBuffer (what Web Crypto takes). */
export type Der = Uint8Array<ArrayBuffer>;

const concat = (parts: readonly Uint8Array[]): Der => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** The length octets: short form below 128, else long form (X.690 §8.1.3). */
function lengthOf(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

/** One tag-length-value. */
export const tlv = (tag: number, content: Uint8Array): Der => concat([Uint8Array.of(tag), lengthOf(content.length), content]);

export const sequence = (...items: Uint8Array[]): Der => tlv(0x30, concat(items));
export const set = (...items: Uint8Array[]): Der => tlv(0x31, concat(items));
export const nullValue = (): Der => Uint8Array.of(0x05, 0x00);
export const boolean = (value: boolean): Der => Uint8Array.of(0x01, 0x01, value ? 0xff : 0x00);
export const octetString = (bytes: Uint8Array): Der => tlv(0x04, bytes);
export const utf8String = (text: string): Der => tlv(0x0c, new TextEncoder().encode(text));
export const printableString = (text: string): Der => tlv(0x13, new TextEncoder().encode(text));

/** A context-specific, constructed, explicit tag `[n]` around `content`. */
export const explicit = (n: number, content: Uint8Array): Der => tlv(0xa0 | n, content);

/** BIT STRING with `unusedBits` unused in its last octet. */
export const bitString = (bytes: Uint8Array, unusedBits = 0): Der => tlv(0x03, concat([Uint8Array.of(unusedBits), bytes]));

/** INTEGER from a small non-negative number or big-endian unsigned bytes: minimal, positive (X.690 §8.3). */
export function integer(value: number | Uint8Array): Der {
  let bytes = typeof value === 'number' ? unsignedBytes(value) : value;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  return tlv(0x02, bytes[0]! & 0x80 ? concat([Uint8Array.of(0), bytes]) : bytes);
}

function unsignedBytes(value: number): Uint8Array {
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.from(bytes.length ? bytes : [0]);
}

/** OBJECT IDENTIFIER from dotted text: first two arcs in one octet, then base 128 (X.690 §8.19). */
export function objectIdentifier(dotted: string): Der {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const octets: number[] = [];
  for (const arc of [first! * 40 + second!, ...rest]) {
    const group: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) group.unshift(0x80 | (n & 0x7f));
    octets.push(...group);
  }
  return tlv(0x06, Uint8Array.from(octets));
}

/** A certificate validity time: UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5). */
export function time(at: Date): Der {
  const iso = at.toISOString();
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '');
  const year = at.getUTCFullYear();
  if (year >= 1950 && year < 2050) return tlv(0x17, new TextEncoder().encode(`${digits.slice(2)}Z`));
  return tlv(0x18, new TextEncoder().encode(`${digits}Z`));
}
