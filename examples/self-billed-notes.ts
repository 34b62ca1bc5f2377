// Self-billed notes (decision EINV-32): the company issues its supplier's e-invoices as buyer. A bill becomes a
// self-billed invoice (type 11); once the portal finds it Valid, the supplier's credit note on it becomes a
// self-billed credit note (type 12) that names it, and a debit note a self-billed debit note (type 13).
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const [owner] = mock.credentials.oauth!.users;
  const { companyId, baseUrl, dataBaseUrl } = mock.credentials;
  // The records API takes a signed-in user with an API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB_* code.
  const acs = new AcsClient({ accessToken: mock.signIn(owner!.id), companyId, baseUrl, dataBaseUrl, fetch: mock.fetch });
  const [bill] = (await acs.bills.list({ status: 'open' })).data;

  // 1. The bill as a self-billed invoice (type 11); the records portal decides it on the mock clock.
  const [converted] = await acs.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] });
  mock.clock.advance({ minutes: 3 });
  const { bl_fi_my_einvoice_to_irb_hdr: invoice } = await acs.einvoiceRecords.retrieve(converted.bl_fi_my_einvoice_to_irb_hdr.guid);

  // 2. The supplier credits one unit: its credit note becomes type 12, naming the type 11.
  const credit = await acs.supplierCreditNotes.create(bill.id, {
    reason: 'One unit returned damaged',
    items: [{ billLineId: bill.items[0].id, quantity: 1 }],
  });
  const [{ bl_fi_my_einvoice_to_irb_hdr: creditNote }] = await acs.einvoiceRecords.selfBilled({ gendocHdrGuids: [credit.id] });

  // 3. A surcharge: the debit note becomes type 13. Converting either note again is a 409.
  const debit = await acs.supplierDebitNotes.create(bill.id, {
    reason: 'Weekend delivery surcharge',
    items: [{ description: 'Surcharge', quantity: 1, unitPrice: 25, accountCode: '5200', taxCode: null }],
  });
  const [{ bl_fi_my_einvoice_to_irb_hdr: debitNote }] = await acs.einvoiceRecords.selfBilled({ gendocHdrGuids: [debit.id] });

  console.log(
    `${invoice.hdr_einvoice_code_no} (11, ${invoice.hdr_submission_status}): ${creditNote.hdr_einvoice_code_no} (12), ${debitNote.hdr_einvoice_code_no} (13)`,
  );
  const summary = (h: typeof invoice) => ({
    type: h.hdr_einvoice_type,
    number: h.hdr_einvoice_code_no,
    original: h.hdr_original_einvoice_ref_no,
  });
  return {
    invoice: { ...summary(invoice), status: invoice.hdr_submission_status, uuid: invoice.hdr_irb_doc_unique_ref_no },
    creditNote: { ...summary(creditNote), seller: creditNote.hdr_supplier_name, buyerTin: creditNote.hdr_buyer_tin },
    debitNote: summary(debitNote),
    companyTin: creditNote.einvoice_tax_id_no,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
