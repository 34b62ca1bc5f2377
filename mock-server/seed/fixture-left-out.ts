import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';

// What an export could not write (MOCK-52): the file names each record left out and why, and a sandbox loaded from it
// keeps that list, so its own export says so again (the round trip gives the same file) and nothing is lost unsaid.

export const FIXTURE_LEFT_OUT = 'fixtureLeftOut';

/** A record an export left out, as the file named it, in the order written. */
export interface LeftOutRow {
  id: string;
  position: number;
  record: string;
  reason: string;
}

export interface LeftOut {
  record: string;
  reason: string;
}

/**
 * What a company's export notes as it writes (MOCK-52): the records it leaves out, and the steps of the load it writes
 * by record id (`steps.set(invoiceId, 'invoices[3]')`), for the order of its stock moves (fixture-stock-moves.ts).
 */
export interface ExportLog {
  leftOut: LeftOut[];
  steps: Map<string, string>;
}

export const exportLog = (): ExportLog => ({ leftOut: [], steps: new Map() });

export function defineFixtureLeftOutTable(store: Store): void {
  store.defineTable(FIXTURE_LEFT_OUT, { prefix: 'flo', internal: true });
}

/** Keeps the list a loaded file carried, for this sandbox's export to write again. */
export function keepLeftOut(ctx: ActingContext, leftOut: readonly LeftOut[] | undefined): void {
  const table = ctx.store.table<LeftOutRow>(ctx.companyId, FIXTURE_LEFT_OUT);
  leftOut?.forEach(({ record, reason }, position) => void table.insert({ id: table.newId(), position, record, reason }));
}

/** What the loaded file said was left out, then what this export leaves out now. */
export function leftOutOf(store: Store, companyId: string, now: readonly LeftOut[]): LeftOut[] {
  const kept = store.hasTable(FIXTURE_LEFT_OUT)
    ? store
        .table<LeftOutRow>(companyId, FIXTURE_LEFT_OUT)
        .all()
        .sort((a, b) => a.position - b.position)
        .map(({ record, reason }) => ({ record, reason }))
    : [];
  return [...kept, ...now];
}
