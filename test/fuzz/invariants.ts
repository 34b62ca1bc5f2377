/**
 * What must still hold after the mock accepted a hostile write (MOCK-24): every list
 * still answers with records that fit the contract, a record reads back as the write answered it,
 * and the rules of ARCHITECTURE.md that span modules (the ledger balances) still hold.
 */
import type { AnyEndpoint } from '../../src/contract/index.js';
import { fieldNamesOf } from './arbitraries.js';
import {
  clip,
  describeExchange,
  httpEndpoints,
  paramNames,
  universalProblems,
  type Exchange,
  type FuzzTarget,
  type RecordData,
} from './harness.js';

const parameterlessLists = httpEndpoints.filter((e) => e.list && e.method === 'GET' && paramNames(e).length === 0);

/** After an accepted write: every list of the company still answers 200 with records that fit the contract. */
export async function listsStillServe(target: FuzzTarget): Promise<string[]> {
  const problems: string[] = [];
  for (const list of parameterlessLists) {
    const before = target.snapshot();
    const x = await target.send(list);
    const found = universalProblems(x, before, target.snapshot(), [target.adminKey]);
    if (x.answer.status !== 200 || found.length)
      problems.push(`after the write, ${list.id} answers ${x.answer.status}: ${found.join('; ') || clip(x.answer.text, 300)}`);
  }
  return problems;
}

/** The GET of one record whose path is `template` (`/customers/{customerId}`), if the contract declares one. */
const retrieveAt = (template: string): AnyEndpoint | undefined =>
  httpEndpoints.find((e) => e.method === 'GET' && !e.list && e.path.replace(/\{\w+\}/g, '{}') === template.replace(/\{\w+\}/g, '{}'));

/**
 * A record a write answered with reads back the same: after `POST /customers`, `GET /customers/{id}`;
 * after `PUT /customers/{customerId}` or `POST /invoices/{invoiceId}/send`, the GET of that path's
 * record. Fields are compared as the write answered them (`updatedAt` aside).
 */
export async function readsBack(target: FuzzTarget, x: Exchange): Promise<string[]> {
  if (x.method === 'DELETE') return [];
  const data = (x.answer.json as { data?: unknown } | undefined)?.data as RecordData | undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data) || typeof data.id !== 'string') return [];
  const { path } = x.endpoint;
  const given = x.request.params ?? {};
  const names = paramNames(x.endpoint);
  let template: string | null = null;
  let params: Record<string, string> = {};
  const named = names.find((n) => safeDecode(given[n] ?? '') === data.id);
  if (named) {
    template = path.slice(0, path.indexOf(`{${named}}`) + named.length + 2);
    params = Object.fromEntries(names.slice(0, names.indexOf(named) + 1).map((n) => [n, given[n]]));
  } else if (!path.endsWith('}')) {
    const retrieve = retrieveAt(`${path}/{}`);
    if (retrieve) {
      template = retrieve.path;
      params = { ...given, [paramNames(retrieve).at(-1)!]: encodeURIComponent(data.id) };
    }
  }
  const retrieve = template ? retrieveAt(template) : undefined;
  if (!retrieve) return [];
  const renamed = Object.fromEntries(paramNames(retrieve).map((n, i) => [n, Object.values(params)[i]]));
  const back = await target.send(retrieve, { params: renamed, headers: x.request.headers });
  if (back.answer.status !== 200)
    return [`the record ${data.id} the write answered with reads back ${back.answer.status}\n${describeExchange(back)}`];
  const read = (back.answer.json as { data?: Record<string, unknown> }).data ?? {};
  const differing = Object.keys(data).filter((k) => k !== 'updatedAt' && JSON.stringify(data[k]) !== JSON.stringify(read[k]));
  return differing.length
    ? [
        `the record ${data.id} reads back different ${differing.slice(0, 5).join(', ')}: the write answered ${clip(JSON.stringify(differing.map((k) => data[k])), 200)}, ${retrieve.id} ${clip(JSON.stringify(differing.map((k) => read[k])), 200)}`,
      ]
    : [];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Cents of an amount, exact for the amounts the contract allows. */
const cents = (n: unknown): number => Math.round(Number(n) * 100);

/**
 * The ledger balances (ARCHITECTURE.md, "The ledger is double-entry"): each journal entry's debits equal its
 * credits and its totals; over all accounts, debits equal credits. Read through
 * the contract's lists of `account` and `journalEntry`; skipped where the contract has none.
 */
export async function ledgerBalances(target: FuzzTarget): Promise<string[]> {
  const accountsList = parameterlessLists.find((e) => e.path === '/accounts');
  const entriesList = parameterlessLists.find((e) => e.path === '/journal-entries');
  const problems: string[] = [];
  if (entriesList) {
    for (const entry of await listAll(target, entriesList)) {
      const lines = (entry.lines as { debit?: number; credit?: number }[] | undefined) ?? [];
      const debit = lines.reduce((s, l) => s + cents(l.debit ?? 0), 0);
      const credit = lines.reduce((s, l) => s + cents(l.credit ?? 0), 0);
      if (debit !== credit || debit !== cents(entry.totalDebit) || credit !== cents(entry.totalCredit)) {
        problems.push(
          `journal entry ${String(entry.journalNumber ?? entry.id)} does not balance: lines ${debit / 100} / ${credit / 100}, totals ${String(entry.totalDebit)} / ${String(entry.totalCredit)}`,
        );
      }
    }
  }
  if (accountsList) {
    // An account's balance is its own postings (a parent's does not roll its children up); the list
    // shows active accounts unless asked, and an account with postings may be deactivated.
    const accounts: RecordData[] = [];
    const states = fieldNamesOf(accountsList.query).includes('active') ? [{ active: 'true' }, { active: 'false' }] : [{}];
    for (const state of states) accounts.push(...(await listAll(target, accountsList, state)));
    let debit = 0;
    let credit = 0;
    for (const account of accounts) {
      const balance = account.balance as { debit?: number; credit?: number } | undefined;
      debit += cents(balance?.debit ?? 0);
      credit += cents(balance?.credit ?? 0);
    }
    if (debit !== credit) problems.push(`the trial balance is off: debits ${debit / 100}, credits ${credit / 100}`);
  }
  return problems;
}

/** Every record of a cursor-paged list, page by page. */
async function listAll(target: FuzzTarget, list: AnyEndpoint, filters: Record<string, string> = {}): Promise<RecordData[]> {
  const out: RecordData[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const query: Record<string, string> = { ...filters, limit: String(list.list!.maxLimit) };
    if (cursor) query.cursor = cursor;
    const x = await target.send(list, { search: new URLSearchParams(query).toString() });
    const body = x.answer.json as { data?: RecordData[]; pagination?: { nextCursor?: string | null } } | undefined;
    out.push(...(body?.data ?? []));
    cursor = body?.pagination?.nextCursor ?? null;
    if (!cursor) break;
  }
  return out;
}
