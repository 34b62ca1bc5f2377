import { describe, expect, it } from 'vitest';
import { postingQueue, selfBilledSource } from '../../../mock-server/domain/einvoice-records/index.js';
import { auditSandbox, refusal } from '../audit/audit-sandbox.js';
import { companyCtx, identify } from '../../mock/einvoice-records/support.js';

// Decision EINV-32: a supplier credit or debit note on a bill whose self-billed e-invoice (type 11) is Valid
// becomes a self-billed credit note (12) or debit note (13) through doc-self-billed, naming the type 11.

/** Past the records portal's two steps (queued -> Submitted -> Valid or Invalid, a minute each). */
const PORTAL_STEPS = { minutes: 3 };

async function setup(supplierTin = 'C23810477200') {
  const box = auditSandbox();
  const owner = box.as('owner');
  const bill = (await owner.bills.list({ status: 'open' })).data[0]!;
  identify(box.mock, bill.supplierId, 'supplier', supplierTin);
  const credit = await owner.supplierCreditNotes.create(bill.id, {
    reason: 'One unit returned damaged',
    items: [{ billLineId: bill.items[0]!.id, quantity: 1 }],
  });
  const debit = await owner.supplierDebitNotes.create(bill.id, {
    reason: 'Weekend delivery surcharge',
    items: [{ description: 'Surcharge', quantity: 1, unitPrice: 25, accountCode: '5200', taxCode: null }],
  });
  const records = async (type: string) => (await owner.einvoiceRecords.query({ hdr_einvoice_types: [type] })).data;
  const header = async (type: string) => (await records(type)).map((r) => r.bl_fi_my_einvoice_to_irb_hdr);
  return { ...box, owner, bill, credit, debit, records, header };
}

