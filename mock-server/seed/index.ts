import type { Company } from '../../src/contract/index.js';
import type { MockClock } from '../kernel/clock.js';
import { defineAccountingTables } from '../domain/accounting/index.js';
import { defineSalesTables, defineSalesDocumentTables } from '../domain/sales/index.js';
import { defineInventoryTables } from '../domain/inventory/index.js';
import { definePurchasingTables } from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { defineTenancyTables, type CompanyRow } from '../domain/platform/index.js';
import { GLOBAL, type Store } from '../store/index.js';
import { seedJournal } from './accounting.js';
import { seedChart } from './chart.js';
import { ALL_SCOPES, DEMO_COMPANIES, EMPTY_COMPANY, issueApiKey, READ_SCOPES, WORK_SCOPES } from './platform.js';
import { defineOAuthTables } from '../domain/oauth/index.js';
import type { SeedCredentials, SeedKind } from './credentials.js';
import { demoUsers, emptyUsers, seedOAuth } from './oauth.js';
import { DEMO_CUSTOMERS, seedCustomers } from './customers.js';
import { seedSalesDocuments } from './sales.js';
import { seedTaxCodes } from './tax-codes.js';
import { DEMO_CATALOGUES, seedItems } from './inventory.js';
import { DEMO_LOCATIONS, EMPTY_LOCATIONS, seedLocations } from './locations.js';
import { DEMO_BIN_LOCATIONS, DEMO_OPENING_STOCK, seedBinLocations, seedOpeningStock } from './opening-stock.js';
import { DEMO_TRANSFERS, seedTransfers } from './transfers.js';
import { defineAppletTables, defineAuditTables } from '../domain/audit/index.js';
import { defineBudgetTables, defineReportDeliveryTables, defineReportTables } from '../domain/reports/index.js';
import { seedApplets } from './audit.js';
import { seedInvoiceCorrections } from './notes.js';
import { DEMO_ALERT_RULES, seedAlertRules } from './inventory-alerts.js';
import { seedReportDelivery } from './report-delivery.js';
import { DEMO_SUPPLIERS, seedSuppliers } from './suppliers.js';
import { DEMO_PURCHASE_ORDERS, seedPurchaseOrders } from './purchase-orders.js';
import { DEMO_APPROVALS, seedApprovalRules } from './approval-rules.js';
import { DEMO_SUPPLIER_RATINGS, seedSupplierRatings } from './supplier-ratings.js';
import { seedBills } from './bills.js';
import { DEMO_REQUISITIONS, seedSourcing } from './sourcing.js';
import { defineEinvoiceTables, watchEinvoicePortal } from '../domain/einvoice/index.js';
import { defineEinvoiceRecordTables } from '../domain/einvoice-records/index.js';
import { defineBatchTables } from '../domain/batch/index.js';
import { defineIntegrationTables, defineIntegrationWebhooks } from '../domain/integrations/index.js';
import { DEMO_SAVED_REPORTS, seedSavedReports } from './saved-reports.js';
import { DEMO_BUDGETS, seedBudget } from './budgets.js';
import { seedEinvoiceIdentities } from './einvoice.js';
import { seedIntegrations } from './integrations.js';
import { seedBatchHistory } from './batch.js';

/** What the real seed hands back: every credential of `SeedCredentials`, none missing. */
export type SeedResult = Required<SeedCredentials>;

/** Declares every table the mock's domain uses (tenancy and accounting). */
export function defineTables(store: Store): void {
  defineTenancyTables(store);
  defineOAuthTables(store);
  defineAccountingTables(store);
  defineSalesTables(store);
  defineInventoryTables(store);
  definePurchasingTables(store);
  defineSalesDocumentTables(store);
  defineAuditTables(store);
  defineAppletTables(store);
  defineReportTables(store);
  defineBudgetTables(store);
  defineReportDeliveryTables(store);
  defineEinvoiceTables(store);
  watchEinvoicePortal(store);
  defineEinvoiceRecordTables(store);
  defineBatchTables(store);
  defineIntegrationTables(store);
  defineIntegrationWebhooks(store);
}

const SEED_ACTOR = 'system';

const daysBefore = (clock: MockClock, days: number): string => new Date(clock.nowMs() - days * 86_400_000).toISOString();

function insertCompany(store: Store, profile: Omit<Company, 'id' | 'createdAt'>, createdAt: string): CompanyRow {
  const table = store.table<CompanyRow>(GLOBAL, 'companies');
  return table.insert({ id: table.newId(), ...profile, createdAt });
}

/**
 * Fills a store whose tables `defineTables` declared. `demo`: two Malaysian companies with a chart of
 * accounts and a few months of entries; `empty`: one company with no accounts. All writes go through
 * the store's write path, in one transaction.
 */
export function seed(store: Store, clock: MockClock, kind: SeedKind): SeedResult {
  return store.transaction(() => (kind === 'demo' ? seedDemo(store, clock) : seedEmpty(store, clock)));
}

