import { describe, expect, it } from 'vitest';
import { auditSandbox, refusal } from '../../e2e/audit/audit-sandbox.js';
import { postingQueue, poolTable, routeOf, type RoutedSource } from '../../../mock-server/domain/einvoice-records/index.js';
import type { EinvoiceParty } from '../../../mock-server/domain/einvoice/index.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { companyCtx, forgetIdentity, identify, newCustomer, sentInvoice } from './support.js';

const complete = {
  tin: 'C20000000011',
  idType: 'BRN',
  idValue: '201901000001',
  address: { street: '1 Jalan', city: 'KL', country: 'MY' },
} as unknown as EinvoiceParty;
const incomplete = { ...complete, tin: null } as EinvoiceParty;
const routed = (counterparty: EinvoiceParty, submissionType: string | null, amount: number) =>
  ({ counterparty, submissionType, amountMyr: money.parse(amount) }) as unknown as RoutedSource;

// Spec document 3, "Internal e-invoice submission pipeline": the routing rows, first match wins.
describe('routing of the posting queue', () => {
  it.each([
    ['complete buyer, no type', complete, null, 500, 'PENDING_SUBMISSION'],
    ['outgoing sale, no type, fields missing', incomplete, null, 500, 'BATCH_POOL'],
    ['no type, fields missing, MYR 10,000 or more', incomplete, null, 10_000, 'INDIVIDUAL_POOL'],
    ['INDIVIDUAL, fields missing', incomplete, 'INDIVIDUAL', 500, 'INDIVIDUAL_POOL'],
    ['SINGLE-GENERAL, complete or not', complete, 'SINGLE-GENERAL', 500, 'SINGLE_GENERAL_POOL'],
    ['CONSOLIDATED under the threshold', complete, 'CONSOLIDATED', 9_999.99, 'BATCH_POOL'],
    ['CONSOLIDATED at MYR 10,000, fields missing: forced', incomplete, 'CONSOLIDATED', 10_000, 'INDIVIDUAL_POOL'],
    ['SINGLE-GENERAL over the threshold, fields missing: forced', incomplete, 'SINGLE-GENERAL', 25_000, 'INDIVIDUAL_POOL'],
    ['CONSOLIDATED over the threshold, complete: an individual e-invoice', complete, 'CONSOLIDATED', 25_000, 'PENDING_SUBMISSION'],
  ] as const)('%s', (_name, party, type, amount, route) => {
    expect(routeOf(routed(party, type, amount))).toBe(route);
  });

  it("reads the customer's einvoiceSubmissionType custom field and the MYR amount of a real document", async () => {
    const { mock, as } = auditSandbox();
    const owner = as('owner');
    const single = await newCustomer(owner, 'Gerai Single General', 'SINGLE-GENERAL');
    const big = await newCustomer(owner, 'Konsolidasi Besar', 'CONSOLIDATED');
    const small = await sentInvoice(owner, single.id, 100);
    const large = await sentInvoice(owner, big.id, 12_000);
    await owner.einvoiceRecords.query({});
    const ctx = companyCtx(mock);
    const routeOfDoc = (id: string) => postingQueue(ctx).byIndex('docId', id)[0]!.route;
    expect(routeOfDoc(small.id)).toBe('SINGLE_GENERAL_POOL');
    expect(routeOfDoc(large.id)).toBe('INDIVIDUAL_POOL');
    expect(poolTable(ctx, 'INDIVIDUAL').byIndex('docId', large.id)[0]).toMatchObject({
      status: 'UNPROCESSED',
      missing: ['tin', 'idType', 'idValue'],
    });
  });

  it('a pool document is resubmitted by its guid once the buyer is complete, and stays while fields are missing', async () => {
    const { mock, as } = auditSandbox();
    const owner = as('owner');
    const customer = await newCustomer(owner, 'Pelanggan Tanpa TIN', 'INDIVIDUAL');
    const invoice = await sentInvoice(owner, customer.id, 300);
    await owner.einvoiceRecords.query({});
    const ctx = companyCtx(mock);
    const doc = poolTable(ctx, 'INDIVIDUAL').byIndex('docId', invoice.id)[0]!;
    const stays = await refusal(owner.einvoiceRecords.saveAndResubmit({ toIrbHdrGuid: doc.id }));
    expect(stays).toMatchObject({ status: 400, code: 'INVALID_INVOICE_DATA' });
    expect((await owner.einvoiceRecords.query({ hdr_einvoice_code_nos: [invoice.invoiceNumber] })).data).toEqual([]);
    identify(mock, customer.id, 'customer', 'C20000000033');
    await owner.einvoiceRecords.saveAndResubmit({ toIrbHdrGuid: doc.id });
    const [record] = (await owner.einvoiceRecords.query({ hdr_einvoice_code_nos: [invoice.invoiceNumber] })).data;
    expect(record!.bl_fi_my_einvoice_to_irb_hdr).toMatchObject({
      hdr_submission_status: 'Pending',
      hdr_generic_doc_hdr_guid: doc.id,
      hdr_buyer_tin: 'C20000000033',
    });
    expect(poolTable(ctx, 'INDIVIDUAL').get(doc.id)).toMatchObject({
      status: 'PROCESSED',
      toIrbHdrGuid: record!.bl_fi_my_einvoice_to_irb_hdr.guid,
    });
  });
});

