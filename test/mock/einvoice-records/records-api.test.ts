import { describe, expect, it } from 'vitest';
import { auditSandbox, refusal } from '../../e2e/audit/audit-sandbox.js';
import { CONSOLIDATED_BUYER_TIN, TO_IRB_RESUBMITTED } from '../../../src/contract/index.js';
import { submissionHistory } from '../../../mock-server/domain/einvoice-records/index.js';
import { companyCtx, identify, newCustomer, sentInvoice } from './support.js';

// The internal e-invoice records (spec document 3, "Internal e-invoice records"; EREC decisions).
describe('internal e-invoice records: the pipeline seen through the data-management API', () => {
  const header = async (acs: ReturnType<ReturnType<typeof auditSandbox>['as']>, code: string) => {
    const page = await acs.einvoiceRecords.query({ hdr_einvoice_code_nos: [code] });
    expect(page.data).toHaveLength(1);
    return page.data[0]!.bl_fi_my_einvoice_to_irb_hdr;
  };

  it('a sent invoice to a complete buyer becomes a Pending record, then Submitted, then Valid on the mock clock', async () => {
    const { mock, as } = auditSandbox();
    const owner = as('owner');
    const customer = await newCustomer(mock.credentials.companyId ? owner : owner, 'Kedai Buku Rahmat');
    identify(mock, customer.id, 'customer', 'C20000000011');
    const invoice = await sentInvoice(owner, customer.id, 500);
    const pending = await header(owner, invoice.invoiceNumber);
    expect(pending).toMatchObject({
      hdr_submission_status: 'Pending',
      hdr_einvoice_type: '01',
      hdr_einvoice_submission_type: 'INDIVIDUAL',
      hdr_buyer_name: 'Kedai Buku Rahmat',
      hdr_buyer_tin: 'C20000000011',
      hdr_buyer_id_type: 'BRN',
      hdr_total_excluding_tax: 500,
      hdr_total_include_tax: 550,
      hdr_total_payable_amount: 550,
      hdr_invoice_currency_code: 'MYR',
      hdr_generic_doc_hdr_server_doc_type: 'INTERNAL_SALES_INVOICE',
      hdr_irb_doc_unique_ref_no: null,
      code_company: mock.credentials.companyId,
    });
    expect(pending.einvoice_tax_id_no).toBeTruthy();
    expect(pending.hdr_supplier_tin).toBe(pending.einvoice_tax_id_no);
    mock.clock.advance({ minutes: 1 });
    expect(await header(owner, invoice.invoiceNumber)).toMatchObject({ hdr_submission_status: 'Submitted' });
    mock.clock.advance({ minutes: 1 });
    const valid = await header(owner, invoice.invoiceNumber);
    expect(valid).toMatchObject({ hdr_submission_status: 'Valid', validation_response: null });
    expect(valid.hdr_irb_doc_unique_ref_no).toMatch(/^[0-9A-F]{26}$/);
    expect(Date.parse(valid.hdr_validation_datetime!)).toBeGreaterThan(Date.parse(valid.hdr_actual_submission_date!));
    const { bl_fi_my_einvoice_to_irb_lines: lines } = await owner.einvoiceRecords.retrieve(valid.guid);
    expect(lines).toMatchObject([
      { line_item_name: 'Office chairs', line_qty: 1, line_unit_price: 500, line_tax_type: '01', line_tax_rate: 10, line_tax_amount: 50 },
    ]);
    expect(submissionHistory(companyCtx(mock)).byIndex('toIrbHdrGuid', valid.guid)).toHaveLength(1);
  });

  it('a malformed buyer TIN comes back Invalid; after the fix save-and-resubmit queues a second attempt that is Valid', async () => {
    const { mock, as } = auditSandbox();
    const owner = as('owner');
    const customer = await newCustomer(owner, 'Syarikat Salah TIN');
    identify(mock, customer.id, 'customer', '12345');
    const invoice = await sentInvoice(owner, customer.id, 800);
    mock.clock.advance({ minutes: 5 });
    const invalid = await header(owner, invoice.invoiceNumber);
    expect(invalid.hdr_submission_status).toBe('Invalid');
    expect(invalid.validation_response).toEqual([expect.objectContaining({ field: 'hdr_buyer_tin' })]);
    expect(
      (await owner.einvoiceRecords.query({ hdr_submission_statuses: ['Invalid'] })).data.map((c) => c.bl_fi_my_einvoice_to_irb_hdr.guid),
    ).toContain(invalid.guid);

    identify(mock, customer.id, 'customer', 'C20000000022');
    expect(await owner.einvoiceRecords.saveAndResubmit({ toIrbHdrGuid: invalid.guid })).toBe(TO_IRB_RESUBMITTED);
    expect(await header(owner, invoice.invoiceNumber)).toMatchObject({
      hdr_submission_status: 'Pending',
      hdr_buyer_tin: 'C20000000022',
      validation_response: null,
    });
    mock.clock.advance({ minutes: 5 });
    expect(await header(owner, invoice.invoiceNumber)).toMatchObject({ hdr_submission_status: 'Valid' });
    const attempts = submissionHistory(companyCtx(mock)).byIndex('toIrbHdrGuid', invalid.guid);
    expect(attempts.map((a) => [a.attempt, (a.response as { status: string }).status])).toEqual([
      [1, 'Invalid'],
      [2, 'Valid'],
    ]);
    const again = await refusal(owner.einvoiceRecords.saveAndResubmit({ toIrbHdrGuid: invalid.guid }));
    expect(again).toMatchObject({ status: 409, code: 'TO_IRB_NOT_RESUBMITTABLE' });
  });

  it('get one: 400 for a malformed guid, 404 for an unknown one, 403 without a code of the family', async () => {
    const { as } = auditSandbox();
    expect(await refusal(as('owner').einvoiceRecords.retrieve('not-a-guid'))).toMatchObject({ status: 400, code: 'INVALID_GUID_FORMAT' });
    expect(await refusal(as('owner').einvoiceRecords.retrieve('99999999-9999-4999-8999-999999999999'))).toMatchObject({
      status: 404,
      code: 'CLIENT_VALIDATION_GUIDDOESNOTEXIST',
    });
    expect((await refusal(as('noCodes').einvoiceRecords.retrieve('99999999-9999-4999-8999-999999999999'))).status).toBe(403);
    // The read-only integration reads but may not resubmit.
    expect((await as('readOnly').einvoiceRecords.query({})).data).toBeInstanceOf(Array);
    expect(
      (await refusal(as('readOnly').einvoiceRecords.saveAndResubmit({ toIrbHdrGuid: '99999999-9999-4999-8999-999999999999' }))).status,
    ).toBe(403);
  });

  it('consolidates the UNPROCESSED batch pool into records for the general TIN, once', async () => {
    const { as } = auditSandbox();
    const owner = as('owner');
    const made = await owner.einvoiceRecords.consolidate({});
    expect(made.length).toBeGreaterThan(0);
    for (const { bl_fi_my_einvoice_to_irb_hdr: hdr, bl_fi_my_einvoice_to_irb_lines: lines } of made) {
      expect(hdr).toMatchObject({
        hdr_buyer_tin: CONSOLIDATED_BUYER_TIN,
        hdr_einvoice_submission_type: 'CONSOLIDATED',
        hdr_submission_status: 'Pending',
        hdr_generic_doc_hdr_guid: null,
      });
      expect(hdr.generic_doc_hdr_guids).toHaveLength(lines.length);
      expect(lines.every((line) => line.line_classification === '004')).toBe(true);
    }
    expect(made.map((c) => c.bl_fi_my_einvoice_to_irb_hdr.hdr_einvoice_type).sort()).toEqual(expect.arrayContaining(['01']));
    expect(await owner.einvoiceRecords.consolidate({})).toEqual([]);
    const unknown = await refusal(owner.einvoiceRecords.consolidate({ batchPoolDocHdrGuids: ['99999999-9999-4999-8999-999999999999'] }));
    expect(unknown).toMatchObject({ status: 404 });
  });
});
