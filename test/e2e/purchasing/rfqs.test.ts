import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, ValidationError, type Item, type Supplier } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const byCode = async (itemCode: string): Promise<Item> => (await acs.items.list({ itemCode })).data[0];
const supplier = async (search: string): Promise<Supplier> => (await acs.suppliers.list({ search })).data[0];
const inDays = (days: number) => new Date(Date.parse(mock.today()) + days * 86_400_000).toISOString().slice(0, 10);

/** A sent RFQ for 10 mesh chairs and 20 A4 paper boxes to Perabot Muar and Bestari. */
async function sentRfq() {
  const [chair, paper, perabot, bestari] = [
    await byCode('CHR-100'),
    await byCode('PAP-A4'),
    await supplier('Perabot'),
    await supplier('Bestari'),
  ];
  const draft = await acs.rfqs.create({
    title: 'Chairs and paper',
    supplierIds: [perabot.id, bestari.id],
    lines: [
      { itemId: chair.id, quantity: 10 },
      { itemId: paper.id, quantity: 20 },
    ],
    responseDeadline: inDays(5),
  });
  const rfq = await acs.rfqs.send(draft.id);
  return { rfq, perabot, bestari, chairLine: rfq.lines[0].id, paperLine: rfq.lines[1].id };
}

describe('requests for quotation', () => {
  it('sends one message to each invited supplier; a second send is refused', async () => {
    const { rfq, perabot, bestari } = await sentRfq();
    expect(rfq).toMatchObject({
      rfqNumber: expect.stringMatching(/^RFQ-\d{6}$/),
      status: 'sent',
      currency: 'MYR',
      sentAt: expect.any(String),
      responses: [],
    });
    const messages = mock.outbox.filter((m) => m.kind === 'rfq' && m.documentId === rfq.id);
    expect(messages.map((m) => m.to)).toEqual([[perabot.email], [bestari.email]]);
    expect(messages[0].subject).toContain(rfq.rfqNumber);
    expect(await failureOf(acs.rfqs.send(rfq.id))).toBeInstanceOf(BusinessRuleError);
  });

  it('refuses to send when an invited supplier has no email, and sends nothing', async () => {
    const silent = await acs.suppliers.create({ name: 'No Email Trading' });
    const draft = await acs.rfqs.create({
      supplierIds: [(await supplier('Perabot')).id, silent.id],
      lines: [{ description: 'Pallets', quantity: 40 }],
    });
    expect(draft.title).toBe('Pallets');
    expect(await failureOf(acs.rfqs.send(draft.id))).toMatchObject({ status: 422, details: [{ supplierIds: [silent.id] }] });
    expect(mock.outbox.filter((m) => m.documentId === draft.id)).toEqual([]);
    expect((await acs.rfqs.retrieve(draft.id)).status).toBe('draft');
  });

  it('takes responses only from an invited supplier and only once sent; a second response replaces the first', async () => {
    const perabot = await supplier('Perabot');
    const draft = await acs.rfqs.create({ supplierIds: [perabot.id], lines: [{ description: 'Pallets', quantity: 40 }] });
    const quote = { supplierId: perabot.id, lines: [{ lineId: draft.lines[0].id, unitPrice: 25 }] };
    expect(((await failureOf(acs.rfqs.respond(draft.id, quote))) as BusinessRuleError).message).toContain('not been sent');
    await acs.rfqs.send(draft.id);
    const stranger = await supplier('Shenzhen');
    expect(((await failureOf(acs.rfqs.respond(draft.id, { ...quote, supplierId: stranger.id }))) as BusinessRuleError).message).toContain(
      'was not invited',
    );
    expect(await failureOf(acs.rfqs.respond(draft.id, { ...quote, supplierId: 'sup_missing' }))).toMatchObject({
      code: 'SUPPLIER_NOT_FOUND',
    });
    const wrongLine = await failureOf(
      acs.rfqs.respond(draft.id, { supplierId: perabot.id, lines: [{ lineId: 'ln_other', unitPrice: 1 }] }),
    );
    expect(wrongLine).toBeInstanceOf(ValidationError);
    await acs.rfqs.respond(draft.id, quote);
    const revised = await acs.rfqs.respond(draft.id, {
      ...quote,
      lines: [{ lineId: draft.lines[0].id, unitPrice: 23.5, leadTimeDays: 3 }],
    });
    expect(revised.responses).toMatchObject([
      { supplierId: perabot.id, supplierName: perabot.name, lines: [{ unitPrice: 23.5, leadTimeDays: 3 }] },
    ]);
  });

  it('compares the responses: the lowest price per line flagged, complete quotes ranked by total', async () => {
    const { rfq, perabot, bestari, chairLine, paperLine } = await sentRfq();
    await acs.rfqs.respond(rfq.id, {
      supplierId: perabot.id,
      lines: [
        { lineId: chairLine, unitPrice: 170, leadTimeDays: 10 },
        { lineId: paperLine, unitPrice: 60, leadTimeDays: 4 },
      ],
    });
    const answered = await acs.rfqs.respond(rfq.id, {
      supplierId: bestari.id,
      lines: [{ lineId: paperLine, unitPrice: 55, leadTimeDays: 2 }],
    });
    expect(answered.comparison.lines).toEqual([
      {
        lineId: chairLine,
        description: 'Ergonomic mesh office chair',
        quantity: 10,
        quotes: [{ supplierId: perabot.id, unitPrice: 170, lineTotal: 1700, leadTimeDays: 10, lowestPrice: true }],
      },
      {
        lineId: paperLine,
        description: expect.any(String),
        quantity: 20,
        quotes: [
          { supplierId: perabot.id, unitPrice: 60, lineTotal: 1200, leadTimeDays: 4, lowestPrice: false },
          { supplierId: bestari.id, unitPrice: 55, lineTotal: 1100, leadTimeDays: 2, lowestPrice: true },
        ],
      },
    ]);
    // Perabot quoted every line, so it ranks above Bestari's cheaper partial quote.
    expect(answered.comparison.suppliers).toEqual([
      { supplierId: perabot.id, supplierName: perabot.name, responded: true, quotedLines: 2, total: 2900, averageLeadTimeDays: 7, rank: 1 },
      { supplierId: bestari.id, supplierName: bestari.name, responded: true, quotedLines: 1, total: 1100, averageLeadTimeDays: 2, rank: 2 },
    ]);
  });

  it('closes at its deadline: a late response is refused until a later deadline reopens it', async () => {
    const { rfq, perabot, chairLine } = await sentRfq();
    mock.clock.advance({ days: 6 });
    expect((await acs.rfqs.retrieve(rfq.id)).status).toBe('closed');
    expect((await acs.rfqs.list({ status: 'closed' })).data.map((r) => r.id)).toContain(rfq.id);
    const late = await failureOf(acs.rfqs.respond(rfq.id, { supplierId: perabot.id, lines: [{ lineId: chairLine, unitPrice: 170 }] }));
    expect((late as BusinessRuleError).message).toContain('deadline');
    expect(await failureOf(acs.rfqs.update(rfq.id, { lines: [{ description: 'Other', quantity: 1 }] }))).toBeInstanceOf(BusinessRuleError);
    const reopened = await acs.rfqs.update(rfq.id, { responseDeadline: inDays(3) });
    expect(reopened.status).toBe('sent');
    expect(
      (await acs.rfqs.respond(rfq.id, { supplierId: perabot.id, lines: [{ lineId: chairLine, unitPrice: 170 }] })).responses,
    ).toHaveLength(1);
  });

  it('awarding makes a draft purchase order at the quoted prices, expected after the lead time, once', async () => {
    const { rfq, perabot, bestari, chairLine, paperLine } = await sentRfq();
    await acs.rfqs.respond(rfq.id, {
      supplierId: perabot.id,
      lines: [
        { lineId: chairLine, unitPrice: 170, leadTimeDays: 10 },
        { lineId: paperLine, unitPrice: 60 },
      ],
    });
    expect(((await failureOf(acs.rfqs.award(rfq.id, { supplierId: bestari.id }))) as BusinessRuleError).message).toContain(
      'has not responded',
    );
    const { rfq: awarded, purchaseOrder } = await acs.rfqs.award(rfq.id, { supplierId: perabot.id });
    expect(purchaseOrder).toMatchObject({
      status: 'draft',
      supplierId: perabot.id,
      rfqId: rfq.id,
      reference: rfq.rfqNumber,
      currency: 'MYR',
      subtotal: 2900,
    });
    expect(purchaseOrder.items).toMatchObject([
      { itemCode: 'CHR-100', quantity: 10, unitPrice: 170, expectedDate: inDays(10) },
      { quantity: 20, unitPrice: 60, expectedDate: null },
    ]);
    expect(awarded).toMatchObject({ status: 'awarded', awardedSupplierId: perabot.id, purchaseOrderId: purchaseOrder.id });
    expect(((await failureOf(acs.rfqs.award(rfq.id, { supplierId: perabot.id }))) as BusinessRuleError).message).toContain(
      'already awarded',
    );
    expect(
      await failureOf(acs.rfqs.respond(rfq.id, { supplierId: bestari.id, lines: [{ lineId: paperLine, unitPrice: 50 }] })),
    ).toBeInstanceOf(BusinessRuleError);
  });

  it('refuses to award a quote past its validUntil and writes no order', async () => {
    const { rfq, perabot, chairLine } = await sentRfq();
    await acs.rfqs.respond(rfq.id, { supplierId: perabot.id, lines: [{ lineId: chairLine, unitPrice: 170 }], validUntil: inDays(1) });
    mock.clock.advance({ days: 2 });
    const ordersBefore = (await acs.purchaseOrders.list({ limit: 100 })).data.length;
    expect(((await failureOf(acs.rfqs.award(rfq.id, { supplierId: perabot.id }))) as BusinessRuleError).message).toContain('expired');
    expect((await acs.purchaseOrders.list({ limit: 100 })).data.length).toBe(ordersBefore);
    expect((await acs.rfqs.retrieve(rfq.id)).status).toBe('sent');
  });

  it('sources an approved requisition: its lines are copied, and the award converts it and links its lines', async () => {
    const perabot = await supplier('Perabot');
    const pending = await acs.requisitions.create({ lines: [{ itemId: (await byCode('CHR-200')).id, quantity: 3 }] });
    expect(await failureOf(acs.rfqs.create({ requisitionId: pending.id, supplierIds: [perabot.id] }))).toBeInstanceOf(BusinessRuleError);
    await acs.requisitions.approve(pending.id);
    const rfq = await acs.rfqs.send((await acs.rfqs.create({ requisitionId: pending.id, supplierIds: [perabot.id] })).id);
    expect(rfq).toMatchObject({
      requisitionId: pending.id,
      title: `Requisition ${pending.requisitionNumber}`,
      lines: [{ itemCode: 'CHR-200', quantity: 3 }],
    });
    await acs.rfqs.respond(rfq.id, { supplierId: perabot.id, lines: [{ lineId: rfq.lines[0].id, unitPrice: 400 }] });
    const { purchaseOrder } = await acs.rfqs.award(rfq.id, { supplierId: perabot.id });
    expect(purchaseOrder).toMatchObject({ requisitionId: pending.id, rfqId: rfq.id });
    expect(await acs.requisitions.retrieve(pending.id)).toMatchObject({
      status: 'converted',
      purchaseOrderIds: [purchaseOrder.id],
      lines: [{ purchaseOrderId: purchaseOrder.id }],
    });
  });

  it('the demo has an RFQ out to two suppliers, both of whom quoted', async () => {
    // By status as stored: other tests move the clock, which reset() leaves where it is.
    const [rfq] = (await acs.rfqs.list()).data;
    expect(rfq.sentAt).not.toBeNull();
    expect(rfq.responses).toHaveLength(2);
    expect(rfq.comparison.suppliers.map((s) => s.rank).sort()).toEqual([1, 2]);
    expect(await acs.requisitions.retrieve(rfq.requisitionId!)).toMatchObject({ status: 'approved' });
  });
});

