import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  type Approval,
  type PurchaseOrder,
} from '../../../src/index.js';
import { PURCHASING_USERS } from '../../../mock-server/seed/oauth.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs, client } = sandbox();

beforeEach(() => {
  mock.reset();
});

const userId = (role: keyof typeof PURCHASING_USERS): string =>
  mock.credentials.oauth!.users.find((u) => u.email === PURCHASING_USERS[role].email)!.id;
const signedIn = (role: keyof typeof PURCHASING_USERS) => client({ accessToken: mock.signIn(userId(role)) });
const supplierNamed = async (search: string) => (await acs.suppliers.list({ search })).data[0];
const rules = async () => (await acs.purchasing.approvalRules.list()).data;

/** A draft order of one non-stock line from Perabot Muar, no tax: its total is `amount`. */
const orderOf = async (amount: number, extra: { requiresApproval?: boolean; supplier?: string } = {}): Promise<PurchaseOrder> =>
  acs.purchaseOrders.create({
    supplierId: (await supplierNamed(extra.supplier ?? 'Perabot')).id,
    requiresApproval: extra.requiresApproval,
    items: [{ description: 'Showroom fit-out', quantity: 1, unitPrice: amount, taxCode: null }],
  });

const pendingOf = async (order: PurchaseOrder): Promise<Approval[]> =>
  (await acs.purchasing.approvals.listPending({ purchaseOrderId: order.id })).data;

describe('purchasing approvals: rules', () => {
  it('creates a rule whose approvers are users of the company, applies it by supplier and item category, lists rules highest priority first, and updates it', async () => {
    const chair = (await acs.items.list({ itemCode: 'CHR-100' })).data[0];
    const furniture = chair.category!.id;
    const rule = await acs.purchasing.approvalRules.create({
      name: 'Furniture from Perabot Muar',
      conditions: { minAmount: 1000, supplierIds: [(await supplierNamed('Perabot')).id], categoryIds: [furniture] },
      steps: [{ name: 'Manager', approvers: [{ userId: userId('manager'), approvalLimit: 50000 }] }],
      priority: 50,
    });
    expect(rule).toMatchObject({
      documentType: 'purchase_order',
      isActive: true,
      conditions: { minAmount: 1000, maxAmount: null, categoryIds: [furniture] },
      steps: [
        { step: 1, name: 'Manager', approvers: [{ userId: userId('manager'), name: PURCHASING_USERS.manager.name, approvalLimit: 50000 }] },
      ],
    });
    expect((await rules()).map((r) => r.priority)).toEqual([50, 20, 10]);
    // Its supplier and category conditions: chairs from Perabot Muar wait for it; a service line of the same total does not.
    const perabot = (await supplierNamed('Perabot')).id;
    const chairs = await acs.purchaseOrders.create({ supplierId: perabot, items: [{ itemId: chair.id, quantity: 10 }] });
    expect((await pendingOf(chairs))[0]).toMatchObject({ ruleId: rule.id });
    const service = await acs.purchaseOrders.create({
      supplierId: perabot,
      items: [{ description: 'Delivery', quantity: 1, unitPrice: chairs.total }],
    });
    expect(service.approval.status).toBe('not_required');
    expect(await acs.purchasing.approvalRules.retrieve(rule.id)).toEqual(rule);

    const changed = await acs.purchasing.approvalRules.update(rule.id, { conditions: { maxAmount: 9000 }, isActive: false });
    expect(changed).toMatchObject({ isActive: false, conditions: { minAmount: 1000, maxAmount: 9000 } });
    expect((await acs.purchasing.approvalRules.list({ isActive: false })).data.map((r) => r.id)).toEqual([rule.id]);
  });

  it('refuses an approver who is not a user of the company, a bad amount band and an unknown rule, and writes nothing', async () => {
    const bakeryUser = mock.credentials.oauth!.users.find((u) => u.email === 'weiming@serikasih.my')!.id;
    const stranger = await failureOf(
      acs.purchasing.approvalRules.create({ name: 'Odd', steps: [{ approvers: [{ userId: bakeryUser }] }] }),
    );
    expect(stranger).toBeInstanceOf(ValidationError);
    expect(stranger).toMatchObject({ details: [{ field: 'steps.0.approvers.0.userId', code: 'INVALID_CHOICE' }] });
    const band = await failureOf(
      acs.purchasing.approvalRules.create({
        name: 'Odd',
        conditions: { minAmount: 500, maxAmount: 500 },
        steps: [{ approvers: [{ userId: userId('manager') }] }],
      }),
    );
    expect(band).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'conditions.maxAmount' }] });
    expect(await rules()).toHaveLength(2);
    expect(await failureOf(acs.purchasing.approvalRules.retrieve('apr_missing'))).toBeInstanceOf(NotFoundError);
  });
});