describe('self-billed credit and debit notes (types 12 and 13)', () => {
  it('a supplier credit note on a bill whose type 11 is Valid becomes a type 12 record naming the type 11, vendor as seller', async () => {
    const { mock, owner, bill, credit, header } = await setup();
    await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] });
    mock.clock.advance(PORTAL_STEPS);
    const [original] = await header('11');
    expect(original).toMatchObject({ hdr_submission_status: 'Valid', hdr_einvoice_code_no: bill.billNumber });

    const [made] = await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [credit.id] });
    const entry = postingQueue(companyCtx(mock)).byIndex('docId', credit.id)[0]!;
    expect(made!.bl_fi_my_einvoice_to_irb_hdr).toMatchObject({
      hdr_einvoice_type: '12',
      hdr_generic_doc_hdr_server_doc_type: 'INTERNAL_PURCHASE_SELF_BILLED_CREDIT_NOTE',
      hdr_generic_doc_hdr_guid: entry.id,
      hdr_einvoice_code_no: credit.creditNoteNumber,
      hdr_original_einvoice_ref_no: original!.hdr_einvoice_code_no,
      hdr_supplier_tin: 'C23810477200',
      hdr_buyer_tin: original!.hdr_buyer_tin,
      hdr_total_include_tax: credit.total,
      hdr_submission_status: 'Pending',
    });
    expect(made!.bl_fi_my_einvoice_to_irb_hdr.hdr_buyer_tin).toBe(made!.bl_fi_my_einvoice_to_irb_hdr.einvoice_tax_id_no);
    // Its MyInvois document's BillingReference is the type 11's number and portal UUID.
    expect(selfBilledSource(companyCtx(mock), credit.id).source.billingReference).toEqual({
      number: bill.billNumber,
      date: bill.billDate,
      uuid: original!.hdr_irb_doc_unique_ref_no,
    });
    mock.clock.advance(PORTAL_STEPS);
    expect((await header('12'))[0]).toMatchObject({ hdr_submission_status: 'Valid', hdr_irb_doc_unique_ref_no: expect.any(String) });
  });

  it('a supplier debit note on the same bill becomes a type 13 record naming the type 11', async () => {
    const { mock, owner, bill, debit, header } = await setup();
    await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] });
    mock.clock.advance(PORTAL_STEPS);
    const entry = postingQueue(companyCtx(mock)).byIndex('docId', debit.id)[0]!;
    expect(entry).toMatchObject({ serverDocType: 'INTERNAL_PURCHASE_DEBIT_NOTE', status: 'HELD' });
    const [made] = await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [entry.id] });
    expect(made!.bl_fi_my_einvoice_to_irb_hdr).toMatchObject({
      hdr_einvoice_type: '13',
      hdr_generic_doc_hdr_server_doc_type: 'INTERNAL_PURCHASE_SELF_BILLED_DEBIT_NOTE',
      hdr_einvoice_code_no: debit.debitNoteNumber,
      hdr_original_einvoice_ref_no: bill.billNumber,
      hdr_total_include_tax: debit.total,
    });
    expect(await header('12')).toEqual([]);
  });

  it('a note whose bill has no type 11 yet, or one still waiting for the portal, is refused with 422 and nothing changes', async () => {
    const { mock, owner, bill, credit, records } = await setup();
    expect(await records('12')).toEqual([]);
    const before = await refusal(owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [credit.id] }));
    expect(before).toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION' });
    expect(before.details[0]).toMatchObject({ field: 'gendocHdrGuids[0]', billNumber: bill.billNumber, originalStatus: null });
    expect(postingQueue(companyCtx(mock)).byIndex('docId', credit.id)[0]).toMatchObject({ status: 'HELD' });

    await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] });
    const waiting = await refusal(owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [credit.id] }));
    expect(waiting.details[0]).toMatchObject({ originalStatus: 'Pending' });
    expect(await records('12')).toEqual([]);
    expect(postingQueue(companyCtx(mock)).byIndex('docId', credit.id)[0]).toMatchObject({
      serverDocType: 'INTERNAL_PURCHASE_CREDIT_NOTE',
      status: 'HELD',
    });
  });

  it('a note whose type 11 the portal found Invalid is refused, naming that status', async () => {
    const { mock, owner, bill, debit, records } = await setup('NOT-A-TIN');
    await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] });
    mock.clock.advance(PORTAL_STEPS);
    const refused = await refusal(owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [debit.id] }));
    expect(refused).toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION' });
    expect(refused.details[0]).toMatchObject({ originalStatus: 'Invalid' });
    expect(await records('13')).toEqual([]);
  });

  it('a note already submitted as self-billed is refused with 409, and a batch with one bad guid writes nothing', async () => {
    const { mock, owner, bill, credit, debit, records } = await setup();
    await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] });
    mock.clock.advance(PORTAL_STEPS);
    await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [credit.id] });
    const again = await refusal(owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [debit.id, credit.id] }));
    expect(again).toMatchObject({ status: 409, code: 'DOCUMENT_ALREADY_SELF_BILLED' });
    expect(again.details[0]).toMatchObject({ field: 'gendocHdrGuids[1]', docNumber: credit.creditNoteNumber });
    expect(await records('13')).toEqual([]);
    expect(await records('12')).toHaveLength(1);
  });

  it('a type 13 the portal found Invalid is resubmitted with its supplier read again, still naming the type 11', async () => {
    const { mock, owner, bill, debit, header } = await setup();
    await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] });
    mock.clock.advance(PORTAL_STEPS);
    identify(mock, bill.supplierId, 'supplier', 'NOT-A-TIN');
    const [made] = await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [debit.id] });
    mock.clock.advance(PORTAL_STEPS);
    expect((await header('13'))[0]).toMatchObject({ hdr_submission_status: 'Invalid' });
    identify(mock, bill.supplierId, 'supplier', 'C23810477200');
    await owner.einvoiceRecords.saveAndResubmit({ toIrbHdrGuid: made!.bl_fi_my_einvoice_to_irb_hdr.guid });
    expect((await header('13'))[0]).toMatchObject({
      hdr_submission_status: 'Pending',
      hdr_supplier_tin: 'C23810477200',
      hdr_original_einvoice_ref_no: bill.billNumber,
    });
  });
});