function seedDemo(store: Store, clock: MockClock): SeedResult {
  const companies = DEMO_COMPANIES.map((demo) => ({ demo, row: insertCompany(store, demo.profile, daysBefore(clock, 400)) }));
  const allIds = companies.map((c) => c.row.id);
  const primary = companies[0].row;

  const apiKey = issueApiKey(store, { name: 'Sandbox key (all companies)', mode: 'test', companyIds: allIds, scopes: ALL_SCOPES });
  const readOnly = issueApiKey(store, { name: 'Read-only key', mode: 'test', companyIds: [primary.id], scopes: READ_SCOPES });
  const live = issueApiKey(store, { name: 'Live key', mode: 'live', companyIds: [primary.id], scopes: ALL_SCOPES });

  const result = companies.map(({ demo, row }) => {
    const key = issueApiKey(store, { name: `${row.name} key`, mode: 'test', companyIds: [row.id], scopes: WORK_SCOPES });
    const ctx: ActingContext = { store, clock, companyId: row.id, principal: { actor: SEED_ACTOR } };
    const accountIds = seedChart(ctx, demo.bankName);
    seedJournal(ctx, accountIds, demo.entries);
    // Tax table, customers and the item catalogue (SALES-15, SALES-19), before any sales document.
    const index = DEMO_COMPANIES.indexOf(demo);
    seedTaxCodes(ctx);
    seedCustomers(ctx, DEMO_CUSTOMERS[index] ?? []);
    seedSuppliers(ctx, DEMO_SUPPLIERS[index] ?? []);
    seedItems(ctx, DEMO_CATALOGUES[index] ?? { categories: [], items: [] });
    seedLocations(ctx, DEMO_LOCATIONS[index] ?? []);
    seedOpeningStock(ctx, DEMO_OPENING_STOCK[index] ?? []);
    seedBinLocations(ctx, DEMO_BIN_LOCATIONS[index] ?? []);
    seedTransfers(ctx, DEMO_TRANSFERS[index] ?? []);
    // Sales documents (SALES-53) through the sales domain, so ledger, balances and totals agree.
    seedSalesDocuments(ctx, index === 0 ? 'full' : 'small');
    seedInvoiceCorrections(ctx);
    seedAlertRules(ctx, DEMO_ALERT_RULES[index] ?? []);
    // Purchasing (PUR-52): orders, receipts, bills and payments through the purchasing domain.
    seedPurchaseOrders(ctx, DEMO_PURCHASE_ORDERS[index] ?? []);
    seedSupplierRatings(ctx, DEMO_SUPPLIER_RATINGS[index] ?? []);
    seedBills(ctx, index === 0 ? 'trading' : 'bakery');
    seedSourcing(ctx, DEMO_REQUISITIONS[index] ?? []);
    // Saved reports (REP-93): a standard report or two and a custom one.
    seedSavedReports(ctx, DEMO_SAVED_REPORTS[index] ?? []);
    // A budget for the current fiscal year (REP-77): what budget-vs-actual reads by default.
    seedBudget(ctx, DEMO_BUDGETS[index]);
    seedReportDelivery(ctx, row.email);
    // E-invoice identities (EINV-17) of the company and every customer and supplier made above.
    seedEinvoiceIdentities(ctx, index);
    // A connected online store (INT-10).
    seedIntegrations(ctx);
    // A checked import in the batch history (BATCH-11).
    seedBatchHistory(ctx);
    return { id: row.id, name: row.name, apiKey: key.secret };
  });

  seedApplets(store);
  const oauth = seedOAuth(store, demoUsers(allIds));
  // Approval rules name users, so they follow them (PUR-31).
  for (const [index, { row }] of companies.entries())
    seedApprovalRules({ store, clock, companyId: row.id, principal: { actor: SEED_ACTOR } }, DEMO_APPROVALS[index]);
  return {
    apiKey: apiKey.secret,
    companyId: primary.id,
    companies: result,
    readOnlyApiKey: readOnly.secret,
    liveApiKey: live.secret,
    oauth,
  };
}

function seedEmpty(store: Store, clock: MockClock): SeedResult {
  const company = insertCompany(store, EMPTY_COMPANY, clock.iso());
  // A company always has its tax table, even with no chart of accounts.
  seedTaxCodes({ store, clock, companyId: company.id });
  seedLocations({ store, clock, companyId: company.id }, EMPTY_LOCATIONS);
  const apiKey = issueApiKey(store, { name: 'Sandbox key', mode: 'test', companyIds: [company.id], scopes: ALL_SCOPES });
  const readOnly = issueApiKey(store, { name: 'Read-only key', mode: 'test', companyIds: [company.id], scopes: READ_SCOPES });
  const live = issueApiKey(store, { name: 'Live key', mode: 'live', companyIds: [company.id], scopes: ALL_SCOPES });
  seedApplets(store);
  return {
    apiKey: apiKey.secret,
    companyId: company.id,
    companies: [{ id: company.id, name: company.name, apiKey: apiKey.secret }],
    readOnlyApiKey: readOnly.secret,
    liveApiKey: live.secret,
    oauth: seedOAuth(store, emptyUsers(company.id)),
  };
}
