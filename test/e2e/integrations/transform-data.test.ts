import { beforeEach, describe, expect, it } from 'vitest';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

let acs: AcsClient;
beforeEach(() => {
  ({ acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

const csv = 'Name;Joined;Active;Limit;Code\n  kedai ali  ;31/01/2026;yes;"1,200.50";abc\n"Toko\nDua";01/02/2026;no;;\n';

describe('POST /v1/integrations/transform-data', () => {
  it('maps columns with transforms and defaults, and numbers each record by its line', async () => {
    const result = await acs.integrations.transformData({
      sourceFormat: 'csv',
      targetFormat: 'json',
      mapping: {
        name: { field: 'Name', transform: 'trim|upper' },
        joinedOn: { field: 'Joined', transform: 'date:DD/MM/YYYY' },
        active: { field: 'Active', transform: 'boolean' },
        'limits.credit': { field: 'Limit', transform: 'number', default: 0 },
        code: { field: 'Code', transform: 'lower', default: 'none' },
        source: { default: 'legacy' },
      },
      data: csv,
    });
    expect(result).toEqual({
      targetFormat: 'json',
      totalRecords: 2,
      records: [
        {
          rowNumber: 2,
          data: { name: 'KEDAI ALI', joinedOn: '2026-01-31', active: true, limits: { credit: 1200.5 }, code: 'abc', source: 'legacy' },
        },
        {
          rowNumber: 3,
          data: { name: 'TOKO\nDUA', joinedOn: '2026-02-01', active: false, limits: { credit: 0 }, code: 'none', source: 'legacy' },
        },
      ],
    });
  });

  it('gives DATA_MAPPING_ERROR with the row and field when a cell does not read', async () => {
    const data = 'Name,Joined\nA,2026-01-01\nB,31/02/2026\n';
    const failure = acs.integrations.transformData({
      sourceFormat: 'csv',
      targetFormat: 'json',
      mapping: { name: 'Name', joinedOn: { field: 'Joined', transform: 'date:DD/MM/YYYY' } },
      data,
    });
    await expect(failure).rejects.toMatchObject({ status: 422, code: 'DATA_MAPPING_ERROR', details: [{ field: 'joinedOn', row: 2 }] });
  });

  it('refuses fields outside an entity target, unknown columns and unknown transforms', async () => {
    const data = 'Name\nA\n';
    const call = (mapping: Record<string, unknown>) =>
      acs.integrations.transformData({ sourceFormat: 'csv', targetFormat: 'customers', mapping: mapping as never, data });
    await expect(call({ shoeSize: 'Name' })).rejects.toMatchObject({
      code: 'DATA_MAPPING_ERROR',
      details: [{ field: 'mapping.shoeSize' }],
    });
    await expect(call({ name: 'Nome' })).rejects.toMatchObject({ code: 'DATA_MAPPING_ERROR', details: [{ field: 'mapping.name' }] });
    await expect(call({ name: { field: 'Name', transform: 'reverse' } })).rejects.toMatchObject({
      code: 'DATA_MAPPING_ERROR',
      details: [{ field: 'mapping.name.transform' }],
    });
    expect(await call({ name: 'Name' })).toMatchObject({ targetFormat: 'customers', records: [{ rowNumber: 2, data: { name: 'A' } }] });
  });
});
