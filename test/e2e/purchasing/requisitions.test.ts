import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, ValidationError, type Item, type Supplier } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const byCode = async (itemCode: string): Promise<Item> => (await acs.items.list({ itemCode })).data[0];
const supplier = async (search: string): Promise<Supplier> => (await acs.suppliers.list({ search })).data[0];

async function pendingRequisition() {
  const [chair, perabot] = [await byCode('CHR-100'), await supplier('Perabot')];
  return acs.requisitions.create({
    department: 'Warehouse',
    requiredDate: '2099-01-31',
    lines: [
      { itemId: chair.id, quantity: 10, suggestedSupplierId: perabot.id },
      { description: 'Stretch wrap film', quantity: 4, estimatedUnitPrice: 18.5 },
    ],
  });
}

describe('purchase requisitions', () => {
  it('raises a requisition waiting for approval, an item line estimated at its cost price in the company currency', async () => {
    const requisition = await pendingRequisition();
    expect(requisition).toMatchObject({
      requisitionNumber: expect.stringMatching(/^PR-\d{6}$/),
      status: 'pending_approval',
      currency: 'MYR',
      requestDate: mock.today(),
      department: 'Warehouse',
      lines: [
        {
          itemCode: 'CHR-100',
          description: 'Ergonomic mesh office chair',
          estimatedUnitPrice: 180,
          estimatedTotal: 1800,
          purchaseOrderId: null,
        },
        { itemId: null, estimatedUnitPrice: 18.5, estimatedTotal: 74 },
      ],
      estimatedTotal: 1874,
      purchaseOrderIds: [],
    });
    expect(await acs.requisitions.retrieve(requisition.id)).toEqual(requisition);
    expect((await acs.requisitions.list({ status: 'pending_approval', department: 'warehouse' })).data.map((r) => r.id)).toContain(
      requisition.id,
    );
  });

  it('refuses a line without an item that has no description or estimated price, and an unknown suggested supplier', async () => {
    const error = await failureOf(acs.requisitions.create({ lines: [{ quantity: 1 }] }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details.map((d) => d.field).sort()).toEqual(['lines.0.description', 'lines.0.estimatedUnitPrice']);
    const unknown = await failureOf(
      acs.requisitions.create({ lines: [{ description: 'Tape', quantity: 1, estimatedUnitPrice: 2, suggestedSupplierId: 'sup_missing' }] }),
    );
    expect(unknown).toMatchObject({ status: 404, code: 'SUPPLIER_NOT_FOUND' });
    expect(await failureOf(acs.requisitions.retrieve('preq_missing'))).toBeInstanceOf(NotFoundError);
  });

  it('approving an approved requisition answers REQUISITION_ALREADY_APPROVED, and so does rejecting it', async () => {
    const requisition = await pendingRequisition();
    const approved = await acs.requisitions.approve(requisition.id, { notes: 'within budget' });
    expect(approved).toMatchObject({
      status: 'approved',
      approvedBy: expect.any(String),
      approvedAt: expect.any(String),
      approvalNotes: 'within budget',
    });
    for (const call of [acs.requisitions.approve(requisition.id), acs.requisitions.reject(requisition.id)]) {
      expect(await failureOf(call)).toMatchObject({ status: 422, code: 'REQUISITION_ALREADY_APPROVED' });
    }
    expect(await failureOf(acs.requisitions.update(requisition.id, { notes: 'late change' }))).toBeInstanceOf(BusinessRuleError);
  });

  it('changing a rejected requisition resubmits it for approval', async () => {
    const requisition = await pendingRequisition();
    const rejected = await acs.requisitions.reject(requisition.id, { reason: 'too many chairs' });
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'too many chairs', rejectedBy: expect.any(String) });
    const changed = await acs.requisitions.update(requisition.id, { lines: [{ itemId: requisition.lines[0].itemId!, quantity: 4 }] });
    expect(changed).toMatchObject({ status: 'pending_approval', rejectionReason: null, estimatedTotal: 720, lines: [{ quantity: 4 }] });
    expect((await acs.requisitions.approve(requisition.id)).status).toBe('approved');
  });

  it('converting an approved requisition makes one draft purchase order per supplier, linked both ways, once', async () => {
    const requisition = await pendingRequisition();
    const bestari = await supplier('Bestari');
    await failureOf(acs.requisitions.convertToPurchaseOrders(requisition.id)).then((error) =>
      expect(error).toBeInstanceOf(BusinessRuleError),
    );
    await acs.requisitions.approve(requisition.id);
    const { requisition: converted, purchaseOrders } = await acs.requisitions.convertToPurchaseOrders(requisition.id, {
      supplierId: bestari.id,
    });
    expect(purchaseOrders).toHaveLength(2);
    const [chairs, film] = purchaseOrders;
    expect(chairs).toMatchObject({
      status: 'draft',
      supplier: { name: 'Kilang Perabot Muar Sdn Bhd' },
      requisitionId: requisition.id,
      reference: requisition.requisitionNumber,
      requiredDate: '2099-01-31',
    });
    expect(chairs.items).toMatchObject([{ itemCode: 'CHR-100', quantity: 10, unitPrice: 180 }]);
    expect(film).toMatchObject({
      supplierId: bestari.id,
      currency: 'MYR',
      items: [{ description: 'Stretch wrap film', quantity: 4, unitPrice: 18.5 }],
    });
    expect(converted).toMatchObject({
      status: 'converted',
      purchaseOrderIds: [chairs.id, film.id],
      lines: [{ purchaseOrderId: chairs.id }, { purchaseOrderId: film.id }],
    });
    expect(converted.convertedAt).toEqual(expect.any(String));
    expect((await acs.purchaseOrders.retrieve(chairs.id)).requisitionId).toBe(requisition.id);
    const again = await failureOf(acs.requisitions.convertToPurchaseOrders(requisition.id, { supplierId: bestari.id }));
    expect(again).toBeInstanceOf(BusinessRuleError);
    expect((again as BusinessRuleError).message).toContain('already converted');
  });

  it('refuses a conversion that leaves a line without a supplier, and writes no order', async () => {
    const requisition = await pendingRequisition();
    await acs.requisitions.approve(requisition.id);
    const ordersBefore = (await acs.purchaseOrders.list({ limit: 100 })).data.length;
    const error = await failureOf(acs.requisitions.convertToPurchaseOrders(requisition.id));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toMatchObject([{ field: 'supplierId', code: 'REQUIRED_FIELD' }]);
    expect((await acs.purchaseOrders.list({ limit: 100 })).data.length).toBe(ordersBefore);
    expect((await acs.requisitions.retrieve(requisition.id)).status).toBe('approved');
  });

  it('a conversion refused at its second order leaves no first order behind', async () => {
    const requisition = await pendingRequisition();
    const bestari = await supplier('Bestari');
    await acs.requisitions.approve(requisition.id);
    await acs.suppliers.update(bestari.id, { status: 'suspended' });
    const ordersBefore = (await acs.purchaseOrders.list({ limit: 100 })).data.length;
    expect(await failureOf(acs.requisitions.convertToPurchaseOrders(requisition.id, { supplierId: bestari.id }))).toBeInstanceOf(
      BusinessRuleError,
    );
    expect((await acs.purchaseOrders.list({ limit: 100 })).data.length).toBe(ordersBefore);
    expect(await acs.requisitions.retrieve(requisition.id)).toMatchObject({
      status: 'approved',
      purchaseOrderIds: [],
      lines: [{ purchaseOrderId: null }, { purchaseOrderId: null }],
    });
  });

  it('a line may name its own supplier over the suggested one', async () => {
    const requisition = await pendingRequisition();
    const bestari = await supplier('Bestari');
    await acs.requisitions.approve(requisition.id);
    const { purchaseOrders } = await acs.requisitions.convertToPurchaseOrders(requisition.id, {
      lines: requisition.lines.map((l) => ({ lineId: l.id, supplierId: bestari.id })),
    });
    expect(purchaseOrders.map((o) => [o.supplierId, o.items.length])).toEqual([[bestari.id, 2]]);
  });

  it('publishes requisition.created and requisition.approved with the requisition', async () => {
    const seen = mock.events.history.length;
    const requisition = await pendingRequisition();
    const approved = await acs.requisitions.approve(requisition.id);
    const events = mock.events.history.slice(seen).filter((e) => e.event.startsWith('requisition.'));
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ['requisition.created', requisition],
      ['requisition.approved', approved],
    ]);
  });

  it('the demo has a requisition waiting for approval', async () => {
    const pending = (await acs.requisitions.list({ status: 'pending_approval' })).data;
    expect(pending).toMatchObject([
      { department: 'Warehouse', lines: [{ itemCode: 'CHR-100' }, { description: 'Stretch wrap film, 500 mm roll' }] },
    ]);
  });
});