describe('purchasing approvals: approving and rejecting', () => {
  it('the demo has one order waiting for the purchasing manager', async () => {
    const [pending] = (await acs.purchasing.approvals.listPending({ approverId: userId('manager') })).data;
    expect(pending).toMatchObject({
      documentType: 'purchase_order',
      ruleName: 'Orders over RM 5,000',
      step: 1,
      totalSteps: 1,
      status: 'pending',
    });
    expect((await acs.purchaseOrders.retrieve(pending.documentId)).approval).toEqual({ required: true, status: 'pending' });
    expect((await acs.purchasing.approvals.listPending({ approverId: userId('buyer') })).data).toEqual([]);
  });

  it('an order over RM 5,000 waits for the manager, who approves it; then it can be sent', async () => {
    const order = await orderOf(8000);
    expect(order.approval).toEqual({ required: true, status: 'pending' });
    expect(await failureOf(acs.purchaseOrders.send(order.id))).toBeInstanceOf(BusinessRuleError);

    const [approval] = await pendingOf(order);
    expect(approval).toMatchObject({
      documentNumber: order.poNumber,
      documentTotal: 8000,
      approvers: [{ userId: userId('manager'), approvalLimit: 20000 }, { userId: userId('director') }],
    });
    const approved = await acs.purchasing.approvals.approve(approval.id, { approverId: userId('manager'), comments: 'Budgeted' });
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: userId('manager'),
      decidedAt: expect.any(String),
      comments: 'Budgeted',
    });

    const after = await acs.purchaseOrders.retrieve(order.id);
    expect(after).toMatchObject({
      approval: { required: true, status: 'approved' },
      approvedBy: userId('manager'),
      approvedAt: approved.decidedAt,
    });
    expect((await acs.purchaseOrders.send(order.id)).status).toBe('sent');
  });

  it('a multi-step rule needs every step, in order: the manager reviews, then the director approves', async () => {
    const order = await orderOf(25000);
    const [first] = await pendingOf(order);
    expect(first).toMatchObject({ ruleName: 'Orders over RM 20,000', step: 1, totalSteps: 2 });
    expect((await acs.purchasing.approvals.listPending({ approverId: userId('director'), purchaseOrderId: order.id })).data).toEqual([]);

    await acs.purchasing.approvals.approve(first.id, { approverId: userId('manager') });
    expect((await acs.purchaseOrders.retrieve(order.id)).approval.status).toBe('pending');
    const [second] = await pendingOf(order);
    expect(second).toMatchObject({ step: 2, stepName: 'Director' });
    await acs.purchasing.approvals.approve(second.id, { approverId: userId('director') });
    expect(await acs.purchaseOrders.retrieve(order.id)).toMatchObject({ approval: { status: 'approved' }, approvedBy: userId('director') });
  });

  it("an approver whose limit is below the order's total gets INSUFFICIENT_APPROVAL_LIMIT, and nothing changes", async () => {
    const twoStep = (await rules()).find((r) => r.name === 'Orders over RM 20,000')!;
    await acs.purchasing.approvalRules.update(twoStep.id, { isActive: false });
    const order = await orderOf(25000);
    const [approval] = await pendingOf(order);
    expect(approval.ruleName).toBe('Orders over RM 5,000');

    const error = await failureOf(acs.purchasing.approvals.approve(approval.id, { approverId: userId('manager') }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({
      status: 403,
      code: 'INSUFFICIENT_APPROVAL_LIMIT',
      details: [{ approvalLimit: 20000, documentTotal: 25000 }],
    });
    expect((await pendingOf(order)).map((a) => a.id)).toEqual([approval.id]);

    await acs.purchasing.approvals.approve(approval.id, { approverId: userId('director') });
    expect((await acs.purchaseOrders.retrieve(order.id)).approval.status).toBe('approved');
  });

  it('the buyer, signed in, is not an approver of the step: APPROVER_NOT_ELIGIBLE', async () => {
    const [approval] = await pendingOf(await orderOf(6000));
    const error = await failureOf(signedIn('buyer').purchasing.approvals.approve(approval.id));
    expect(error).toMatchObject({ status: 403, code: 'APPROVER_NOT_ELIGIBLE' });
  });

  it('a signed-in manager decides as themselves; an API key must name the approver; a token cannot name someone else', async () => {
    const [approval] = await pendingOf(await orderOf(6000));
    const unnamed = await failureOf(acs.purchasing.approvals.approve(approval.id));
    expect(unnamed).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'approverId', code: 'REQUIRED_FIELD' }] });
    const manager = signedIn('manager');
    expect(await failureOf(manager.purchasing.approvals.approve(approval.id, { approverId: userId('director') }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });

    expect(await manager.purchasing.approvals.approve(approval.id)).toMatchObject({ status: 'approved', decidedBy: userId('manager') });
  });

  it('rejecting a step rejects the order, cancels the later steps, and a decided approval refuses a second decision', async () => {
    const order = await orderOf(30000);
    const [first] = await pendingOf(order);
    const rejected = await acs.purchasing.approvals.reject(first.id, { approverId: userId('manager'), comments: 'Get a second quote' });
    expect(rejected).toMatchObject({ status: 'rejected', comments: 'Get a second quote' });
    expect((await acs.purchaseOrders.retrieve(order.id)).approval).toEqual({ required: true, status: 'rejected' });
    expect(await pendingOf(order)).toEqual([]);
    const history = (await acs.purchasing.approvals.list({ purchaseOrderId: order.id })).data;
    expect(history.map((a) => [a.step, a.status])).toEqual([
      [2, 'cancelled'],
      [1, 'rejected'],
    ]);
    expect(await failureOf(acs.purchaseOrders.send(order.id))).toBeInstanceOf(BusinessRuleError);

    const again = await failureOf(acs.purchasing.approvals.approve(first.id, { approverId: userId('director') }));
    expect(again).toMatchObject({ status: 422, code: 'APPROVAL_ALREADY_DECIDED' });
  });

  it('a later step waits: it cannot be decided before the step ahead of it', async () => {
    const order = await orderOf(40000);
    const [second] = (await acs.purchasing.approvals.list({ purchaseOrderId: order.id, status: 'waiting' })).data;
    expect(second).toMatchObject({ step: 2, stepName: 'Director' });
    const early = await failureOf(acs.purchasing.approvals.approve(second.id, { approverId: userId('director') }));
    expect(early).toBeInstanceOf(BusinessRuleError);
    expect(early).toMatchObject({ details: [{ rule: 'an earlier step of this approval has not been approved yet' }] });
  });

  it('an order created with requiresApproval that no rule matches waits for one approval by an approver of the rules', async () => {
    const order = await orderOf(300, { requiresApproval: true, supplier: 'Bestari' });
    const [approval] = await pendingOf(order);
    expect(approval).toMatchObject({ ruleId: null, step: 1, totalSteps: 1 });
    expect(approval.approvers.map((a) => a.userId).sort()).toEqual([userId('manager'), userId('director')].sort());
    await acs.purchasing.approvals.approve(approval.id, { approverId: userId('manager') });
    expect((await acs.purchaseOrders.retrieve(order.id)).approval.status).toBe('approved');
  });

  it('with no approval rule at all, any user of the company may approve a requiresApproval order', async () => {
    const { acs: empty, mock: emptyMock } = sandbox({ seed: 'empty' });
    const supplier = await empty.suppliers.create({ name: 'Corner Hardware' });
    const order = await empty.purchaseOrders.create({
      supplierId: supplier.id,
      requiresApproval: true,
      items: [{ description: 'Hinges', quantity: 10, unitPrice: 4 }],
    });
    const [approval] = (await empty.purchasing.approvals.listPending({ purchaseOrderId: order.id })).data;
    const onlyUser = emptyMock.credentials.oauth!.users[0].id;
    expect(approval.approvers.map((a) => a.userId)).toEqual([onlyUser]);
    await empty.purchasing.approvals.approve(approval.id, { approverId: onlyUser });
    expect((await empty.purchaseOrders.retrieve(order.id)).approval.status).toBe('approved');
  });

  it('an order no rule matches, without requiresApproval, needs no approval', async () => {
    const order = await orderOf(4999.99);
    expect(order.approval).toEqual({ required: false, status: 'not_required' });
    expect(await pendingOf(order)).toEqual([]);
  });

  it("a cancelled order's approval leaves the pending list and cannot be approved", async () => {
    const order = await orderOf(7000);
    const [approval] = await pendingOf(order);
    mock.store.transaction(() =>
      mock.store
        .table<{ id: string; status: string }>(mock.credentials.companyId, 'purchaseOrders')
        .update(order.id, { status: 'cancelled' }),
    );
    expect(await pendingOf(order)).toEqual([]);
    expect(await failureOf(acs.purchasing.approvals.approve(approval.id, { approverId: userId('manager') }))).toBeInstanceOf(
      BusinessRuleError,
    );
  });
});
