import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { secret } from '../../../src/contract/index.js';
import { redactString } from '../../../src/internal/redact.js';
import { maskPath, maskSecrets, maskText } from '../../../mock-server/kernel/mask.js';

// ARCHITECTURE.md "an error never echoes a secret", spec document 1, API key rule 4, MOCK-23: the mock's one mask
// (mock-server/kernel/mask.ts).

const KEY = `svc_test_sk_${'a1B2'.repeat(8)}`;

describe('the mock masks secrets with one function', () => {
  it('masks secret-shaped text as the SDK redaction does, whatever its quick test lets through, and credentials by their prefix', () => {
    const texts = [
      KEY,
      `Bearer ${'t'.repeat(30)}`,
      'token=abc',
      '{"apiKey":"abc"}',
      'https://ann:pw@example.com/x',
      'code_verifier=abc',
      'PASSWORD: hunter2',
      'Desk_chair',
      'stock_level',
      'ok',
      'Kedai Satu',
      '',
    ];
    for (const text of texts) expect(maskText(text), text).toBe(redactString(text));
    const credentials = [
      'shpat_0123456789abcdef',
      'sk_live_0123456789',
      'rk_test_0123456789',
      'whsec_0123456789abcdef',
      'ck_0123456789',
      'cs_0123456789',
    ];
    for (const text of credentials)
      expect(maskText(`sent ${text}.`), text).toBe(`sent ${text.slice(0, text.lastIndexOf('_', 8) + 1)}[REDACTED].`);
    expect(maskText('client acs_cs_0123456789')).toBe('client acs_cs_[REDACTED]');
  });

  it('masks a bank account number to its last four, other secret-named fields to [REDACTED], at any depth', () => {
    const row = {
      name: 'Kilang',
      bankDetails: { accountNumber: '5140-1234-5678', bankName: 'RHB' },
      bank: { bankAccountNumber: '5140 1234 9999', iban: 'MY12RHB0001' },
      portal: [{ password: 'hunter22' }],
      ledger: { accountNumber: '1010' },
    };
    expect(maskSecrets(row)).toEqual({
      name: 'Kilang',
      bankDetails: { accountNumber: '****5678', bankName: 'RHB' },
      bank: { bankAccountNumber: '****9999', iban: '****0001' },
      portal: [{ password: '[REDACTED]' }],
      ledger: { accountNumber: '1010' },
    });
  });

  it('masks what the contract marks secret whatever its name, and returns the same object when nothing is secret', () => {
    const schema = z.object({ pin: secret(z.string()), keys: secret(z.record(z.string(), z.string())).optional(), note: z.string() });
    expect(maskSecrets({ pin: '1234', keys: { primary: 'abc' }, note: 'hello' }, schema)).toEqual({
      pin: '[REDACTED]',
      keys: { primary: '[REDACTED]' },
      note: 'hello',
    });
    const plain = { note: 'hello', items: [{ qty: 1 }] };
    expect(maskSecrets(plain, schema)).toBe(plain);
  });

  it('masks a path as its segments masked one by one would be, whether or not the path looks plain', () => {
    // The reference: each segment masked, or [REDACTED] when its decoded text holds a secret.
    const bySegment = (path: string) =>
      path
        .split('/')
        .map((segment) => {
          if (maskText(segment) !== segment) return maskText(segment);
          let decoded = segment;
          try {
            decoded = decodeURIComponent(segment);
          } catch {}
          return decoded !== segment && maskText(decoded) !== decoded ? '[REDACTED]' : segment;
        })
        .join('/');
    const segment = fc.oneof(
      fc.constantFrom('v1', 'accounts', 'inv_123', KEY, KEY.replace(/_/g, '%5F'), 'whsec_abcdef123456', 'a@b.co', '%E0%A4%A', 'token'),
      fc.string({ maxLength: 12 }).filter((text) => !text.includes('?')),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(maskPath(path)).toBe(bySegment(path));
      }),
    );
  });

  it('masks a key in a logged path, also behind percent-encoding, and drops the query', () => {
    expect(maskPath(`/v1/accounts/${KEY}?token=abc`)).toBe('/v1/accounts/svc_test_sk_[REDACTED]');
    expect(maskPath(`/v1/accounts/${KEY.replace(/_/g, '%5F')}`)).toBe('/v1/accounts/[REDACTED]');
    expect(maskPath('/v1/accounts/acc_123')).toBe('/v1/accounts/acc_123');
  });
});
