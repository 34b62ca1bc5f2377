import { createJournalEntry, postLedgerEntry, voidJournalEntry } from '../domain/accounting/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';
/** `[accountNumber, debit, credit]` of one line. */
type SeedLine = [account: string, debit: number, credit: number, description?: string];

/** One demo entry, dated `daysAgo` before the clock's today. */
export interface SeedEntry {
  daysAgo: number;
  reference: string;
  description: string;
  lines: SeedLine[];
  status: 'draft' | 'posted';
  /** Voided this many days after its date, with this reason (writes the reversing entry). */
  void?: { daysLater: number; reason: string };
}

/**
 * A wholesaler's last four months: capital, equipment, payroll, bills. Its sales are documents
 * (seed/sales.ts), so receivables and tax payable move only through them (ACC-28); its opening stock
 * is counted into the books by seed/opening-stock.ts and moves only through documents (INV-32).
 */
export const TRADING_ENTRIES: SeedEntry[] = [
  {
    daysAgo: 120,
    reference: 'CAP-001',
    description: 'Paid-up share capital',
    status: 'posted',
    lines: [
      ['1120', 150_000, 0],
      ['3100', 0, 150_000],
    ],
  },
  {
    daysAgo: 112,
    reference: 'PV-0001',
    description: 'Laptops and printer for the office',
    status: 'posted',
    lines: [
      ['1210', 8_500, 0],
      ['1120', 0, 8_500],
    ],
  },
  {
    daysAgo: 92,
    reference: 'RENT-001',
    description: 'Warehouse rent',
    status: 'posted',
    lines: [
      ['6100', 4_500, 0],
      ['1120', 0, 4_500],
    ],
  },
  {
    daysAgo: 62,
    reference: 'PAY-001',
    description: 'Monthly payroll',
    status: 'posted',
    lines: [
      ['6200', 18_000, 0],
      ['1120', 0, 15_840, 'Net salaries'],
      ['2140', 0, 2_160, 'EPF and SOCSO withheld'],
    ],
  },
  {
    daysAgo: 61,
    reference: 'RENT-002',
    description: 'Warehouse rent',
    status: 'posted',
    lines: [
      ['6100', 4_500, 0],
      ['1120', 0, 4_500],
    ],
  },
  {
    daysAgo: 40,
    reference: 'TNB-001',
    description: 'Tenaga Nasional electricity bill',
    status: 'posted',
    lines: [
      ['6300', 612.35, 0],
      ['1120', 0, 612.35],
    ],
  },
  {
    daysAgo: 20,
    reference: 'TM-001',
    description: 'Unifi business broadband',
    status: 'posted',
    lines: [
      ['6400', 338.9, 0],
      ['1120', 0, 338.9],
    ],
    void: { daysLater: 2, reason: 'Wrong amount keyed; re-entered as TM-001A' },
  },
  {
    daysAgo: 18,
    reference: 'TM-001A',
    description: 'Unifi business broadband',
    status: 'posted',
    lines: [
      ['6400', 328.9, 0],
      ['1120', 0, 328.9],
    ],
  },
  {
    daysAgo: 10,
    reference: 'BC-001',
    description: 'Maybank monthly service charge',
    status: 'posted',
    lines: [
      ['6700', 15, 0],
      ['1120', 0, 15],
    ],
  },
  {
    daysAgo: 2,
    reference: 'ACR-001',
    description: 'Audit fee accrual, Tan & Partners',
    status: 'draft',
    lines: [
      ['6900', 3_000, 0],
      ['2130', 0, 3_000],
    ],
  },
  {
    daysAgo: 1,
    reference: 'PC-0007',
    description: 'Printer paper and toner',
    status: 'draft',
    lines: [
      ['6500', 245.6, 0],
      ['1110', 0, 245.6],
    ],
  },
];

/** A bakery's last three months: a smaller book with cash sales and ingredient purchases. */
export const BAKERY_ENTRIES: SeedEntry[] = [
  {
    daysAgo: 95,
    reference: 'CAP-001',
    description: 'Paid-up share capital',
    status: 'posted',
    lines: [
      ['1120', 60_000, 0],
      ['3100', 0, 60_000],
    ],
  },
  {
    daysAgo: 90,
    reference: 'PV-0001',
    description: 'Deck oven and mixers',
    status: 'posted',
    lines: [
      ['1210', 18_750, 0],
      ['1120', 0, 18_750],
    ],
  },
  {
    daysAgo: 60,
    reference: 'CS-101',
    description: 'Counter sales for the month',
    status: 'posted',
    lines: [
      ['1110', 9_874.2, 0],
      ['4100', 0, 9_874.2],
    ],
  },
  {
    daysAgo: 31,
    reference: 'RENT-001',
    description: 'Shop lot rent, Lebuh Chulia',
    status: 'posted',
    lines: [
      ['6100', 2_800, 0],
      ['1120', 0, 2_800],
    ],
  },
  {
    daysAgo: 12,
    reference: 'ADV-001',
    description: 'Facebook advertising',
    status: 'posted',
    lines: [
      ['6600', 450, 0],
      ['1120', 0, 450],
    ],
    void: { daysLater: 1, reason: 'Charged to the director personally' },
  },
  {
    daysAgo: 3,
    reference: 'PC-0003',
    description: 'Cake boxes',
    status: 'draft',
    lines: [
      ['6500', 189.9, 0],
      ['1110', 0, 189.9],
    ],
  },
];

/**
 * Writes the entries through the journal domain so totals and ledger follow the same path: drafts as
 * a user creates them, posted ones as history brought into the books in one step. Receivables and tax
 * payable are left to the sales documents (ACC-28), inventory to stock documents (INV-32).
 */
export function seedJournal(ctx: ActingContext, accountIds: Map<string, string>, entries: SeedEntry[]): void {
  const today = companyToday(ctx);
  const accountId = (number: string): string => {
    const id = accountIds.get(number);
    if (!id) throw new Error(`seed entry uses unknown account ${number}`);
    return id;
  };
  for (const seed of entries) {
    const entry = {
      date: addDays(today, -seed.daysAgo),
      reference: seed.reference,
      description: seed.description,
      lines: seed.lines.map(([account, debit, credit, description]) => ({ accountId: accountId(account), debit, credit, description })),
    };
    if (seed.status === 'draft') {
      createJournalEntry(ctx, entry);
      continue;
    }
    const posted = postLedgerEntry(ctx, { ...entry, source: null });
    if (seed.void)
      voidJournalEntry(ctx, posted.id, { reason: seed.void.reason, voidDate: addDays(today, -(seed.daysAgo - seed.void.daysLater)) });
  }
}