describe('the procurement analytics report', () => {
  it('counts requisitions, RFQs and orders by status, the response rate, cycle times and savings from awards', async () => {
    const before = await acs.reports.purchasing.procurementAnalytics({ fromDate: mock.today() });
    expect(before).toMatchObject({
      fromDate: mock.today(),
      toDate: null,
      currency: 'MYR',
      requisitions: { count: 0 },
      rfqs: { count: 0, responseRate: null },
    });

    const requisition = await acs.requisitions.create({
      lines: [{ description: 'Pallets', quantity: 10, estimatedUnitPrice: 30, suggestedSupplierId: (await supplier('Bestari')).id }],
    });
    mock.clock.advance({ hours: 12 });
    await acs.requisitions.approve(requisition.id);
    mock.clock.advance({ hours: 6 });
    await acs.requisitions.convertToPurchaseOrders(requisition.id);
    const { rfq, perabot, bestari, chairLine, paperLine } = await sentRfq();
    await acs.rfqs.respond(rfq.id, {
      supplierId: perabot.id,
      lines: [
        { lineId: chairLine, unitPrice: 170 },
        { lineId: paperLine, unitPrice: 60 },
      ],
    });
    await acs.rfqs.respond(rfq.id, {
      supplierId: bestari.id,
      lines: [
        { lineId: chairLine, unitPrice: 190 },
        { lineId: paperLine, unitPrice: 55 },
      ],
    });
    await acs.rfqs.award(rfq.id, { supplierId: perabot.id });

    const report = await acs.reports.purchasing.procurementAnalytics({ fromDate: before.fromDate!, toDate: mock.today() });
    expect(report.requisitions).toMatchObject({ count: 1, estimatedValue: 300 });
    expect(report.requisitions.byStatus).toContainEqual({ status: 'converted', count: 1, value: 300 });
    expect(report.rfqs).toMatchObject({ count: 1, invitations: 2, responses: 2, responseRate: 100 });
    expect(report.rfqs.byStatus).toContainEqual({ status: 'awarded', count: 1 });
    expect(report.purchaseOrders).toMatchObject({ count: 2, fromRequisitions: 1, fromRfqs: 1 });
    expect(report.cycleTimes).toEqual({
      requisitionToApprovalDays: 0.5,
      approvalToPurchaseOrderDays: 0.25,
      requisitionToPurchaseOrderDays: 0.75,
    });
    // Chairs: highest 190 x 10 against 170 x 10; paper: awarded at 60, the highest quote.
    expect(report.savings).toEqual({ awardedRfqs: 1, highestQuotesValue: 3100, awardedValue: 2900, savings: 200 });
  });

  it('refuses a period that ends before it starts', async () => {
    expect(await failureOf(acs.reports.purchasing.procurementAnalytics({ fromDate: '2026-02-01', toDate: '2026-01-01' }))).toBeInstanceOf(
      ValidationError,
    );
  });
});
