import { BILLS, type BillRow } from '../domain/purchasing/index.js';
import { CREDIT_NOTES, type CreditNoteRow, DEBIT_NOTES, type DebitNoteRow, INVOICES, type InvoiceRow } from '../domain/sales/index.js';
import type { Store } from '../store/index.js';
import type { ExportLog } from './fixture-left-out.js';
import { ledgerClock } from './fixture-ledger-clock.js';
import { byNumber } from './fixture-rows.js';

// The order a company's stock moved in, as a fixture writes it (MOCK-52): the load's steps that move stock, cost or what
// an order has billed (receipts, sends, notes, cancels, approvals, voids, returns), by the order the API posted them.

interface Timed {
  path: string;
  /** The record whose steps a load makes one after another (`invoices[2]`), or its list for receipts and returns. */
  chain: string;
  at: number;
}

const recordOf = (path: string) => /^[A-Za-z]+\[\d+\]/.exec(path)![0];

/** The company's sales and bill steps, with when the API posted each. */
function documentSteps(store: Store, companyId: string, log: ExportLog): Timed[] {
  const clock = ledgerClock(store, companyId);
  const steps: Timed[] = [];
  const add = (path: string, at: number | undefined, chain = recordOf(path)) => {
    if (at !== undefined) steps.push({ path, chain, at });
  };
  const left = new Set(log.leftOut.map((entry) => entry.record));
  const invoices = store
    .table<InvoiceRow>(companyId, INVOICES)
    .all()
    .sort(byNumber((row) => row.invoiceNumber));
  invoices.forEach((row, i) => {
    const path = `invoices[${i}]`;
    add(`${path}.status`, clock.entry(row.journalEntryId) ?? clock.made('invoice', row.id));
    store
      .table<DebitNoteRow>(companyId, DEBIT_NOTES)
      .byIndex('invoiceId', row.id)
      .sort(byNumber((note) => note.debitNoteNumber))
      .forEach((note, d) => void add(`${path}.debitNotes[${d}]`, clock.made('debit_note', note.id)));
    store
      .table<CreditNoteRow>(companyId, CREDIT_NOTES)
      .byIndex('invoiceId', row.id)
      .sort(byNumber((note) => note.creditNoteNumber))
      .filter((note) => !left.has(`${note.creditNoteNumber} on ${row.invoiceNumber}`))
      .forEach((note, c) => void add(`${path}.creditNotes[${c}]`, clock.made('credit_note', note.id)));
    if (row.status === 'cancelled') add(`${path}.cancel`, clock.undone('invoice', row.id));
  });
  if (store.hasTable(BILLS)) {
    const bills = store
      .table<BillRow>(companyId, BILLS)
      .all()
      .filter((row) => row.purchaseOrderId === null || log.steps.has(row.purchaseOrderId))
      .sort(byNumber((row) => row.billNumber));
    bills.forEach((row, b) => {
      add(`bills[${b}].status`, clock.made('bill', row.id));
      if (row.status === 'void') add(`bills[${b}].void`, clock.undone('bill', row.id));
    });
  }
  return steps;
}

/**
 * The company's `stockMoves` (MOCK-52): empty when the load's own order (receipts, then each invoice's and each bill's
 * steps, then the returns) is the order the API made them in; else every timed step in the API's order. Steps of one
 * record a load makes in the file's order (a debit note after a credit note of its invoice, say): when the API made
 * them otherwise, they keep the places of that record's steps in the file's order, and the record is named in `leftOut`.
 */
export function stockMovesOf(store: Store, companyId: string, log: ExportLog): string[] {
  const purchasing = [...log.steps.entries()].filter(([, path]) => /^(receipts|purchaseReturns)\[/.test(path));
  if (purchasing.length === 0) return [];
  const clock = ledgerClock(store, companyId);
  const timed: Timed[] = [];
  // A receipt or return that posted nothing keeps its place just after the one before it in its list.
  let last = -1;
  for (const [id, path] of purchasing) {
    const at = path.startsWith('receipts')
      ? clock.made('purchase_receipt', id)
      : path.endsWith('.void')
        ? clock.undone('purchase_return', id.replace(/ void$/, ''))
        : clock.made('purchase_return', id);
    last = at ?? last + 0.001;
    timed.push({ path, chain: path.startsWith('receipts') ? 'receipts' : recordOf(path), at: last });
  }
  const steps = [...timed.filter((s) => s.path.startsWith('receipts')), ...documentSteps(store, companyId, log)];
  steps.push(...timed.filter((s) => !s.path.startsWith('receipts')));
  const real = [...steps].sort((a, b) => a.at - b.at);
  if (real.every((step, k) => step === steps[k])) return [];
  // Each record's steps in the file's order, in the places the API's order gives that record.
  const chains = new Map<string, Timed[]>();
  for (const step of steps) chains.set(step.chain, [...(chains.get(step.chain) ?? []), step]);
  const placed = [...real];
  for (const [chain, own] of chains) {
    const slots = real.flatMap((step, k) => (step.chain === chain ? [k] : []));
    if (own.some((step, n) => real[slots[n]] !== step)) {
      log.leftOut.push({ record: chain, reason: REORDERED });
      own.forEach((step, n) => void (placed[slots[n]] = step));
    }
  }
  return placed.map((step) => step.path);
}

/** Why a record is named when its steps are loaded in the file's order, not the API's (MOCK-52). */
const REORDERED =
  "its steps are loaded in the file's order, not the order the API made them in (a note or a cancel before another of its steps): stock costs may differ";
