// Reports at scale (REP-78): 1,000,000 posted journal lines over a year, written by the one-step
// posting path documents take (postLedgerEntry), then the trial balance, the balance sheet and the P&L
// over those books, and the heap each posted line costs.
import { accountsTable, isControlAccount, postLedgerEntry } from '../mock-server/domain/accounting/index.js';
import { setAuditTrailWriting } from '../mock-server/domain/audit/index.js';
import { reportOfType, runReport } from '../mock-server/domain/reports/index.js';
import { addDays } from '../mock-server/domain/shared/calendar.js';
import { createMockService } from '../mock-server/index.js';
import type { CompanyContext } from '../mock-server/store/context.js';
import { atMost, canCollectGarbage, heapUsed, mb, ms, report, seededRandom, time, type Figure } from './harness.js';
import { randomEntryLines } from './ledger-volume.js';

const DAY_MS = 86_400_000;

/**
 * The same books on the storage before the ledger index (REP-78; main at e71071e: every posted line a second time
 * as a `ledgerLines` row, totals per account, sums by a scan of the lines), by this benchmark at full size.
 */
const BEFORE = { bytesPerLine: 856, trialBalanceMs: 1805, balanceSheetMs: 2659, profitLossMs: 6962 };

/** A report computed as its route computes it (query validated, defaults filled), bypassing the cache. */
function reportRunner(ctx: CompanyContext, type: string, query: Record<string, string>): () => unknown {
  const definition = reportOfType(type);
  if (!definition) throw new Error(`no ${type} report in the catalogue`);
  const { format: _format, ...params } = (definition.endpoint.query?.parse(query) ?? {}) as Record<string, unknown>;
  return () => runReport(ctx, definition, params, { generatedBy: 'bench', fresh: true }).data;
}

/** Posts entries of 2-4 lines, dated over the year before today, until `lines` lines are posted. */
function postBooks(ctx: CompanyContext, lines: number, today: number): { entries: number; lines: number } {
  const accountIds = accountsTable(ctx)
    .all()
    .filter((a) => a.isActive && !isControlAccount(a))
    .map((a) => a.id);
  const random = seededRandom(2613);
  let posted = 0;
  let entries = 0;
  while (posted < lines) {
    const { lines: entryLines } = randomEntryLines(random, accountIds);
    const date = new Date(today - Math.floor(random() * 365) * DAY_MS).toISOString().slice(0, 10);
    postLedgerEntry(ctx, { date, reference: `RV-${entries}`, description: 'Report volume', lines: entryLines, source: null });
    posted += entryLines.length;
    entries++;
  }
  return { entries, lines: posted };
}

export async function reportVolume({ lines, runs }: { lines: number; runs: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo' });
  // The audit trail keeps its own copy of every write; its cost is the audit section's.
  setAuditTrailWriting(mock.store, false);
  const ctx: CompanyContext = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };
  const today = mock.clock.nowMs();
  const asOfDate = new Date(today).toISOString().slice(0, 10);
  const yearStart = addDays(asOfDate, -364);

  const heapBefore = heapUsed();
  const started = performance.now();
  const books = postBooks(ctx, lines, today);
  const writeMs = performance.now() - started;
  const perLine = (heapUsed() - heapBefore) / books.lines;

  const trialBalance = reportRunner(ctx, 'trial-balance', { asOfDate });
  const firstStarted = performance.now();
  trialBalance();
  const firstMs = performance.now() - firstStarted;
  const tb = await time(trialBalance, { runs, warmup: 2 });
  // A restore (what mock.reset() does) empties the change log: the next read rebuilds the index from the postings.
  mock.store.restore(mock.store.snapshot());
  const rebuildStarted = performance.now();
  trialBalance();
  const rebuildMs = performance.now() - rebuildStarted;

  const n = books.lines.toLocaleString('en-US');
  const heapNote = canCollectGarbage() ? '' : ' (no --expose-gc: heap not collected first)';
  const full = lines >= 1_000_000;
  const figures = [
    report(
      `post ${books.entries.toLocaleString('en-US')} entries, ${n} lines`,
      `${(writeMs / 1000).toFixed(2)} s (${((writeMs / books.lines) * 1000).toFixed(1)} µs per line)`,
    ),
    report(
      `heap per posted line${heapNote}`,
      `${Math.round(perLine)} B (+${mb(perLine * books.lines)}${full ? `; recorded before §6 at e71071e: ${BEFORE.bytesPerLine} B` : ''})`,
      full ? atMost(perLine, 600, 'at most 600 B') : undefined,
    ),
    report('trial balance, first run after the load', ms(firstMs)),
    report(`trial balance after a restore (index rebuilt from ${books.entries.toLocaleString('en-US')} postings)`, ms(rebuildMs)),
    report(
      `trial balance over ${n} lines (median of ${runs})`,
      `${ms(tb.median)}${full ? ` (recorded before §6 at e71071e: ${ms(BEFORE.trialBalanceMs)})` : ''}`,
      full ? atMost(tb.median, 1000, 'at most 1 s') : undefined,
    ),
  ];

  const statements: [string, () => unknown, number][] = [
    [
      'balance sheet, previous-year comparative',
      reportRunner(ctx, 'balance-sheet', { asOfDate, comparativePeriod: 'previous-year' }),
      BEFORE.balanceSheetMs,
    ],
    [
      'profit and loss by month, previous-year comparative',
      reportRunner(ctx, 'profit-loss', { periodFrom: yearStart, periodTo: asOfDate, comparativePeriod: 'previous-year', groupBy: 'month' }),
      BEFORE.profitLossMs,
    ],
  ];
  for (const [name, run, before] of statements) {
    const timing = await time(run, { runs, warmup: 2 });
    const figure = `${ms(timing.median)}${full ? ` (recorded before §6 at e71071e: ${ms(before)})` : ''}`;
    figures.push(report(`${name} (median of ${runs})`, figure, full ? atMost(timing.median, 1000, 'at most 1 s') : undefined));
  }
  return figures;
}
