import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// The company's taxable period (ACC-40): two months (SST's) unless set; the preview's default period and
// the period a filing must cover, on the demo books (fiscal year from 1 January) on 20 November 2026.
const { mock, acs } = sandbox({ seed: 'demo', now: '2026-11-20T09:00:00Z' });

beforeEach(() => {
  mock.reset();
});

describe('the tax period', () => {
  it('is two months by default: the preview covers the last whole period, then the one after the last filed', async () => {
    expect((await acs.company.retrieve()).taxPeriodMonths).toBe(2);
    expect(await acs.taxReturns.preview()).toMatchObject({ periodFrom: '2026-09-01', periodTo: '2026-10-31' });
    expect(await acs.taxReturns.preview({ periodFrom: '2026-11-01' })).toMatchObject({ periodTo: '2026-12-31' });
    await acs.taxReturns.create({ periodFrom: '2026-09-01', periodTo: '2026-10-31' });
    expect(await acs.taxReturns.preview()).toMatchObject({ periodFrom: '2026-11-01', periodTo: '2026-12-31' });
  });

  it('may be set monthly or quarterly through the company settings, and filing then needs a period of that length', async () => {
    expect(await acs.company.update({ taxPeriodMonths: 1 })).toMatchObject({ taxPeriodMonths: 1 });
    expect(await acs.taxReturns.preview()).toMatchObject({ periodFrom: '2026-10-01', periodTo: '2026-10-31' });
    const long = await failureOf(acs.taxReturns.create({ periodFrom: '2026-09-01', periodTo: '2026-10-31' }));
    expect(long).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'periodTo', code: 'DATE_CONSTRAINT', constraint: { equals: '2026-09-30' } })],
    });
    expect((await acs.taxReturns.list()).data).toEqual([]);
    expect((await acs.taxReturns.create({ periodFrom: '2026-10-01', periodTo: '2026-10-31' })).returnNumber).toBe('TR-000001');

    await acs.company.update({ taxPeriodMonths: 3 });
    expect(await acs.taxReturns.preview()).toMatchObject({ periodFrom: '2026-11-01', periodTo: '2027-01-31' });
  });

  it('refuses a length that does not divide the year, and changes nothing', async () => {
    expect(await failureOf(acs.company.update({ taxPeriodMonths: 5 as 1 }))).toBeInstanceOf(ValidationError);
    expect((await acs.company.retrieve()).taxPeriodMonths).toBe(2);
  });

  it('counts a quarter from the start of the fiscal year before the first return', async () => {
    await acs.company.update({ taxPeriodMonths: 3 });
    expect(await acs.taxReturns.preview()).toMatchObject({ periodFrom: '2026-07-01', periodTo: '2026-09-30' });
    expect(await failureOf(acs.taxReturns.preview({ periodTo: '2026-09-30' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'periodFrom' })],
    });
  });
});
