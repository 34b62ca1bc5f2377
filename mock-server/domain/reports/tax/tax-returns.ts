import type { TaxReturn, TaxReturnCreateParams, TaxReturnPreviewParams } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { lockTaxThrough } from '../../accounting/index.js';
import { companyCurrency } from '../../platform/index.js';
import { checkDateOrder, checkNotAfterToday } from '../../sales/index.js';
import { actorOf, type ActingContext } from '../../shared/actor.js';
import { nextDocumentNumber, type NumberFormat } from '../../shared/numbering.js';
import { settleWithoutMoney } from './tax-payments.js';
import { checkFilingPeriod, previewPeriod, type TaxPeriod } from './tax-periods.js';
import { taxReturnFigures } from './tax-return-figures.js';
import { taxReturnsTable, type TaxReturnRow } from './tax-return-table.js';

// Filed tax returns (decisions ACC-35, ACC-36).
const TAX_RETURN_NUMBER: NumberFormat = { sequence: 'taxReturn', prefix: 'TR', digits: 6 };

/** `GET /tax-returns/preview`: the return of a period as the ledger stands, not kept; by default the next period to file (ACC-40). */
export function previewTaxReturn(ctx: CompanyContext, query: TaxReturnPreviewParams): TaxReturn {
  return draftReturn(ctx, previewPeriod(ctx, query));
}

/** The return of a period as the ledger stands. */
function draftReturn(ctx: CompanyContext, period: TaxPeriod): TaxReturn {
  const figures = taxReturnFigures(ctx, period.periodFrom, period.periodTo);
  return {
    id: null,
    returnNumber: null,
    periodFrom: period.periodFrom,
    periodTo: period.periodTo,
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
 * `POST /tax-returns`: files a period (ACC-35): it ends by today, starts the day after the last filed one
 * and is the company's tax period long (ACC-40), so periods never overlap or leave a gap; the return keeps
 * its figures and the period is locked for tax (ACC-36). A return with nothing to pay is `paid` at once,
 * its input tax set off against its output tax (ACC-39).
 */
export function fileTaxReturn(ctx: ActingContext, period: TaxReturnCreateParams): TaxReturnRow {
  return ctx.store.transaction(() => {
    checkDateOrder('periodTo', period.periodTo, period.periodFrom, 'periodFrom');
    checkNotAfterToday(ctx, 'periodTo', period.periodTo);
    checkFilingPeriod(ctx, period);
    const draft = draftReturn(ctx, period);
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
    return settleWithoutMoney(ctx, row);
  });
}
