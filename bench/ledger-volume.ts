// Ledger volume: 100,000 journal entries written and posted through the accounting domain (the path
// every POST /journal-entries and /post takes), then every account's balance read back.
import { accountsTable } from '../mock-server/domain/accounting/tables.js';
import { presentAccount } from '../mock-server/domain/accounting/accounts.js';
import { isControlAccount } from '../mock-server/domain/accounting/control-accounts.js';
import { createJournalEntry, postJournalEntry, type JournalLineInput } from '../mock-server/domain/accounting/journal-entries.js';
import * as money from '../mock-server/domain/shared/money.js';
import { createMockService } from '../mock-server/index.js';
import { canCollectGarbage, heapUsed, mb, ms, report, seededRandom, type Figure } from './harness.js';

const DAY_MS = 86_400_000;

/** 2-4 lines over distinct accounts, debits and credits in whole cents that balance exactly. */
export function randomEntryLines(random: () => number, accountIds: string[]): { lines: JournalLineInput[]; cents: number } {
  const count = 2 + Math.floor(random() * 3);
  const picked = new Set<string>();
  while (picked.size < count) picked.add(accountIds[Math.floor(random() * accountIds.length)]);
  const [creditAccount, ...debitAccounts] = [...picked];
  const debitCents = debitAccounts.map(() => 1 + Math.floor(random() * 1_000_000));
  const cents = debitCents.reduce((a, b) => a + b, 0);
  const lines: JournalLineInput[] = debitAccounts.map((accountId, i) => ({ accountId, debit: debitCents[i] / 100 }));
  lines.push({ accountId: creditAccount, credit: cents / 100 });
  return { lines, cents };
}

const totalsOf = (balances: { debit: number; credit: number }[]) => ({
  debit: money.sum(balances.map((b) => b.debit)),
  credit: money.sum(balances.map((b) => b.credit)),
});

export async function ledgerVolume({ entries }: { entries: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo' });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };
  const accounts = accountsTable(ctx).all();
  // A manual entry may not touch a control account (ACC-27).
  const accountIds = accounts.filter((a) => a.isActive && !isControlAccount(a)).map((a) => a.id);
  const before = totalsOf(accounts.map((a) => presentAccount(ctx, a).balance));

  const random = seededRandom(2026);
  const today = mock.clock.nowMs();
  const heapBefore = heapUsed();
  let writtenCents = 0;
  const started = performance.now();
  for (let i = 0; i < entries; i++) {
    const { lines, cents } = randomEntryLines(random, accountIds);
    const date = new Date(today - Math.floor(random() * 365) * DAY_MS).toISOString().slice(0, 10);
    const draft = createJournalEntry(ctx, { date, reference: `BENCH-${i}`, description: 'Benchmark entry', lines });
    postJournalEntry(ctx, draft.id);
    writtenCents += cents;
  }
  const writeMs = performance.now() - started;
  const heapAfter = heapUsed();

  const readStarted = performance.now();
  const balances = accountsTable(ctx)
    .all()
    .map((a) => presentAccount(ctx, a).balance);
  const readMs = performance.now() - readStarted;
  const after = totalsOf(balances);

  const written = money.parse(writtenCents).dividedBy(100);
  const balanced = after.debit.equals(after.credit);
  const complete = after.debit.minus(before.debit).equals(written) && after.credit.minus(before.credit).equals(written);
  if (!balanced || !complete) {
    throw new Error(
      `the ledger does not add up: debits ${after.debit}, credits ${after.credit}, written ${written} on top of ${before.debit}`,
    );
  }

  const n = entries.toLocaleString('en-US');
  const heapNote = canCollectGarbage() ? '' : ' (no --expose-gc: heap not collected first)';
  return [
    report(
      `create + post ${n} journal entries (2-4 lines)`,
      `${(writeMs / 1000).toFixed(2)} s (${((writeMs / entries) * 1000).toFixed(1)} µs per entry)`,
    ),
    report(
      `heap used before / after ${n} entries${heapNote}`,
      `${mb(heapBefore)} / ${mb(heapAfter)} (+${mb(heapAfter - heapBefore)}, ${Math.round((heapAfter - heapBefore) / entries)} B per entry)`,
    ),
    report(`read the balance of all ${balances.length} accounts`, ms(readMs)),
    report('total debits = total credits over all accounts', `${money.toFixed(after.debit)} = ${money.toFixed(after.credit)} (balanced)`),
  ];
}
