import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError } from '../../../src/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox, transfer } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const RULE = 'a control account moves only through its documents, not a manual journal line';

describe('control accounts (ACC-27)', () => {
  it('a manual journal line on accounts receivable is refused, naming the rule and the account, and nothing is written', async () => {
    const [receivable, sales] = await Promise.all(['1130', '4100'].map((n) => accountByNumber(acs, n)));
    const before = await journalEntryCount(acs);
    const error = await failureOf(acs.journalEntries.create({ date: mock.today(), lines: transfer(receivable.id, sales.id, 100) }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
      details: [{ rule: RULE, index: 0, accountId: receivable.id, accountNumber: '1130', systemRole: 'accounts_receivable' }],
    });
    expect((error as Error).message).toContain('1130 (accounts receivable)');
    expect(await journalEntryCount(acs)).toBe(before);
  });

  it('so is a line on tax payable, payables or inventory: each offending line is named', async () => {
    const [tax, payable, stock, cash] = await Promise.all(['2120', '2110', '1140', '1110'].map((n) => accountByNumber(acs, n)));
    const error = await failureOf(
      acs.journalEntries.create({
        date: mock.today(),
        lines: [
          { accountId: cash.id, debit: 30 },
          { accountId: tax.id, credit: 10 },
          { accountId: payable.id, credit: 10 },
          { accountId: stock.id, credit: 10 },
        ],
      }),
    );
    expect(error).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION' });
    expect((error as BusinessRuleError).details).toEqual([
      expect.objectContaining({ rule: RULE, index: 1, accountNumber: '2120', systemRole: 'tax_payable' }),
      expect.objectContaining({ rule: RULE, index: 2, accountNumber: '2110', systemRole: 'accounts_payable' }),
      expect.objectContaining({ rule: RULE, index: 3, accountNumber: '1140', systemRole: 'inventory' }),
    ]);
  });

  it('a malformed entry on a control account answers its 400 first', async () => {
    const [receivable, sales] = await Promise.all(['1130', '4100'].map((n) => accountByNumber(acs, n)));
    const error = await failureOf(
      acs.journalEntries.create({
        date: mock.today(),
        lines: [
          { accountId: receivable.id, debit: 10 },
          { accountId: sales.id, credit: 9 },
        ],
      }),
    );
    expect(error).toMatchObject({ status: 400, code: 'INVALID_JOURNAL_ENTRY' });
  });

  it('the account shows isControlAccount; the bank, cash and sales accounts are not control accounts', async () => {
    const flags = Object.fromEntries(
      await Promise.all(
        ['1110', '1120', '1130', '1140', '2110', '2120', '4100'].map(async (n) => [n, (await accountByNumber(acs, n)).isControlAccount]),
      ),
    );
    expect(flags).toEqual({ '1110': false, '1120': false, '1130': true, '1140': true, '2110': true, '2120': true, '4100': false });
  });

  it('documents still post to them: sending an invoice debits receivables and credits tax payable', async () => {
    const [receivable, tax] = await Promise.all(['1130', '2120'].map((n) => accountByNumber(acs, n)));
    const customer = await acs.customers.create({ name: 'Control Test Sdn Bhd', email: 'ap@control.my' });
    const draft = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Desk', quantity: 1, unitPrice: 100, taxCode: 'SST10' }],
    });
    await acs.invoices.send(draft.id);
    expect((await acs.accounts.retrieve(receivable.id)).balance.net).toBe(receivable.balance.net + 110);
    expect((await acs.accounts.retrieve(tax.id)).balance.net).toBe(tax.balance.net + 10);
  });
});
