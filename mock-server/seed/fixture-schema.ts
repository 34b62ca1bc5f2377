import { z } from 'zod';
import {
  AccountCreateParams,
  Company,
  ContactCreateParams,
  CustomerCreateParams,
  ItemCreateParams,
  JournalEntryCreateParams,
  JournalEntryLineCreate,
  SCOPES,
  SupplierCreateParams,
  WebhookSubscribeParams,
} from '../../src/contract/index.js';
import { SYSTEM_ROLES } from '../domain/accounting/index.js';
import { TEST_KEY_PREFIX } from '../../src/core/environments.js';
import { USER_ROLES, type UserRole } from './oauth.js';
import { FixtureBill, FixtureInvoice, FixtureQuote, FixtureSalesOrder } from './fixture-documents-schema.js';
import { FixturePurchaseOrder, FixturePurchaseReturn, FixtureReceipt } from './fixture-purchasing-schema.js';

/** The version a fixture names; a later format bumps it (MOCK-34). */
export const FIXTURE_VERSION = 1;

const companyId = z.string().regex(/^cmp_[A-Za-z0-9_-]{1,64}$/, 'a company id is cmp_ then 1 to 64 letters, digits, _ or -');

/** A company's profile: only `id` and `name` are required; the rest defaults to the empty seed's company. */
export const FixtureCompanyProfile = Company.pick({
  legalName: true,
  registrationNumber: true,
  taxNumber: true,
  sstRegistrationNumber: true,
  currency: true,
  country: true,
  timezone: true,
  fiscalYearStart: true,
  plan: true,
  email: true,
  phone: true,
  address: true,
  inventoryValuationMethod: true,
  allowNegativeStock: true,
})
  .partial()
  .extend({ id: companyId, name: z.string().trim().min(1).max(200) });

/** A customer as `POST /customers` takes it, with its contacts as `POST /customers/{id}/contacts` takes them. */
export const FixtureCustomer = z.intersection(CustomerCreateParams, z.object({ contacts: z.array(ContactCreateParams).optional() }));

/**
 * An account of the company's chart (MOCK-36): as `POST /accounts` takes it, its parent named by account
 * number (listed before it), and the role documents find it by (`accounts_receivable`, `sales`, ...).
 */
export const FixtureAccount = z
  .object({ ...AccountCreateParams.shape })
  .omit({ parentId: true })
  .extend({
    parent: z.string().min(1).max(20).optional(),
    systemRole: z.enum(SYSTEM_ROLES).optional(),
    /** A control account documents post to: it cannot be deleted or deactivated (shown as `isSystemAccount`). */
    system: z.boolean().optional(),
  });

/** One line of the opening balances: an account by number, and a debit or a credit (MOCK-32). */
export const FixtureOpeningLine = z
  .object({ ...JournalEntryLineCreate.shape })
  .omit({ accountId: true })
  .extend({ account: z.string().min(1).max(20) });

/** The balances the company's books start from (MOCK-32): one balanced entry on `date`, no control account. */
export const FixtureOpeningBalances = z.object({
  /** The day the books start from, `YYYY-MM-DD` (usually the day before the first fiscal year in the sandbox). */
  date: JournalEntryCreateParams.shape.date,
  description: z.string().max(1000).optional(),
  lines: z.array(FixtureOpeningLine).min(2, 'opening balances need at least two lines'),
});

const accountNumber = z.string().min(1).max(20);

/** A stock location (MOCK-33); one with the code of a location the company has (`MAIN`) replaces it. */
export const FixtureLocation = z.object({
  code: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(200),
  type: z.enum(['warehouse', 'store']).optional(),
  address: z.string().max(500).nullable().optional(),
  /** Sales take stock from the default location; at most one is. */
  isDefault: z.boolean().optional(),
});

/** A category path of the item tree (MOCK-33): `Coffee / Beans` is `Beans` under `Coffee`, which is listed before it. */
const categoryPath = z.string().trim().min(1).max(1000);

