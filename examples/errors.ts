// Errors are classes by status and code, each with status, code, message, details and requestId.
// Check them with the guards, `isAcsError(e)` and `NotFoundError.is(e)`: unlike instanceof they also hold
// when an app loads two copies of the SDK (its ESM and CJS builds), and they narrow `e.status` to the literal.
import { AcsClient, BusinessRuleError, ConflictError, InvalidRequestError, NotFoundError, ValidationError, isAcsError } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService();
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const [cash] = (await acs.accounts.list({ accountNumber: '1110' })).data;
  const [sales] = (await acs.accounts.list({ accountNumber: '4100' })).data;
  const caught: string[] = [];

  try {
    await acs.journalEntries.create({
      date: '2026-11-02',
      lines: [
        { accountId: cash.id, debit: 100 },
        { accountId: sales.id, credit: 99.99 },
      ],
    });
  } catch (error) {
    if (InvalidRequestError.is(error)) {
      // 400 INVALID_JOURNAL_ENTRY, details [{ field: 'lines', message: ... }]
      caught.push(`${error.status} ${error.code}: ${error.message}`);
    } else throw error;
  }

  try {
    await acs.accounts.create({ accountNumber: '1110', name: 'Cash again', type: 'asset', category: 'current_asset' });
  } catch (error) {
    // details is always an array (empty when the service sent none).
    if (ConflictError.is(error)) caught.push(`${error.status} ${error.code} existingId=${error.details[0]?.existingId}`);
    else throw error;
  }

  try {
    await acs.accounts.create({ accountNumber: '1999', name: 'Odd', type: 'asset', category: 'equity' });
  } catch (error) {
    if (ValidationError.is(error)) caught.push(`${error.status} ${error.code} ${error.details[0]?.field} ${error.details[0]?.code}`);
    else throw error;
  }

  const draft = await acs.journalEntries.create({
    date: '2026-11-02',
    lines: [
      { accountId: cash.id, debit: 10 },
      { accountId: sales.id, credit: 10 },
    ],
  });
  try {
    await acs.journalEntries.void(draft.id, { reason: 'typo' });
  } catch (error) {
    if (BusinessRuleError.is(error)) caught.push(`${error.status} ${error.code}: ${error.message}`);
    else throw error;
  }

  try {
    await acs.accounts.retrieve('acc_does_not_exist');
  } catch (error) {
    if (NotFoundError.is(error)) {
      const status: 404 = error.status; // each class's status is its literal type
      // `code` is typed with the catalogue (docs/errors.md): the editor offers NotFoundError's 404 codes.
      const what = error.code === 'ACCOUNT_NOT_FOUND' ? 'no such account' : `no such ${error.details[0]?.resource}`;
      caught.push(`${status} ${error.code} requestId=${error.requestId} (${what})`);
    } else if (isAcsError(error)) {
      caught.push(`${error.status ?? 'no response'} ${error.code}: ${error.message}`);
    } else throw error;
  }

  for (const line of caught) console.log(line);
  return caught;
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
