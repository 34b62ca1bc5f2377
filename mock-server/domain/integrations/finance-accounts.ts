import type { AccountType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import {
  type AccountRow,
  createAccount,
  findAccountByNumber,
  type JournalLineInput,
  postLedgerEntry,
  refuseControlAccountLines,
  retrieveAccount,
} from '../accounting/index.js';
import type { ActingContext } from '../shared/actor.js';
import { syncedRecordId } from './sync-runs.js';
import { syncedRecordsTable, type IntegrationRow } from './tables.js';

/**
 * An account an integration keeps for itself (the gateway's clearing account, its unapplied receipts),
 * created once through the accounting domain with the first free number of `numbers`, and found again
 * through the integration's links (kind `account`, external id the purpose).
 */
function integrationAccount(
  ctx: CompanyContext,
  integration: IntegrationRow,
  purpose: string,
  spec: { numbers: readonly string[]; name: string; type: AccountType; category: string },
): AccountRow {
  const linked = syncedRecordId(ctx, integration, 'account', purpose);
  if (linked) return retrieveAccount(ctx, linked);
  const links = syncedRecordsTable(ctx);
  const accountNumber =
    spec.numbers.find((number) => !findAccountByNumber(ctx, number)) ?? `${spec.numbers[0]}-${integration.id.slice(-6)}`;
  const account = createAccount(ctx, {
    accountNumber,
    name: `${spec.name} (${integration.name})`.slice(0, 100),
    type: spec.type,
    category: spec.category,
  });
  links.insert({
    id: links.newId(),
    integrationId: integration.id,
    type: 'account',
    externalId: purpose,
    recordId: account.id,
    version: '1',
    syncedAt: ctx.clock.iso(),
  });
  return account;
}

const range = (from: number, count: number): string[] => Array.from({ length: count }, (_, i) => String(from + i));

/** Where the gateway's charges land until a payout moves them to the bank (the accountant's clearing account). */
export const gatewayClearing = (ctx: CompanyContext, integration: IntegrationRow) =>
  integrationAccount(ctx, integration, 'clearing', {
    numbers: range(1190, 10),
    name: 'Payment gateway clearing',
    type: 'asset',
    category: 'current_asset',
  });

/** Card receipts naming no invoice of ours: owed to the customer until matched (a liability, not income). */
export const gatewayUnapplied = (ctx: CompanyContext, integration: IntegrationRow) =>
  integrationAccount(ctx, integration, 'unapplied', {
    numbers: range(2190, 10),
    name: 'Unapplied card receipts',
    type: 'liability',
    category: 'current_liability',
  });

/**
 * A balanced entry of an integration's upstream record, posted with its source (INT-28): `integration_<kind>` and
 * the upstream id, so it never reads as a manual journal; a manual entry's rules hold (no control account).
 */
export function postEntry(
  ctx: ActingContext,
  input: { date: string; reference: string; description: string; lines: JournalLineInput[]; source: { kind: string; externalId: string } },
): string {
  const { source, ...entry } = input;
  refuseControlAccountLines(ctx, entry.lines);
  return postLedgerEntry(ctx, { ...entry, source: { type: `integration_${source.kind}`, id: source.externalId } }).id;
}
