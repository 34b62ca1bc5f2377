import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo' }));
});

const mapping = { name: 'Name', email: 'Email', creditLimit: 'Credit limit', 'billingAddress.city': 'City' };
const byEmail = async (email: string) => (await acs.customers.list({ search: email, limit: 5 })).data.find((c) => c.email === email);

describe('POST /v1/batch/customers/import-csv', () => {
  it('reads quotes, embedded newlines, a BOM, UTF-8 names and maps columns to customer fields', async () => {
    const csv =
      '\uFEFFName,Email,Credit limit,City\n"Kedai ""Maju"", Klang",maju@kedai.my,"1,500.50",Klang\n"Café Müller\nSdn Bhd",muller@cafe.my,,Ipoh\n李记茶餐室,lee@tea.my,200,"George Town"\n';
    const result = await acs.batch.importCustomersCsv(csv, { mapping });
    expect(result).toMatchObject({ status: 'completed', totalRecords: 3, successfulRecords: 3, summary: { created: 3 } });
    expect(await byEmail('maju@kedai.my')).toMatchObject({
      name: 'Kedai "Maju", Klang',
      creditLimit: 1500.5,
      billingAddress: { city: 'Klang' },
    });
    expect((await byEmail('muller@cafe.my'))?.name).toBe('Café Müller\nSdn Bhd');
    expect((await byEmail('lee@tea.my'))?.name).toBe('李记茶餐室');
  });

  it('takes ; as the separator when the header line uses it, and a File as the upload', async () => {
    const file = new File(['Name;Email\r\nToko Satu;satu@toko.my\r\nToko Dua;dua@toko.my\r\n'], 'customers.csv', { type: 'text/csv' });
    const result = await acs.batch.importCustomersCsv(file, { mapping: { name: 'Name', email: 'Email' } });
    expect(result.successfulRecords).toBe(2);
    expect((await byEmail('dua@toko.my'))?.name).toBe('Toko Dua');
  });

  it("names the line of the file in a record's error, counting embedded newlines and blank lines", async () => {
    const csv = ['Name,Email', '"Two', 'lines",two@lines.my', '', 'Bad Email,not-an-email', 'Fine,fine@x.my', ',noname@x.my'].join('\n');
    const result = await acs.batch.importCustomersCsv(csv, {
      mapping: { name: 'Name', email: 'Email' },
      options: { continueOnError: true },
    });
    expect(result).toMatchObject({ successfulRecords: 2, failedRecords: 2 });
    const errors = result.results.filter((r) => !r.success).map((r) => [r.error!.context.rowNumber, r.error!.field, r.referenceId]);
    expect(errors).toEqual([
      [5, 'email', 'line-5'],
      [7, 'name', 'line-7'],
    ]);
  });

  it('refuses a mapping to an unknown field or a missing column with DATA_MAPPING_ERROR, and stores nothing', async () => {
    const before = (await acs.customers.list({ limit: 1 })).pagination;
    const unknown = await failureOf(acs.batch.importCustomersCsv('Name\nA\n', { mapping: { name: 'Name', shoeSize: 'Name' } as never }));
    expect(unknown).toMatchObject({ status: 422, code: 'DATA_MAPPING_ERROR', details: [{ field: 'mapping.shoeSize' }] });
    const missing = await failureOf(acs.batch.importCustomersCsv('Name\nA\n', { mapping: { name: 'Name', email: 'E-mail' } }));
    expect(missing).toMatchObject({ status: 422, code: 'DATA_MAPPING_ERROR', details: [{ field: 'mapping.email', column: 'E-mail' }] });
    expect((await acs.customers.list({ limit: 1 })).pagination).toEqual(before);
  });

  it('refuses a malformed CSV (400 with the line), a body that is not a form (415) and more rows than a synchronous batch takes', async () => {
    const broken = await failureOf(
      acs.batch.importCustomersCsv('Name,Email\nok,ok@x.my\n"unclosed,x@y.my\n', { mapping: { name: 'Name' } }),
    );
    expect(broken).toMatchObject({ status: 400, code: 'INVALID_REQUEST', details: [{ field: 'file' }] });
    const json = await mock.fetch(
      new Request(`${mock.credentials.baseUrl}/batch/customers/import-csv`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${mock.credentials.apiKey}`,
          'x-company-id': mock.credentials.companyId,
          'content-type': 'text/plain',
        },
        body: 'Name\nA',
      }),
    );
    expect(json.status).toBe(415);
    const rows = ['Name', ...Array.from({ length: 501 }, (_, i) => `Row ${i}`)].join('\n');
    expect(await failureOf(acs.batch.importCustomersCsv(rows, { mapping: { name: 'Name' } }))).toMatchObject({
      status: 422,
      details: [{ field: 'file', constraint: 500 }],
    });
  });

  it('answers 400 for a mapping or options field that is not JSON or nested too deep, and stores nothing', async () => {
    const before = (await acs.customers.list({ limit: 1 })).pagination;
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      form.set('file', new File(['Name\nA\n'], 'customers.csv'));
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return mock.fetch(
        new Request(`${mock.credentials.baseUrl}/batch/customers/import-csv`, {
          method: 'POST',
          headers: { authorization: `Bearer ${mock.credentials.apiKey}`, 'x-company-id': mock.credentials.companyId },
          body: form,
        }),
      );
    };
    const notJson = await post({ mapping: '{name: Name}' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'mapping', code: 'INVALID_FORMAT' }],
    });
    const deep = await post({ mapping: '{"name":"Name"}', options: '['.repeat(100) });
    expect(deep.status).toBe(400);
    expect((await deep.json()).error).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringMatching(/^options: .*deeper than 64/),
      details: [{ field: 'options' }],
    });
    expect((await acs.customers.list({ limit: 1 })).pagination).toEqual(before);
  });

  it('answers 400 for a malformed multipart body', async () => {
    const response = await mock.fetch(
      new Request(`${mock.credentials.baseUrl}/batch/customers/import-csv`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${mock.credentials.apiKey}`,
          'x-company-id': mock.credentials.companyId,
          'content-type': 'multipart/form-data; boundary=xyz',
        },
        body: '--xyz\r\nno-disposition: here\r\n\r\nhello\r\n--xyz--\r\n',
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('imports asynchronously past the synchronous maximum, with progress and line numbers in the job', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => (i === 700 ? 'Broken,broken' : `Async ${i},async${i}@import.my`));
    const accepted = await acs.batch.importCustomersCsv(['Name,Email', ...rows].join('\n'), {
      mapping: { name: 'Name', email: 'Email' },
      options: { async: true, continueOnError: true },
    });
    expect(accepted).toMatchObject({ status: 'queued', totalRecords: 1200 });
    const seen: number[] = [];
    const job = await acs.batch.waitForJob(accepted.jobId, { intervalMs: 1, onProgress: (j) => seen.push(j.progress.processedRecords) });
    expect(job).toMatchObject({
      status: 'completed_with_errors',
      progress: { processedRecords: 1200, successfulRecords: 1199, failedRecords: 1 },
    });
    expect(seen.length).toBeGreaterThan(1);
    expect((await byEmail('async1199@import.my'))?.name).toBe('Async 1199');
  });
});
