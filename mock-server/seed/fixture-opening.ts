import {
  ACCOUNTS,
  createJournalEntry,
  findAccountByNumber,
  JOURNAL_ENTRIES,
  postJournalEntry,
  type AccountRow,
  type JournalEntryRow,
} from '../domain/accounting/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import { type AtPath, FixtureProblem } from './fixture-problem.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureOpening = NonNullable<FixtureFile['companies'][number]['openingBalances']>;

/** The reference of the entry a fixture's opening balances post as (MOCK-32), by which an export finds it again. */
export const OPENING_REFERENCE = 'OPENING';

/**
 * The company's opening balances (MOCK-32): one journal entry on the fixture's date, each line's account named
 * by number, created and posted through the journal's own rules (balanced; no line on a control account, whose
 * balances only documents make).
 */
export function loadOpeningBalances(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  const opening = company.openingBalances;
  if (!opening) return;
  at(`${path}.openingBalances`, () => {
    const lines = opening.lines.map(({ account, ...line }, i) => {
      const row = findAccountByNumber(ctx, account);
      if (!row) throw new FixtureProblem(`lines[${i}].account: no account ${account} in the chart`);
      return { accountId: row.id, ...line };
    });
    const entry = createJournalEntry(ctx, {
      date: opening.date,
      reference: OPENING_REFERENCE,
      description: opening.description ?? 'Opening balances',
      lines,
    });
    postJournalEntry(ctx, entry.id);
  });
}

/** The opening balances as the fixture gave them: the posted entry with the opening reference, lines by account number. */
export function openingBalancesOf(store: Store, companyId: string): FixtureOpening | undefined {
  const entry = store
    .table<JournalEntryRow>(companyId, JOURNAL_ENTRIES)
    .all()
    .find((row) => row.reference === OPENING_REFERENCE && row.status === 'posted' && row.source === null);
  if (!entry) return undefined;
  const accounts = store.table<AccountRow>(companyId, ACCOUNTS);
  return {
    date: entry.date,
    ...(entry.description && entry.description !== 'Opening balances' ? { description: entry.description } : {}),
    lines: entry.lines.map((line) => ({
      account: accounts.get(line.accountId)!.accountNumber,
      ...(line.debit > 0 ? { debit: line.debit } : {}),
      ...(line.credit > 0 ? { credit: line.credit } : {}),
      ...(line.description ? { description: line.description } : {}),
    })),
  };
}
