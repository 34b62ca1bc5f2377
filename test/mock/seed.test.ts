import { describe, expect, it } from 'vitest';
import { Account, Company, JournalEntry } from '../../src/contract/index.js';
import { MockClock } from '../../mock-server/kernel/clock.js';
import {
  type AccountRow,
  accountsTable,
  controlAccount,
  controlAccounts,
  journalEntriesTable,
  presentAccount,
  presentJournalEntry,
  SYSTEM_ROLES,
} from '../../mock-server/domain/accounting/index.js';
import * as money from '../../mock-server/domain/shared/money.js';
import { retrieveCompany, type ApiKeyRow, type CompanyRow } from '../../mock-server/domain/platform/index.js';
import { GLOBAL, Store } from '../../mock-server/store/index.js';
import { defineTables, seed } from '../../mock-server/modules/index.js';
import { refusal, START, world } from './support/domain.js';

const keys = (store: Store) => store.table<ApiKeyRow>(GLOBAL, 'apiKeys').all();
const keyOf = (store: Store, secret: string) => keys(store).find((k) => k.secret === secret)!;

describe('the demo seed', () => {
  const w = world('demo');
  const companyIds = w.seeded.companies.map((c) => c.id);
  const contexts = companyIds.map((companyId) => w.ctxFor(companyId));

  it('creates two Malaysian companies with full profiles', () => {
    const rows = w.store.table<CompanyRow>(GLOBAL, 'companies').all();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      // The profile as GET /v1/company shows it: the stored row, the books' lock dates, open (ACC-32), and SST's two-month tax period (ACC-40).
      const shown = retrieveCompany(w.ctxFor(row.id));
      expect(Company.parse(shown)).toEqual({ ...row, lockDate: null, periodLockDate: null, taxPeriodMonths: 2 });
      expect(row).toMatchObject({ currency: 'MYR', country: 'MY', timezone: 'Asia/Kuala_Lumpur' });
      expect(row.registrationNumber).not.toBeNull();
    }
    expect(w.seeded.companyId).toBe(rows[0].id);
    expect(w.seeded.companies.map((c) => c.name)).toEqual(rows.map((r) => r.name));
  });

  it('issues test keys: one for both companies, one per company, a read-only one, and a live one', () => {
    const primary = keyOf(w.store, w.seeded.apiKey);
    expect(primary.secret).toMatch(/^svc_test_sk_[A-Za-z0-9]{32}$/);
    expect(primary.companyIds).toEqual(companyIds);
    expect(primary.scopes).toContain('admin');
    for (const company of w.seeded.companies) {
      const key = keyOf(w.store, company.apiKey);
      expect(key).toMatchObject({ mode: 'test', companyIds: [company.id] });
    }
    const readOnly = keyOf(w.store, w.seeded.readOnlyApiKey);
    expect(readOnly.companyIds).toEqual([w.seeded.companyId]);
    expect(readOnly.scopes.length).toBeGreaterThan(0);
    expect(readOnly.scopes.every((s) => s.startsWith('read:'))).toBe(true);
    const live = keyOf(w.store, w.seeded.liveApiKey);
    expect(live.secret).toMatch(/^svc_live_sk_[A-Za-z0-9]{32}$/);
    expect(live.mode).toBe('live');
    expect(new Set(keys(w.store).map((k) => k.secret)).size).toBe(keys(w.store).length);
  });

  it('gives each company a multi-level chart whose levels follow the parents and whose parents share the type', () => {
    for (const ctx of contexts) {
      const accounts = accountsTable(ctx).all();
      expect(accounts.length).toBeGreaterThanOrEqual(30);
      expect(accounts.length).toBeLessThanOrEqual(50);
      expect(Math.max(...accounts.map((a) => a.level))).toBe(3);
      const byId = new Map(accounts.map((a) => [a.id, a]));
      for (const account of accounts) {
        if (account.parentId === null) {
          expect(account.level).toBe(1);
          continue;
        }
        const parent = byId.get(account.parentId)!;
        expect(parent.type).toBe(account.type);
        expect(account.level).toBe(parent.level + 1);
      }
      for (const account of accounts) expect(Account.parse(presentAccount(ctx, account))).toBeTruthy();
    }
  });

  it('has a trial balance that balances and an accounting equation that holds', () => {
    for (const ctx of contexts) {
      const balances = accountsTable(ctx)
        .all()
        .map((a) => ({ type: a.type, ...presentAccount(ctx, a).balance }));
      expect(money.equals(money.sum(balances.map((b) => b.debit)), money.sum(balances.map((b) => b.credit)))).toBe(true);
      const net = (type: AccountRow['type']) => money.sum(balances.filter((b) => b.type === type).map((b) => b.net));
      // Assets = liabilities + equity + (revenue - expenses)
      expect(money.toFixed(net('asset'))).toBe(
        money.toFixed(net('liability').plus(net('equity')).plus(net('revenue')).minus(net('expense'))),
      );
      expect(net('asset').isPositive()).toBe(true);
    }
  });

  it('marks the control accounts and finds every role', () => {
    for (const ctx of contexts) {
      const roles = controlAccounts(w.store, ctx.companyId);
      expect(Object.keys(roles).sort()).toEqual([...SYSTEM_ROLES].sort());
      const system = accountsTable(ctx)
        .all()
        .filter((a) => a.isSystemAccount)
        .map((a) => a.systemRole);
      expect(system).toEqual(expect.arrayContaining(['accounts_receivable', 'accounts_payable', 'tax_payable', 'retained_earnings']));
      expect(controlAccount(ctx, 'accounts_receivable').accountNumber).toBe('1130');
    }
  });

  it('dates entries in the months before the clock, with drafts, a void entry and its reversal', () => {
    for (const ctx of contexts) {
      const entries = journalEntriesTable(ctx).all();
      const statuses = new Set(entries.map((e) => e.status));
      expect(statuses).toEqual(new Set(['draft', 'posted', 'void']));
      expect(entries.every((e) => e.date < START.slice(0, 10))).toBe(true);
      expect(entries.some((e) => e.date < '2026-09-01')).toBe(true);
      const voided = entries.find((e) => e.status === 'void')!;
      const reversal = entries.find((e) => e.id === voided.reversedByEntryId)!;
      expect(reversal).toMatchObject({ status: 'posted', reversalOfEntryId: voided.id });
      for (const entry of entries) expect(JournalEntry.parse(presentJournalEntry(ctx, entry))).toBeTruthy();
    }
  });

  it('numbers each company’s journal from JE-000001', () => {
    for (const ctx of contexts) {
      const numbers = journalEntriesTable(ctx)
        .all()
        .map((e) => e.journalNumber);
      expect(numbers[0]).toBe('JE-000001');
      expect(numbers).toEqual([...numbers].sort());
    }
  });
});

