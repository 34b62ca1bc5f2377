import { beforeEach, describe, expect, it } from 'vitest';
import { PermissionDeniedError, ValidationError, type AcsClient } from '../../../src/index.js';
import type { Change } from '../../../mock-server/store/index.js';
import { locationByCode, newStockItem } from '../inventory/support.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// PATCH /v1/company (implied; decision PLAT-2).
const { mock, acs, readOnlyClient, companyClient } = sandbox();

beforeEach(() => {
  mock.reset();
});

/** A tracked item of the test's own with `held` units at the warehouse, and a draft invoice selling `sold` of them there. */
async function saleBeyondStock(client: AcsClient, held: number, sold: number) {
  const [item, warehouse] = [await newStockItem(client), await locationByCode(client, 'WH-SJ')];
  await client.inventory.adjustments.create({
    reason: 'initial_stock',
    locationId: warehouse.id,
    items: [{ itemId: item.id, adjustmentQuantity: held, unitCost: 5 }],
  });
  const customer = await client.customers.create({ name: 'Settings Buyer Sdn Bhd', email: 'settings@buyer.my' });
  const draft = await client.invoices.create({
    customerId: customer.id,
    locationId: warehouse.id,
    items: [{ itemId: item.id, quantity: sold }],
  });
  const onHand = async () => (await client.items.retrieve(item.id)).inventory.currentStock;
  return { draft, onHand };
}

describe('company settings, through the SDK against the mock', () => {
  it('a company that forbids negative stock refuses a sale beyond what it holds, and allows it again when the setting is back', async () => {
    const { draft, onHand } = await saleBeyondStock(acs, 3, 4);

    expect(await acs.company.update({ allowNegativeStock: false })).toMatchObject({
      id: mock.credentials.companyId,
      allowNegativeStock: false,
    });
    expect(await acs.company.retrieve()).toMatchObject({ allowNegativeStock: false });
    const refused = await failureOf(acs.invoices.send(draft.id));
    expect(refused).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_STOCK',
      details: [expect.objectContaining({ onHand: 3, requested: 4 })],
    });
    expect(await acs.invoices.retrieve(draft.id)).toMatchObject({ status: 'draft' });
    expect(await onHand()).toBe(3);

    expect(await acs.company.update({ allowNegativeStock: true })).toMatchObject({ allowNegativeStock: true });
    expect(await acs.invoices.send(draft.id)).toMatchObject({ status: 'sent' });
    expect(await onHand()).toBe(-1);
  });

  it("the setting is the company's own: the other company of the key still allows negative stock", async () => {
    const [, other] = mock.credentials.companies;
    await acs.company.update({ allowNegativeStock: false });
    expect(await acs.withCompany(other.id).company.retrieve()).toMatchObject({ allowNegativeStock: true });
  });

  it('answers the profile as GET /v1/company shows it, and an empty patch changes nothing', async () => {
    const before = await acs.company.retrieve();
    expect(await acs.company.update({ allowNegativeStock: false })).toEqual({ ...before, allowNegativeStock: false });
    expect(await acs.company.update({})).toEqual({ ...before, allowNegativeStock: false });
  });

  it("the write goes through the store's one write path, with the key as actor and the request id", async () => {
    const changes: Change[] = [];
    const stop = mock.store.onCommit((committed) => changes.push(...committed.filter((c) => c.table === 'companies')));
    const { requestId } = await acs.company.update({ allowNegativeStock: false }).withResponse();
    stop();
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      id: mock.credentials.companyId,
      requestId,
      before: { allowNegativeStock: true },
      after: { allowNegativeStock: false },
    });
    expect(changes[0].actor).not.toBe('system');
  });

  it('a key without the admin scope gets 403 and the setting stays', async () => {
    for (const client of [readOnlyClient(), companyClient(0)]) {
      const error = await failureOf(client.company.update({ allowNegativeStock: false }));
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error).toMatchObject({ status: 403, details: [expect.objectContaining({ required_scope: 'admin' })] });
    }
    expect(await acs.company.retrieve()).toMatchObject({ allowNegativeStock: true });
  });

  it('an unknown field is refused with 422 VALIDATION_ERROR naming it, and nothing changes', async () => {
    const before = await acs.company.retrieve();
    // `currency` is the company's, not a setting: refused whole, so the valid field beside it is not applied either.
    const error = await failureOf(acs.company.update({ allowNegativeStock: false, currency: 'USD' } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'body', code: 'INVALID_FORMAT', message: 'unknown field(s): currency' })],
    });
    expect(await acs.company.retrieve()).toEqual(before);
  });

  it('a setting of the wrong type is refused and nothing changes', async () => {
    const error = await failureOf(acs.company.update({ allowNegativeStock: 'no' } as never));
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'allowNegativeStock' })],
    });
    expect(await acs.company.retrieve()).toMatchObject({ allowNegativeStock: true });
  });
});
