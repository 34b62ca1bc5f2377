/**
 * The contract: every endpoint of the service declared once with zod schemas, read by the SDK, the
 * mock and the OpenAPI generator.
 */
import type { AnyEndpoint } from './endpoint.js';
import * as platform from './platform.js';
import * as accounting from './accounting.js';
import * as bulk from './bulk.js';

export * from './endpoint.js';
export * from './common.js';
export * from './platform.js';
export * from './accounting.js';
export * from './bulk.js';

/** Endpoints grouped by module, in the order the spec gives them. */
export const contract = {
  platform: {
    authVerify: platform.authVerify,
    companyRetrieve: platform.companyRetrieve,
  },
  accounting: {
    accountsList: accounting.accountsList,
    accountsRetrieve: accounting.accountsRetrieve,
    accountsCreate: accounting.accountsCreate,
    accountsUpdate: accounting.accountsUpdate,
    accountsDelete: accounting.accountsDelete,
    accountsLedger: accounting.accountsLedger,
    journalEntriesList: accounting.journalEntriesList,
    journalEntriesCreate: accounting.journalEntriesCreate,
    journalEntriesRetrieve: accounting.journalEntriesRetrieve,
    journalEntriesPost: accounting.journalEntriesPost,
    journalEntriesVoid: accounting.journalEntriesVoid,
  },
  bulk: {
    journalEntries: bulk.bulkJournalEntries,
  },
} as const;

/** Every declared endpoint, flat. */
export const endpoints: AnyEndpoint[] = Object.values(contract).flatMap((m) => Object.values(m) as AnyEndpoint[]);

/** Scopes of spec document 1, "Scopes". `admin` grants every other. */
export const SCOPES = [
  'read:accounts',
  'write:accounts',
  'read:invoices',
  'write:invoices',
  'read:customers',
  'write:customers',
  'read:inventory',
  'write:inventory',
  'read:reports',
  'admin',
] as const;
export type Scope = (typeof SCOPES)[number];
