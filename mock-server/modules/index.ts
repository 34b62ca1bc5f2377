import type { Route } from '../store/context.js';
import { accounting } from './accounting.js';
import { audit } from './audit.js';
import { batch } from './batch.js';
import { bulk } from './bulk.js';
import { domainOf, moduleList } from './define.js';
import { einvoice } from './einvoice.js';
import { einvoiceRecords } from './einvoice-records.js';
import { integrations } from './integrations.js';
import { inventory } from './inventory.js';
import { oauth } from './oauth.js';
import { platform } from './platform.js';
import { purchasing } from './purchasing.js';
import { reports } from './reports.js';
import { sales } from './sales.js';

export { defineModule, type MockModule, type ModuleName } from './define.js';
export type { SeedResult } from '../seed/index.js';

/**
 * The mock's modules, the one list the service is built from: their tables and event rules are declared
 * in this order, which each module's `after` checks; routes have no order and the seed runs by stage.
 */
export const MODULES = moduleList([
  platform,
  oauth,
  accounting,
  inventory,
  purchasing,
  sales,
  bulk,
  audit,
  reports,
  einvoice,
  einvoiceRecords,
  batch,
  integrations,
]);

/** The real domain: every module's routes, tables, seed, event rules and hooks. */
export const mockDomain = domainOf(MODULES);
/** One handler per contract endpoint; the router does the HTTP around them. */
export const routes: readonly Route[] = mockDomain.routes;
export const defineTables = mockDomain.defineTables;
export const seed = mockDomain.seed;
