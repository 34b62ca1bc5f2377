import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

let acs: AcsClient;
beforeEach(() => {
  ({ acs } = sandbox({ seed: 'demo' }));
});

describe('GET /v1/batch/{entity}/template.csv', () => {
  it('gives each entity a header row of its create fields and an example row', async () => {
    const customers = await acs.batch.templates.customersCsv();
    expect(customers.filename).toBe('customers-template.csv');
    expect(customers.contentType).toMatch(/^text\/csv/);
    const [header, example] = parse(new TextDecoder().decode(customers.data)) as string[][];
    expect(header!.slice(0, 4)).toEqual(['name', 'type', 'email', 'phone']);
    expect(header).toContain('billingAddress.city');
    expect(example![0]).toBe('Kedai Runcit Ali');
    const heads = await Promise.all([
      acs.batch.templates.itemsCsv(),
      acs.batch.templates.suppliersCsv(),
      acs.batch.templates.accountsCsv(),
    ]);
    expect(heads.map((file) => new TextDecoder().decode(file.data).split('\n')[0])).toEqual([
      'itemCode,name,type,description,barcode,unit,pricing.costPrice,pricing.sellingPrice,supplierItemCode',
      'name,displayName,email,phone,taxNumber,registrationNumber,currency,creditLimit,status,tags',
      'accountNumber,name,type,category,currency,description',
    ]);
  });

  it('is a template the import takes back as it is: its example row imports', async () => {
    const template = new TextDecoder().decode((await acs.batch.templates.customersCsv()).data);
    const [header] = parse(template) as string[][];
    const mapping = Object.fromEntries(header!.map((field) => [field, field]));
    const result = await acs.batch.importCustomersCsv(template, { mapping });
    expect(result).toMatchObject({ status: 'completed', successfulRecords: 1 });
    expect(result.results[0]!.data).toMatchObject({
      name: 'Kedai Runcit Ali',
      paymentTerms: 30,
      tags: ['retail', 'klang'],
      billingAddress: { city: 'Klang' },
    });
  });
});

describe('GET /v1/batch/templates/excel/{entity}', () => {
  it('opens with exceljs: a header row, drop-down lists for the enumerations and an Instructions sheet', async () => {
    const file = await acs.batch.templates.excel('accounts');
    expect(file.filename).toBe('accounts-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.data);
    const sheet = workbook.getWorksheet('accounts')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'accountNumber', 'name', 'type', 'category', 'currency', 'description']);
    const type = sheet.getCell('C2').dataValidation;
    expect(type).toMatchObject({ type: 'list', formulae: ['Lists!$A$2:$A$6'] });
    expect(sheet.getCell('C500').dataValidation).toMatchObject({ type: 'list' });
    const lists = workbook.getWorksheet('Lists')!;
    expect(lists.getColumn(1).values.slice(2)).toEqual(['asset', 'liability', 'equity', 'revenue', 'expense']);
    const instructions = workbook.getWorksheet('Instructions')!;
    expect(instructions.getCell('A1').value).toBe('Importing accounts');
    const rows = instructions.getSheetValues().map((row) => (Array.isArray(row) ? row[1] : undefined));
    expect(rows).toContain('category');
  });

  it('refuses an entity that has no template', async () => {
    await expect(acs.batch.templates.excel('invoices' as never)).rejects.toMatchObject({ status: 422 });
  });
});
