import { contract } from '../../src/contract/index.js';
import {
  applySupplierCredit,
  createSupplierCreditNote,
  createSupplierDebitNote,
  presentSupplierCreditNote,
  presentSupplierDebitNote,
  refundSupplierCredit,
  retrieveSupplierCreditNote,
  retrieveSupplierDebitNote,
  supplierCreditNotesTable,
  supplierDebitNotesTable,
  supplierNoteMatches,
} from '../domain/purchasing/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { purchasing } = contract;

/** Supplier credit and debit notes on approved bills (PUR-58; implied endpoints). */
export const purchasingSupplierNoteRoutes: Route[] = [
  route(purchasing.supplierCreditNotesCreate, (ctx) =>
    presentSupplierCreditNote(createSupplierCreditNote(ctx, ctx.params.billId, ctx.body)),
  ),
  listRoute(purchasing.supplierCreditNotesList, {
    rows: (ctx) => supplierCreditNotesTable(ctx),
    where: (ctx) => supplierNoteMatches(ctx.query),
    present: (_ctx, row) => presentSupplierCreditNote(row),
  }),
  route(purchasing.supplierCreditNotesRetrieve, (ctx) =>
    presentSupplierCreditNote(retrieveSupplierCreditNote(ctx, ctx.params.supplierCreditNoteId)),
  ),
  route(purchasing.supplierCreditNotesApply, (ctx) =>
    presentSupplierCreditNote(applySupplierCredit(ctx, ctx.params.supplierCreditNoteId, ctx.body)),
  ),
  route(purchasing.supplierCreditNotesRefund, (ctx) =>
    presentSupplierCreditNote(refundSupplierCredit(ctx, ctx.params.supplierCreditNoteId, ctx.body)),
  ),
  route(purchasing.supplierDebitNotesCreate, (ctx) => presentSupplierDebitNote(createSupplierDebitNote(ctx, ctx.params.billId, ctx.body))),
  listRoute(purchasing.supplierDebitNotesList, {
    rows: (ctx) => supplierDebitNotesTable(ctx),
    where: (ctx) => supplierNoteMatches(ctx.query),
    present: (_ctx, row) => presentSupplierDebitNote(row),
  }),
  route(purchasing.supplierDebitNotesRetrieve, (ctx) =>
    presentSupplierDebitNote(retrieveSupplierDebitNote(ctx, ctx.params.supplierDebitNoteId)),
  ),
];
