import { contract } from '../../src/contract/index.js';
import {
  accountLedger,
  accountMatches,
  accountsTable,
  createAccount,
  createJournalEntry,
  deleteAccount,
  deleteJournalEntry,
  exchangeRateMatches,
  exchangeRatesTable,
  journalEntriesTable,
  journalEntryMatches,
  postJournalEntry,
  presentAccount,
  presentExchangeRate,
  presentJournalEntry,
  retrieveAccount,
  retrieveJournalEntry,
  setExchangeRate,
  updateAccount,
  voidJournalEntry,
} from '../domain/accounting/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { accounting } = contract;

/** Chart of accounts and journal entries (spec document 2, "Endpoints"). */
export const accountingRoutes: Route[] = [
  listRoute(accounting.accountsList, {
    rows: (ctx) => accountsTable(ctx),
    where: (ctx) => accountMatches(ctx.query),
    present: (ctx, row) => presentAccount(ctx, row),
  }),
  route(accounting.accountsRetrieve, (ctx) => presentAccount(ctx, retrieveAccount(ctx, ctx.params.accountId))),
  route(accounting.accountsCreate, (ctx) => presentAccount(ctx, createAccount(ctx, ctx.body))),
  route(accounting.accountsUpdate, (ctx) => presentAccount(ctx, updateAccount(ctx, ctx.params.accountId, ctx.body))),
  route(accounting.accountsDelete, (ctx) => deleteAccount(ctx, ctx.params.accountId)),
  route(accounting.accountsLedger, (ctx) => accountLedger(ctx, ctx.params.accountId, ctx.query)),

  listRoute(accounting.journalEntriesList, {
    rows: (ctx) => journalEntriesTable(ctx),
    where: (ctx) => journalEntryMatches(ctx.query),
    present: (ctx, row) => presentJournalEntry(ctx, row),
  }),
  route(accounting.journalEntriesCreate, (ctx) => presentJournalEntry(ctx, createJournalEntry(ctx, ctx.body))),
  route(accounting.journalEntriesRetrieve, (ctx) => presentJournalEntry(ctx, retrieveJournalEntry(ctx, ctx.params.journalEntryId))),
  route(accounting.journalEntriesPost, (ctx) => presentJournalEntry(ctx, postJournalEntry(ctx, ctx.params.journalEntryId))),
  route(accounting.journalEntriesDelete, (ctx) => deleteJournalEntry(ctx, ctx.params.journalEntryId)),
  route(accounting.journalEntriesVoid, (ctx) => presentJournalEntry(ctx, voidJournalEntry(ctx, ctx.params.journalEntryId, ctx.body))),

  // The company's exchange-rate table (implied, ACC-41).
  route(accounting.exchangeRatesSet, (ctx) => presentExchangeRate(setExchangeRate(ctx, ctx.body))),
  listRoute(accounting.exchangeRatesList, {
    rows: (ctx) => exchangeRatesTable(ctx),
    where: (ctx) => exchangeRateMatches(ctx.query),
    present: (_ctx, row) => presentExchangeRate(row),
  }),
];
