import { beforeEach } from 'vitest';
import type { Item } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

/** The demo sandbox of a purchasing test file, reset before each test, with the look-ups its tests share. */
export function purchasingSandbox() {
  const { mock, acs } = sandbox();
  beforeEach(() => {
    mock.reset();
  });
  return {
    mock,
    acs,
    /** A domain context of the demo company, for set-up the API does not offer. */
    ctx: () => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId }),
    byCode: async (itemCode: string): Promise<Item> => (await acs.items.list({ itemCode })).data[0],
    supplierId: async (search: string) => (await acs.suppliers.list({ search })).data[0].id,
  };
}