describe('doc-self-billed', () => {
  it('needs the supplier entity first, then makes a type 11 record with the supplier as seller and the company as buyer', async () => {
    const { mock, as } = auditSandbox();
    const owner = as('owner');
    const bill =
      (await owner.bills.list({ status: 'open' })).data[0] ?? (await owner.bills.list({})).data.find((b) => b.status !== 'draft')!;
    forgetIdentity(mock, bill.supplierId);
    const refused = await refusal(owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] }));
    expect(refused).toMatchObject({ status: 400, code: 'SUPPLIER_ENTITY_NOT_FILLED' });
    expect((await owner.einvoiceRecords.query({ hdr_einvoice_types: ['11'] })).data).toEqual([]);

    identify(mock, bill.supplierId, 'supplier', 'C23810477200');
    const entry = postingQueue(companyCtx(mock)).byIndex('docId', bill.id)[0]!;
    const [made] = await owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [entry.id] });
    expect(made!.bl_fi_my_einvoice_to_irb_hdr).toMatchObject({
      hdr_einvoice_type: '11',
      hdr_generic_doc_hdr_server_doc_type: 'INTERNAL_PURCHASE_SELF_BILLED_INVOICE',
      hdr_generic_doc_hdr_guid: entry.id,
      hdr_supplier_tin: 'C23810477200',
      hdr_einvoice_code_no: bill.billNumber,
      hdr_submission_status: 'Pending',
    });
    expect(made!.bl_fi_my_einvoice_to_irb_hdr.hdr_buyer_tin).toBe(made!.bl_fi_my_einvoice_to_irb_hdr.einvoice_tax_id_no);
    expect(await refusal(owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] }))).toMatchObject({
      status: 409,
      code: 'DOCUMENT_ALREADY_SELF_BILLED',
    });
    const invoice = (await owner.invoices.list({ status: 'sent', limit: 1 })).data[0]!;
    expect(await refusal(owner.einvoiceRecords.selfBilled({ gendocHdrGuids: [invoice.id] }))).toMatchObject({
      status: 400,
      code: 'NOT_A_PURCHASE_DOCUMENT',
    });
  });
});

