import { beforeEach } from 'vitest';
import type { Item } from '../../../src/index.js';
import { createTaxCode } from '../../../mock-server/domain/sales/index.js';
import { accountByNumber, sandbox } from '../../support/sandbox.js';

/** The demo sandbox of a purchasing test file, reset before each test, with the look-ups its tests share. */
export function purchasingSandbox() {
  const { mock, acs } = sandbox();
  beforeEach(() => {
    mock.reset();
  });
  const ctx = () => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId });
  return {
    mock,
    acs,
    /** A domain context of the demo company, for set-up the API does not offer. */
    ctx,
    byCode: async (itemCode: string): Promise<Item> => (await acs.items.list({ itemCode })).data[0],
    supplierId: async (search: string) => (await acs.suppliers.list({ search })).data[0].id,
    /** An account's net balance, by number. */
    balanceOf: async (accountNumber: string) => (await acs.accounts.retrieve((await accountByNumber(acs, accountNumber)).id)).balance.net,
    /** `[accountNumber, debit, credit]` of an entry's lines, by account number. */
    linesOf: async (journalEntryId: string) =>
      (await acs.journalEntries.retrieve(journalEntryId)).lines
        .map((l) => [l.accountNumber, l.debit, l.credit] as const)
        .sort((a, b) => a[0].localeCompare(b[0])),
    /** Adds GST6, a VAT or GST company's code whose tax on purchases is recoverable (PUR-55); the seed's SST codes are not. */
    addRecoverableCode: () =>
      createTaxCode(ctx(), {
        code: 'GST6',
        name: 'Input tax 6%, recoverable',
        rate: 6,
        myinvoisTaxType: '06',
        peppolCategory: 'S',
        purchaseTaxRecoverable: true,
      }),
  };
}