describe('the empty seed', () => {
  it('creates one company, a primary, a read-only and a live key, and no accounts', () => {
    const w = world('empty');
    expect(w.store.table(GLOBAL, 'companies').size).toBe(1);
    expect(
      keys(w.store)
        .map((k) => k.mode)
        .sort(),
    ).toEqual(['live', 'test', 'test']);
    expect(keyOf(w.store, w.seeded.apiKey).companyIds).toEqual([w.seeded.companyId]);
    expect(w.seeded.companies).toEqual([{ id: w.seeded.companyId, name: 'Sandbox Company Sdn Bhd', apiKey: w.seeded.apiKey }]);
    expect(accountsTable(w.ctx).size).toBe(0);
    expect(controlAccounts(w.store, w.seeded.companyId)).toEqual({});
    expect(refusal(() => controlAccount(w.ctx, 'accounts_receivable')).details[0]).toMatchObject({
      rule: 'the chart of accounts has no accounts receivable account',
    });
  });
});

describe('seeding', () => {
  it('goes through the store write path', () => {
    const clock = new MockClock(START);
    const store = new Store(clock);
    defineTables(store);
    const tables = new Set<string>();
    store.onCommit((changes) => {
      for (const c of changes) tables.add(c.table);
    });
    seed(store, clock, 'demo');
    expect([...tables].sort()).toEqual([
      'accounts',
      'apiKeys',
      'applets',
      // The seed's own writes are audited (AUD-17).
      'auditTrails',
      // A checked import in each company's batch history (BATCH-11).
      'batchJobChunks',
      'batchJobInputs',
      'batches',
      // Bills, their payments and the scanned supplier invoice (PUR-52).
      'billAttachments',
      'billPayments',
      'bills',
      'budgets',
      'companies',
      'contacts',
      'creditNotes',
      'customers',
      'debitNotes',
      // The e-invoice identities of the company, its customers and suppliers (EINV-17).
      'einvoiceIdentities',
      // Each demo company's connected online store, its credentials apart (INT-10).
      'integrationCredentials',
      'integrations',
      // The demo's alert rules and the alerts they raise for stock already below their level (INV-32).
      'inventoryAlertRules',
      'inventoryAlerts',
      'invoices',
      'itemCategories',
      // The item list's rows: each item with its stock kept beside it (internal).
      'itemListings',
      'items',
      'journalEntries',
      'ledgerPostings',
      'locations',
      'oauthClients',
      'payments',
      // The trading company's approval rules and the approval its demo order waits for (PUR-31).
      'purchaseApprovalRules',
      'purchaseApprovals',
      'purchaseOrders',
      // Sourcing (PUR-52): a requisition waiting for approval, one out for quotation.
      'purchaseRequisitions',
      'quotes',
      'refunds',
      // A paused month-end schedule and a completed job per company (REP-93).
      'reportJobResults',
      'reportJobs',
      'reportSchedules',
      'rfqs',
      'saleStockIssues',
      'salesOrders',
      'salesReservations',
      'savedReports',
      'stockAdjustments',
      'stockBalances',
      'stockMovements',
      'stockTransfers',
      // The demo's quarterly supplier ratings (PUR-52).
      'supplierRatings',
      'suppliers',
      'taxCodes',
      'users',
    ]);
  });

  it('gives two stores different secrets', () => {
    expect(world().seeded.apiKey).not.toBe(world().seeded.apiKey);
  });
});
