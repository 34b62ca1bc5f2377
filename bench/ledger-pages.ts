// Account ledger pages by cursor (GET /accounts/{id}/ledger) on one busy account: the first page and
// the last, at two depths, through the whole in-process service. The last page is reached by following
// nextCursor at the largest limit, then read at the usual one; a page should cost the same at any depth.
import { accountsTable } from '../mock-server/domain/accounting/tables.js';
import { isControlAccount } from '../mock-server/domain/accounting/control-accounts.js';
import { postLedgerEntry } from '../mock-server/domain/accounting/journal-entries.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { atMost, authHeaders, ms, report, seededRandom, time, type Figure } from './harness.js';

/** Issue target: a ledger page among 100,000 lines of one account. */
export const LEDGER_PAGE_TARGET_MS = 5;
const PAGE = 100;
const DAY_MS = 86_400_000;

interface LedgerBody {
  lines: { balance: number; lineId: string }[];
  openingBalance: number;
  closingBalance: number;
  hasMore: boolean;
  nextCursor: string | null;
}

/** `lines` posted lines on one account over a year, dated at random (so many are posted back-dated). */
function fill(mock: MockService, lines: number): string {
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };
  const [busy, other] = accountsTable(ctx)
    .all()
    .filter((a) => a.isActive && !isControlAccount(a) && a.type === 'asset');
  const random = seededRandom(25);
  const today = mock.clock.nowMs();
  for (let from = 0; from < lines; from += 1000) {
    mock.store.transaction(() => {
      for (let i = from; i < Math.min(lines, from + 1000); i++) {
        const date = new Date(today - Math.floor(random() * 365) * DAY_MS).toISOString().slice(0, 10);
        const cents = 1 + Math.floor(random() * 100_000);
        const [debit, credit] = random() < 0.7 ? [busy.id, other.id] : [other.id, busy.id];
        postLedgerEntry(ctx, {
          date,
          lines: [
            { accountId: debit, debit: cents / 100 },
            { accountId: credit, credit: cents / 100 },
          ],
          source: null,
        });
      }
    });
  }
  return busy.id;
}

function client(mock: MockService, accountId: string) {
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const headers = authHeaders({ apiKey, companyId });
  return async (query: string): Promise<LedgerBody> => {
    const response = await mock.fetch(`${baseUrl}/accounts/${accountId}/ledger?${query}`, { headers });
    const body = (await response.json()) as { data: LedgerBody };
    if (response.status !== 200) throw new Error(`GET ledger?${query} answered ${response.status}: ${JSON.stringify(body)}`);
    return body.data;
  };
}

async function depth(lines: number, runs: number): Promise<{ first: number; last: number; figures: Figure[] }> {
  const mock = createMockService({ seed: 'demo' });
  const t0 = performance.now();
  const accountId = fill(mock, lines);
  const fillMs = performance.now() - t0;
  const get = client(mock, accountId);
  const first = await get(`limit=${PAGE}`);
  // Walk at the largest limit to the page before the last, then read the last at the usual limit.
  let cursor = first.nextCursor;
  let seen = first.lines.length;
  const w0 = performance.now();
  let pages = 0;
  while (cursor && seen < first.lines.length + (lines - 2 * PAGE)) {
    const size = Math.min(1000, lines - PAGE - seen);
    const page = await get(`limit=${size}&cursor=${cursor}`);
    seen += page.lines.length;
    cursor = page.nextCursor;
    pages++;
  }
  const walkMs = (performance.now() - w0) / Math.max(1, pages);
  const lastQuery = `limit=${PAGE}&cursor=${cursor}`;
  const last = await get(lastQuery);
  if (last.hasMore || seen + last.lines.length < lines)
    throw new Error(`the walk reached line ${seen + last.lines.length} of at least ${lines}`);
  if (Math.round(last.lines.at(-1)!.balance * 100) !== Math.round(last.closingBalance * 100)) {
    throw new Error(`the last line's balance ${last.lines.at(-1)!.balance} is not the closing balance ${last.closingBalance}`);
  }
  const firstT = await time(() => get(`limit=${PAGE}`), { runs, warmup: 3 });
  const lastT = await time(() => get(lastQuery), { runs, warmup: 3 });
  const n = lines.toLocaleString('en-US');
  return {
    first: firstT.median,
    last: lastT.median,
    figures: [
      report(`post ${n} lines on one account (2-line entries, back-dated at random)`, `${(fillMs / 1000).toFixed(2)} s`),
      report(`ledger first page (${PAGE}) of ${n} lines (median)`, `${ms(firstT.median)} (p95 ${ms(firstT.p95)})`),
      report(
        `ledger last page (${PAGE}) of ${n} lines via cursor (median)`,
        `${ms(lastT.median)} (p95 ${ms(lastT.p95)}; walk there at limit 1000: ${walkMs.toFixed(2)} ms/page)`,
        lines >= 100_000 ? atMost(lastT.median, LEDGER_PAGE_TARGET_MS, `<= ${LEDGER_PAGE_TARGET_MS} ms`) : undefined,
      ),
    ],
  };
}

export async function ledgerPages({ sizes, runs }: { sizes: number[]; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const lines of sizes) {
    const { first, last, figures: own } = await depth(lines, runs);
    figures.push(
      ...own,
      report(
        `ledger last / first page at ${lines.toLocaleString('en-US')} lines`,
        `${(last / first).toFixed(2)}x`,
        atMost(last / first, 2, 'at most 2x'),
      ),
    );
  }
  return figures;
}
