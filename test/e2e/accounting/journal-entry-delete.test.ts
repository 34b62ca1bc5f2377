import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, InvalidRequestError, NotFoundError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

async function draft(amount = 42) {
  const [supplies, cash] = await Promise.all(['6500', '1110'].map((n) => accountByNumber(acs, n)));
  return acs.journalEntries.create({ date: mock.today(), lines: transfer(supplies.id, cash.id, amount) });
}

describe('journalEntries.delete (ACC-26, implied DELETE /journal-entries/{id})', () => {
  it('deletes a draft, which then is a 404, and no balance moved', async () => {
    const cash = await accountByNumber(acs, '1110');
    const entry = await draft();
    expect(await acs.journalEntries.delete(entry.id)).toEqual({ id: entry.id, deleted: true });
    expect(await failureOf(acs.journalEntries.retrieve(entry.id))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(acs.journalEntries.delete(entry.id))).toBeInstanceOf(NotFoundError);
    expect((await acs.accounts.retrieve(cash.id)).balance).toEqual(cash.balance);
  });

  it('a posted entry is refused with BUSINESS_RULE_VIOLATION saying it is voided instead, and stays', async () => {
    const entry = await acs.journalEntries.post((await draft()).id);
    const error = await failureOf(acs.journalEntries.delete(entry.id));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
      details: [
        {
          rule: 'a posted entry cannot be deleted; void it instead',
          status: 'posted',
          allowedStatuses: ['draft'],
          journalEntryId: entry.id,
        },
      ],
    });
    expect(await acs.journalEntries.retrieve(entry.id)).toEqual(entry);
  });

  it('a voided entry is refused too: it stays beside its reversal', async () => {
    const entry = await acs.journalEntries.post((await draft()).id);
    await acs.journalEntries.void(entry.id, { reason: 'Duplicate' });
    const error = await failureOf(acs.journalEntries.delete(entry.id));
    expect(error).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION', details: [{ status: 'void' }] });
  });

  it('a draft does not make its account in use: the account deletes, and the draft then fails to post with ACCOUNT_NOT_FOUND', async () => {
    const cash = await accountByNumber(acs, '1110');
    const scratch = await acs.accounts.create({ accountNumber: '6997', name: 'Scratch', type: 'expense', category: 'operating_expense' });
    const entry = await acs.journalEntries.create({ date: mock.today(), lines: transfer(scratch.id, cash.id, 5) });
    expect(await acs.accounts.delete(scratch.id)).toEqual({ id: scratch.id, deleted: true });

    const error = await failureOf(acs.journalEntries.post(entry.id));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'INVALID_JOURNAL_ENTRY',
      details: [{ field: 'lines', code: 'ACCOUNT_NOT_FOUND', index: 0, accountId: scratch.id }],
    });
    expect((await acs.journalEntries.retrieve(entry.id)).status).toBe('draft');
    // The way out: delete the draft and enter it again.
    expect(await acs.journalEntries.delete(entry.id)).toEqual({ id: entry.id, deleted: true });
  });
});
