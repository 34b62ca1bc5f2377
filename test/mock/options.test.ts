import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { globToRegExp } from '../../mock-server/kernel/faults.js';
import { toValidationIssues } from '../../mock-server/kernel/validation.js';
import { parseRateLimit, rateLimitConfig, SPEC_RATE_LIMIT } from '../../mock-server/kernel/rate-limit.js';

describe('rate limit options', () => {
  it('reads the CLI forms spec, off and perHour/perSecond', () => {
    expect(parseRateLimit('spec')).toBe('spec');
    expect(parseRateLimit('off')).toBe('off');
    expect(parseRateLimit('100/5')).toEqual({ perHour: 100, perSecond: 5 });
    expect(() => parseRateLimit('fast')).toThrow(TypeError);
    expect(() => parseRateLimit('0/5')).toThrow(TypeError);
  });

  it("enforces only 'spec' and custom numbers; the default counts against the spec's numbers", () => {
    expect(rateLimitConfig(undefined)).toEqual({ ...SPEC_RATE_LIMIT, enforce: false });
    expect(rateLimitConfig('spec')).toEqual({ perHour: 1000, perSecond: 10, enforce: true });
    expect(rateLimitConfig({ perHour: 5, perSecond: 2 })).toEqual({ perHour: 5, perSecond: 2, enforce: true });
  });
});

describe('fault path globs', () => {
  it('matches one segment with * and any depth with **', () => {
    expect(globToRegExp('/v1/accounts/*').test('/v1/accounts/acc_1')).toBe(true);
    expect(globToRegExp('/v1/accounts/*').test('/v1/accounts/acc_1/ledger')).toBe(false);
    expect(globToRegExp('/v1/**').test('/v1/accounts/acc_1/ledger')).toBe(true);
    expect(globToRegExp('/v1/journal-entries').test('/v1/journal-entries/')).toBe(true);
    expect(globToRegExp('/v1/a.b').test('/v1/axb')).toBe(false);
  });
});

describe('zod issues as spec validation items', () => {
  const issues = (schema: z.ZodType, input: unknown) => toValidationIssues(schema.safeParse(input).error!.issues, input, 'body');

  it('reports a missing body as one REQUIRED_FIELD on body', () => {
    expect(issues(z.object({ a: z.string() }), undefined)).toEqual([
      { field: 'body', code: 'REQUIRED_FIELD', message: 'body is required' },
    ]);
  });

  it('gives MAX_VALUE with the limit and INVALID_FORMAT with the expected type', () => {
    expect(issues(z.object({ n: z.number().max(5) }), { n: 9 })).toEqual([
      { field: 'n', code: 'MAX_VALUE', message: expect.any(String), value: 9, constraint: { max: 5, inclusive: true, of: 'number' } },
    ]);
    expect(issues(z.object({ n: z.number() }), { n: 'nine' })[0]).toMatchObject({
      field: 'n',
      code: 'INVALID_FORMAT',
      value: 'nine',
      constraint: { type: 'number' },
    });
  });

  it('keeps only REQUIRED_FIELD for a field reported twice', () => {
    const schema = z.object({
      code: z
        .string()
        .min(1)
        .regex(/^[A-Z]+$/),
    });
    expect(issues(schema, { code: '' })).toEqual([{ field: 'code', code: 'REQUIRED_FIELD', message: 'code is required', value: '' }]);
  });

  it('falls back to INVALID_FORMAT for a refinement naming an unknown code', () => {
    const schema = z.object({ x: z.string().refine(() => false, { message: 'nope', params: { code: 'MADE_UP' } }) });
    expect(issues(schema, { x: 'a' })[0]).toMatchObject({ field: 'x', code: 'INVALID_FORMAT', message: 'nope' });
  });
});
