import {
  bitString,
  boolean,
  explicit,
  integer,
  nullValue,
  objectIdentifier,
  octetString,
  printableString,
  sequence,
  set,
  time,
  utf8String,
} from './der.js';

// The sandbox's signing certificate (spec document 3, `digitalSignature`; EINV-30): a self-signed
// X.509 v3 certificate made with Web Crypto only, so that the mock runs the same in Node and a browser.

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const ALGORITHM = sequence(objectIdentifier(SHA256_WITH_RSA), nullValue());
const YEAR_MS = 365 * 86_400_000;

/** Who the certificate names, as subject and issuer: it says it is a test certificate. */
export const SANDBOX_SUBJECT = [
  ['2.5.4.6', 'MY'],
  ['2.5.4.10', 'ACS Sandbox'],
  ['2.5.4.11', 'Not a tax authority certificate'],
  ['2.5.4.3', 'ACS Sandbox E-Invoice Signing (TEST ONLY)'],
] as const;

/** A distinguished name: one attribute per RDN; the country as PrintableString (RFC 5280 Appendix A). */
const nameOf = (attributes: readonly (readonly [string, string])[]): Uint8Array =>
  sequence(
    ...attributes.map(([oid, value]) =>
      set(sequence(objectIdentifier(oid), oid === '2.5.4.6' ? printableString(value) : utf8String(value))),
    ),
  );

/** basicConstraints (not a CA) and keyUsage (digitalSignature, nonRepudiation), both critical. */
const EXTENSIONS = explicit(
  3,
  sequence(
    sequence(objectIdentifier('2.5.29.19'), boolean(true), octetString(sequence())),
    sequence(objectIdentifier('2.5.29.15'), boolean(true), octetString(bitString(Uint8Array.of(0xc0), 6))),
  ),
);

export interface SandboxCertificate {
  /** The certificate in PEM (RFC 7468). */
  pem: string;
  /** Its DER bytes. */
  der: Uint8Array;
}

// RSA key generation takes 30-80 ms: one key pair per process (lazily), one certificate per service.
let keyPair: Promise<{ keys: CryptoKeyPair; spki: Uint8Array }> | undefined;

const sandboxKeys = () =>
  (keyPair ??= (async () => {
    const keys = await globalThis.crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: Uint8Array.of(1, 0, 1), hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return { keys, spki: new Uint8Array(await globalThis.crypto.subtle.exportKey('spki', keys.publicKey)) };
  })());

/** A self-signed certificate of the sandbox key, valid from a day before `nowMs` for ten years. */
export async function createSandboxCertificate(nowMs: number): Promise<SandboxCertificate> {
  const { keys, spki } = await sandboxKeys();
  // A random positive serial of 16 bytes (RFC 5280 §4.1.2.2: unique per issuer, at most 20 octets).
  const serial = globalThis.crypto.getRandomValues(new Uint8Array(16));
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const name = nameOf(SANDBOX_SUBJECT);
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    ALGORITHM,
    name,
    sequence(time(new Date(nowMs - 86_400_000)), time(new Date(nowMs + 10 * YEAR_MS))),
    name,
    spki,
    EXTENSIONS,
  );
  const signature = new Uint8Array(await globalThis.crypto.subtle.sign('RSASSA-PKCS1-v1_5', keys.privateKey, tbs));
  const der = sequence(tbs, ALGORITHM, bitString(signature));
  return { pem: pemOf(der), der };
}

/** `-----BEGIN CERTIFICATE-----`, base64 in lines of 64, `-----END CERTIFICATE-----`. */
function pemOf(der: Uint8Array): string {
  let binary = '';
  for (const byte of der) binary += String.fromCharCode(byte);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----', ''].join('\n');
}