describe('query parameters', () => {
  const setup = async () => {
    const box = auditSandbox();
    const owner = box.as('owner');
    const codes: string[] = [];
    for (const [at, amount] of [100, 200, 300].entries()) {
      const customer = await newCustomer(owner, `Pembeli ${at}`);
      identify(box.mock, customer.id, 'customer', `C2000000010${at}`);
      codes.push((await sentInvoice(owner, customer.id, amount)).invoiceNumber);
      box.mock.clock.advance({ minutes: 10 });
    }
    return { ...box, owner, codes };
  };
  const codesOf = (page: { data: { bl_fi_my_einvoice_to_irb_hdr: { hdr_einvoice_code_no: string } }[] }) =>
    page.data.map((c) => c.bl_fi_my_einvoice_to_irb_hdr.hdr_einvoice_code_no);

  it('takes sets repeated or comma-separated, amounts as decimals, ranges with offsets, and OR logic on request', async () => {
    const { owner, codes, mock, sent } = await setup();
    expect(codesOf(await owner.einvoiceRecords.query({ hdr_einvoice_code_nos: [codes[0]!, codes[2]!] }))).toEqual([codes[0], codes[2]]);
    expect(sent.at(-1)!.url.searchParams.get('hdr_einvoice_code_nos')).toBe(`${codes[0]},${codes[2]}`);
    const raw = await mock.fetch(
      new Request(
        `${sent.at(-1)!.url.origin}${sent.at(-1)!.url.pathname}?hdr_einvoice_code_nos=${codes[0]}&hdr_einvoice_code_nos=${codes[1]}`,
        { headers: sent.at(-1)!.headers },
      ),
    );
    expect(((await raw.json()) as { data: unknown[] }).data).toHaveLength(2);
    expect(codesOf(await owner.einvoiceRecords.query({ hdr_total_include_tax: 220, hdr_einvoice_code_nos: codes }))).toEqual([codes[1]]);
    expect(codesOf(await owner.einvoiceRecords.query({ line_unit_price: 300, hdr_einvoice_code_nos: codes }))).toEqual([codes[2]]);
    const all = (await owner.einvoiceRecords.query({ hdr_einvoice_code_nos: codes })).data.map((c) => c.bl_fi_my_einvoice_to_irb_hdr);
    // The second record's creation time written in +08:00 is the same instant.
    const second = new Date(Date.parse(all[1]!.created_date) + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    expect(codesOf(await owner.einvoiceRecords.query({ hdr_created_date_from: second, hdr_einvoice_code_nos: codes }))).toEqual([
      codes[1],
      codes[2],
    ]);
    expect(codesOf(await owner.einvoiceRecords.query({ hdr_created_date_to: second, hdr_einvoice_code_nos: codes }))).toEqual([
      codes[0],
      codes[1],
    ]);
    expect(codesOf(await owner.einvoiceRecords.query({ hdr_buyer_names: ['Pembeli 0'], hdr_total_include_tax: 330 }))).toEqual([]);
    expect(
      codesOf(
        await owner.einvoiceRecords.query({ hdr_buyer_names: ['Pembeli 0'], hdr_total_include_tax: 330, applyOrLogicToQueryEntity: true }),
      ),
    ).toEqual([codes[0], codes[2]]);
  });

  it('pages by 1-based pageNo and pageSize, with totalRecords, and refuses a malformed guid filter', async () => {
    const { owner, codes } = await setup();
    const first = await owner.einvoiceRecords.query({ hdr_einvoice_code_nos: codes, pageSize: 2 });
    expect(first.pagination).toMatchObject({ pageNo: 1, pageSize: 2, totalRecords: 3, totalPages: 2, hasMore: true });
    const second = await owner.einvoiceRecords.query({ hdr_einvoice_code_nos: codes, pageSize: 2, pageNo: 2 });
    expect([...codesOf(first), ...codesOf(second)]).toEqual(codes);
    const walked: string[] = [];
    for await (const c of owner.einvoiceRecords.query({ hdr_einvoice_code_nos: codes, pageSize: 1 }))
      walked.push(c.bl_fi_my_einvoice_to_irb_hdr.hdr_einvoice_code_no);
    expect(walked).toEqual(codes);
    expect((await refusal(owner.einvoiceRecords.query({ hdr_guids: ['nope'] }))).status).toBeGreaterThanOrEqual(400);
  });
});