/** A variant as `POST /items` takes it, without an id (drawn) or stock (counted by adjustments). */
const FixtureVariant = ItemCreateParams.shape.variants.unwrap().element.omit({ id: true, stock: true });

/**
 * An item as `POST /items` takes it (MOCK-33), its usual supplier named by name (a supplier of this fixture
 * company), its accounts by number and its category by path (MOCK-33) instead of ids.
 */
export const FixtureItem = ItemCreateParams.omit({ supplierId: true, categoryId: true, accounting: true, variants: true }).extend({
  supplier: z.string().min(1).max(200).optional(),
  accounts: z.object({ income: accountNumber.optional(), expense: accountNumber.optional(), asset: accountNumber.optional() }).optional(),
  /** A path of the company's `itemCategories`. */
  category: categoryPath.optional(),
  variants: z.array(FixtureVariant).optional(),
});

/** Stock counted when the books start (MOCK-33): posted as an `initial_stock` adjustment at a location, by item code. */
export const FixtureOpeningStock = z.object({
  date: JournalEntryCreateParams.shape.date,
  /** A location's code; default the company's default location (`MAIN` in a fixture company). */
  location: z.string().min(1).max(50).optional(),
  reference: z.string().max(100).optional(),
  /** Shown on the adjustment, as `POST /inventory/adjustments` takes it (the demo's name the location: MOCK-51). */
  notes: z.string().max(1000).optional(),
  lines: z
    .array(
      z.object({
        item: z.string().min(1).max(50),
        quantity: z.number().positive(),
        /** The cost of one unit; default the item's cost price. */
        unitCost: z.number().min(0).optional(),
      }),
    )
    .min(1),
});

/** A webhook subscription as `POST /webhooks/subscribe` takes it, paused with `active: false` (MOCK-39). */
export const FixtureWebhook = WebhookSubscribeParams.extend({ active: z.boolean().optional() });

export const FixtureCompany = z.object({
  profile: FixtureCompanyProfile,
  /** `standard`: the demo companies' Malaysian SME chart (no entries) before `accounts` (MOCK-36). */
  chart: z.enum(['standard']).optional(),
  accounts: z.array(FixtureAccount).optional(),
  /** Posted after the chart, before customers and suppliers (MOCK-32). */
  openingBalances: FixtureOpeningBalances.optional(),
  customers: z.array(FixtureCustomer).optional(),
  suppliers: z.array(SupplierCreateParams).optional(),
  /** Loaded after the suppliers they name (MOCK-33). */
  locations: z.array(FixtureLocation).optional(),
  /** The item category tree as paths, each parent before its children (MOCK-33). */
  itemCategories: z.array(categoryPath).optional(),
  items: z.array(FixtureItem).optional(),
  openingStock: z.array(FixtureOpeningStock).optional(),
  /** Purchase orders, before the sales documents (MOCK-49): goods arrive before they are sold. */
  purchaseOrders: z.array(FixturePurchaseOrder).optional(),
  /** Goods received on those orders, in the order they came (MOCK-49), placed among the other stock moves by `stockMoves` (MOCK-52). */
  receipts: z.array(FixtureReceipt).optional(),
  /** Open documents, after the items they sell (MOCK-40): created, then moved to their state as the API moves them. */
  quotes: z.array(FixtureQuote).optional(),
  salesOrders: z.array(FixtureSalesOrder).optional(),
  invoices: z.array(FixtureInvoice).optional(),
  bills: z.array(FixtureBill).optional(),
  /** Goods sent back on the orders, after every bill (MOCK-49), or at their places in `stockMoves` (MOCK-52). */
  purchaseReturns: z.array(FixturePurchaseReturn).optional(),
  /**
   * The order the company's stock moved in, when it is not the lists' (MOCK-52): each a step of the load by its path
   * in the company (`receipts[0]`, `invoices[2].status`, `purchaseReturns[1].void`), made in this order, each after
   * the steps it needs; the steps not named follow in the lists' order.
   */
  stockMoves: z.array(z.string().min(1).max(200)).max(100_000).optional(),
  /** What an export could not write, each with why (MOCK-52): kept by a load and written again by its export; not loaded. */
  leftOut: z.array(z.object({ record: z.string().min(1).max(200), reason: z.string().min(1).max(1000) })).optional(),
  webhooks: z.array(FixtureWebhook).optional(),
});

