import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../../support/sandbox.js';
import { createSandboxCertificate } from '../../../mock-server/domain/einvoice/certificate.js';
import { integer, objectIdentifier, time } from '../../../mock-server/domain/einvoice/der.js';
import { sandboxCertificate } from '../../../mock-server/domain/einvoice/index.js';
import { peppolEinvoice } from './documents-support.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// EINV-30: `digitalSignature` names its algorithm and carries a sandbox certificate made with Web Crypto.
describe('the sandbox signing certificate of an e-invoice', () => {
  it('is a self-signed X.509 v3 certificate in PEM that node:crypto parses and verifies, and says it is a test certificate', async () => {
    const { acs } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
    const { einvoice } = await peppolEinvoice(acs);
    expect(einvoice.digitalSignature).toMatchObject({ algorithm: 'RSA-SHA256', sandbox: true, timestamp: einvoice.createdAt });
    const certificate = new X509Certificate(einvoice.digitalSignature.certificate);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.subject).toMatch(/TEST ONLY/);
    expect(certificate.subject).toMatch(/Sandbox/);
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.ca).toBe(false);
    expect(certificate.publicKey.asymmetricKeyType).toBe('rsa');
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // Valid on the mock clock's day.
    expect(new Date(certificate.validFrom).getTime()).toBeLessThan(Date.parse('2026-11-02T09:00:00Z'));
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(Date.parse('2030-01-01T00:00:00Z'));
  });

  it('is one per mock service: every e-invoice of the service carries the same certificate, another service has its own', async () => {
    const { acs } = sandbox({ seed: 'demo' });
    const first = (await peppolEinvoice(acs)).einvoice;
    const second = (await peppolEinvoice(acs)).einvoice;
    expect(second.digitalSignature.certificate).toBe(first.digitalSignature.certificate);
    const other = (await peppolEinvoice(sandbox({ seed: 'demo' }).acs)).einvoice;
    expect(other.digitalSignature.certificate).not.toBe(first.digitalSignature.certificate);
  });

  it('survives mock.reset(): the service keeps its certificate', async () => {
    const { acs, mock } = sandbox({ seed: 'demo' });
    const before = (await peppolEinvoice(acs)).einvoice.digitalSignature.certificate;
    mock.reset();
    expect((await peppolEinvoice(acs)).einvoice.digitalSignature.certificate).toBe(before);
  });

  it('is made when the service is created and ready by its first answer (the request path awaits it once)', async () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    expect(() => sandboxCertificate(mock.store)).toThrow(/not ready/);
    await acs.customers.list();
    expect(sandboxCertificate(mock.store).pem).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
  });

  it('uses UTCTime through 2049 and GeneralizedTime from 2050 (RFC 5280 §4.1.2.5)', async () => {
    expect(hex(time(new Date('2026-11-02T09:00:00Z')))).toBe(hex(new Uint8Array([0x17, 13, ...Buffer.from('261102090000Z')])));
    expect(hex(time(new Date('2051-01-01T00:00:00Z')))).toBe(hex(new Uint8Array([0x18, 15, ...Buffer.from('20510101000000Z')])));
    const late = new X509Certificate(Buffer.from((await createSandboxCertificate(Date.parse('2045-06-01T00:00:00Z'))).der));
    expect(new Date(late.validTo).getUTCFullYear()).toBe(2055);
  });

  it('encodes DER integers minimally and positive, and object identifiers in base 128', () => {
    expect(hex(integer(2))).toBe('020102');
    expect(hex(integer(0))).toBe('020100');
    expect(hex(integer(Uint8Array.of(0, 0, 0x80)))).toBe('02020080');
    expect(hex(objectIdentifier('1.2.840.113549.1.1.11'))).toBe('06092a864886f70d01010b');
  });
});
