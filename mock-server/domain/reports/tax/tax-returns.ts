import type {
  TaxPayment,
  TaxPaymentCreateParams,
  TaxReturn,
  TaxReturnCreateParams,
  TaxReturnPreviewParams,
} from '../../../../src/contract/index.js';
import { businessRule, notFound, validationError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import type { Store, Table } from '../../../store/index.js';
import {
  bankingAccount,
  controlAccount,
  lockTaxThrough,
  postLedgerEntry,
  TAX_PAYMENT_SOURCE,
  taxFiledThrough,
} from '../../accounting/index.js';
import { companyCurrency } from '../../platform/index.js';
import { checkDateOrder, checkNotAfterToday } from '../../sales/index.js';
import { actorOf, type ActingContext } from '../../shared/actor.js';
import { addDays, companyToday } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { nextDocumentNumber, type NumberFormat } from '../../shared/numbering.js';
import { taxReturnFigures } from './tax-return-figures.js';

// Filed tax returns and their payments (decisions ACC-35, ACC-36).
export const TAX_RETURNS = 'taxReturns';
const TAX_RETURN_NUMBER: NumberFormat = { sequence: 'taxReturn', prefix: 'TR', digits: 6 };

export type TaxReturnRow = TaxReturn & { id: string; returnNumber: string };

export function defineTaxReturnTables(store: Store): void {
  store.defineTable(TAX_RETURNS, { prefix: 'txr' });
}

export const taxReturnsTable = (ctx: CompanyContext): Table<TaxReturnRow> => ctx.store.table<TaxReturnRow>(ctx.companyId, TAX_RETURNS);

/** The stored return as the API shows it. */
export const presentTaxReturn = (row: TaxReturn): TaxReturn => ({ ...row, lines: [...row.lines], payments: [...row.payments] });

/** A period whose last day is not before its first: 422 DATE_CONSTRAINT on `periodTo` otherwise. */
const checkPeriod = (period: TaxReturnPreviewParams) => checkDateOrder('periodTo', period.periodTo, period.periodFrom, 'periodFrom');

/** `GET /tax-returns/preview`: the return of a period as the ledger stands, not kept. */
export function previewTaxReturn(ctx: CompanyContext, period: TaxReturnPreviewParams): TaxReturn {
  checkPeriod(period);
  const figures = taxReturnFigures(ctx, period.periodFrom, period.periodTo);
  return {
    id: null,
    returnNumber: null,
    ...period,
    status: 'draft',
    currency: companyCurrency(ctx),
    ...figures,
    amountPaid: 0,
    amountDue: figures.totalTax,
    payments: [],
    filedAt: null,
    filedBy: null,
  };
}

/**
 * `POST /tax-returns`: files a period (ACC-35): it ends by today and starts the day after the last filed
 * one, so periods never overlap or leave a gap; the return keeps its figures and the period is locked for
 * tax (ACC-36). A return with nothing to pay is `paid` at once.
 */
export function fileTaxReturn(ctx: ActingContext, period: TaxReturnCreateParams): TaxReturnRow {
  return ctx.store.transaction(() => {
    checkPeriod(period);
    checkNotAfterToday(ctx, 'periodTo', period.periodTo);
    const filedThrough = taxFiledThrough(ctx);
    if (filedThrough !== null && period.periodFrom !== addDays(filedThrough, 1)) {
      const next = addDays(filedThrough, 1);
      throw validationError([
        {
          field: 'periodFrom',
          code: 'DATE_CONSTRAINT',
          message: `tax is filed to ${filedThrough}: the next return starts on ${next}`,
          value: period.periodFrom,
          constraint: { equals: next },
        },
      ]);
    }
    const draft = previewTaxReturn(ctx, period);
    const table = taxReturnsTable(ctx);
    const row = table.insert({
      ...draft,
      id: table.newId(),
      returnNumber: nextDocumentNumber(ctx, TAX_RETURN_NUMBER),
      status: draft.totalTax === 0 ? 'paid' : 'filed',
      filedAt: ctx.clock.iso(),
      filedBy: actorOf(ctx),
    });
    lockTaxThrough(ctx, period.periodTo);
    return row;
  });
}

/** The filed return with this id, or 404 TAX_RETURN_NOT_FOUND. */
export function retrieveTaxReturn(ctx: CompanyContext, taxReturnId: string): TaxReturnRow {
  const row = taxReturnsTable(ctx).get(taxReturnId);
  if (!row) throw notFound('tax return', taxReturnId, 'TAX_RETURN_NOT_FOUND', 'taxReturnId');
  return row;
}

/**
 * `POST /tax-returns/{id}/payments` (ACC-35): money to the authority, Dr tax payable / Cr the bank; on a
 * return the authority owes back, the refund received, Dr the bank / Cr tax payable. At most what is due.
 */
export function payTaxReturn(ctx: ActingContext, taxReturnId: string, input: TaxPaymentCreateParams): TaxReturnRow {
  return ctx.store.transaction(() => {
    const row = retrieveTaxReturn(ctx, taxReturnId);
    if (row.status === 'paid') throw businessRule(`${row.returnNumber} has nothing due`, { taxReturnId: row.id, amountDue: row.amountDue });
    const due = Math.abs(row.amountDue);
    if (input.amount > due) {
      throw validationError([
        {
          field: 'amount',
          code: 'MAX_VALUE',
          message: `${row.returnNumber} has ${money.toFixed(due)} due`,
          value: input.amount,
          constraint: { max: due },
        },
      ]);
    }
    const paymentDate = input.paymentDate ?? companyToday(ctx);
    checkNotAfterToday(ctx, 'paymentDate', paymentDate);
    checkDateOrder('paymentDate', paymentDate, row.periodFrom, 'periodFrom');
    const bank = bankingAccount(ctx, { accountId: input.accountId, method: 'bank_transfer', currency: companyCurrency(ctx) });
    const refund = row.amountDue < 0;
    const paymentId = ctx.store.ids.next('txp');
    const entry = postLedgerEntry(ctx, {
      date: paymentDate,
      reference: input.reference ?? row.returnNumber,
      description: `${refund ? 'Tax refund for' : 'Tax paid for'} ${row.returnNumber} (${row.periodFrom} to ${row.periodTo})`,
      lines: [
        { accountId: controlAccount(ctx, 'tax_payable').id, ...(refund ? { credit: input.amount } : { debit: input.amount }) },
        { accountId: bank.id, ...(refund ? { debit: input.amount } : { credit: input.amount }) },
      ],
      source: { type: TAX_PAYMENT_SOURCE, id: paymentId },
    });
    const payment: TaxPayment = {
      id: paymentId,
      paymentDate,
      amount: input.amount,
      accountId: bank.id,
      journalEntryId: entry.id,
      reference: input.reference ?? null,
      createdAt: ctx.clock.iso(),
    };
    const amountPaid = money.toNumber(money.add(row.amountPaid, refund ? -input.amount : input.amount));
    const amountDue = money.toNumber(money.subtract(row.totalTax, amountPaid));
    return taxReturnsTable(ctx).update(row.id, {
      payments: [...row.payments, payment],
      amountPaid,
      amountDue,
      status: amountDue === 0 ? 'paid' : 'filed',
    });
  });
}