/** A key of the sandbox; without `secret` the mock draws one (a seed key makes it the same every start). */
export const FixtureApiKey = z.object({
  name: z.string().trim().min(1).max(200),
  secret: z
    .string()
    .regex(new RegExp(`^${TEST_KEY_PREFIX}[A-Za-z0-9_-]{8,100}$`), `a test key: ${TEST_KEY_PREFIX} then 8 to 100 letters, digits, _ or -`)
    .optional(),
  companyIds: z.array(companyId).min(1),
  scopes: z.array(z.enum(SCOPES as unknown as [string, ...string[]])).min(1),
});

/** A person who signs in (MOCK-42): the companies they act on and a role, which gives their permissions. */
export const FixtureUser = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(254),
  companyIds: z.array(companyId).min(1),
  /** `owner` (the tenant's audit and e-invoice record codes), `member` (none), `read_only`, `platform_support`, `platform_admin`. */
  role: z.enum(Object.keys(USER_ROLES) as [UserRole, ...UserRole[]]),
});

/** A user's own starting data for the mock (MOCK-34): `acs-mock --fixture <file>`, `createMockService({ seed: fixture })`. */
export const Fixture = z
  .object({
    $schema: z.string().optional(),
    version: z.literal(FIXTURE_VERSION),
    companies: z.array(FixtureCompany).min(1, 'a fixture has at least one company'),
    apiKeys: z.array(FixtureApiKey).optional(),
    /** The sandbox's users, instead of the one the empty seed makes (MOCK-42). */
    users: z.array(FixtureUser).optional(),
  })
  .superRefine((fixture, ctx) => {
    const ids = new Set<string>();
    fixture.companies.forEach(({ profile }, at) => {
      if (ids.has(profile.id))
        ctx.addIssue({ code: 'custom', path: ['companies', at, 'profile', 'id'], message: 'a second company with this id' });
      ids.add(profile.id);
    });
    const secrets = new Set<string>();
    fixture.apiKeys?.forEach((key, at) => {
      key.companyIds.forEach((id, i) => {
        if (!ids.has(id))
          ctx.addIssue({ code: 'custom', path: ['apiKeys', at, 'companyIds', i], message: `no company ${id} in the fixture` });
      });
      if (key.secret && secrets.has(key.secret))
        ctx.addIssue({ code: 'custom', path: ['apiKeys', at, 'secret'], message: 'a second key with this secret' });
      if (key.secret) secrets.add(key.secret);
    });
    const emails = new Set<string>();
    fixture.users?.forEach((user, at) => {
      user.companyIds.forEach((id, i) => {
        if (!ids.has(id))
          ctx.addIssue({ code: 'custom', path: ['users', at, 'companyIds', i], message: `no company ${id} in the fixture` });
      });
      if (emails.has(user.email.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['users', at, 'email'], message: 'a second user with this email' });
      emails.add(user.email.toLowerCase());
    });
  });

/** A fixture as a file holds it (before defaults). */
export type FixtureFile = z.input<typeof Fixture>;
/** A fixture checked, with the contract's defaults applied. */
export type CheckedFixture = z.output<typeof Fixture>;
/** One company of a checked fixture. */
export type CheckedFixtureCompany = CheckedFixture['companies'][number];

/** The JSON Schema of the fixture file (docs/fixture.schema.json), as an editor reads it. */
export function fixtureJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(Fixture, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
