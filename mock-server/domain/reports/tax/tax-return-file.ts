import type { TaxReturn } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { retrieveCompany } from '../../platform/index.js';
import * as money from '../../shared/money.js';
import { rangePeriod, type ReportColumn, type ReportTable } from '../core/document.js';
import { layoutFile, reportFormatOf, type ReportFileOut } from '../core/files.js';
import type { ReportLayout } from '../core/registry.js';

// A tax return as a file (decision ACC-35, its form): the CSV, PDF and Excel writers of the reports (REP-9,
// REP-35, REP-95), so it reads as the statements do. Every table names its amount column `taxAmount` and
// its label `name`, so the CSV's one table keeps few columns.

const CODE_COLUMNS: ReportColumn[] = [
  { key: 'taxCode', label: 'Code', kind: 'text' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'taxType', label: 'Type', kind: 'text' },
  { key: 'rate', label: 'Rate %', kind: 'number' },
  { key: 'taxableAmount', label: 'Taxable amount', kind: 'money' },
  { key: 'taxAmount', label: 'Tax', kind: 'money' },
];
const AMOUNT_COLUMNS: ReportColumn[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'taxAmount', label: 'Tax', kind: 'money' },
];
const PAYMENT_COLUMNS: ReportColumn[] = [
  { key: 'paymentDate', label: 'Date', kind: 'date' },
  { key: 'name', label: 'Reference', kind: 'text' },
  { key: 'taxAmount', label: 'Amount', kind: 'money' },
];

const ADJUSTMENTS: [keyof TaxReturn['adjustments'], string][] = [
  ['invoices', 'Invoices'],
  ['debitNotes', 'Debit notes'],
  ['creditNotes', 'Credit notes'],
  ['cancellations', 'Cancellations and voids'],
];

const amounts = (name: string, rows: [string, number][]): ReportTable => ({
  name,
  columns: AMOUNT_COLUMNS,
  rows: rows.map(([label, taxAmount]) => ({ name: label, taxAmount })),
});

/** The return's layout: tax by code, the same tax by kind of document, the summary, and the payments. */
export function taxReturnLayout(ctx: CompanyContext, taxReturn: TaxReturn): ReportLayout {
  const taxable = taxReturn.lines.reduce((total, line) => total + Math.round(line.taxableAmount * 100), 0) / 100;
  const registration = retrieveCompany(ctx).sstRegistrationNumber;
  const tables: ReportTable[] = [
    {
      name: 'Tax by code',
      columns: CODE_COLUMNS,
      rows: taxReturn.lines.map((line) => ({ ...line })),
      totals: { name: 'Output tax', taxableAmount: taxable, taxAmount: taxReturn.outputTax },
    },
    amounts(
      'Adjustments',
      ADJUSTMENTS.map(([key, label]) => [label, taxReturn.adjustments[key]]),
    ),
    amounts('Summary', [
      ['Output tax', taxReturn.outputTax],
      ['Input tax', taxReturn.inputTax],
      ['Net tax', taxReturn.totalTax],
      ['Paid', taxReturn.amountPaid],
      ['Due', taxReturn.amountDue],
    ]),
  ];
  if (taxReturn.payments.length) {
    tables.push({
      name: 'Payments',
      columns: PAYMENT_COLUMNS,
      rows: taxReturn.payments.map((p) => ({ paymentDate: p.paymentDate, name: p.reference ?? '', taxAmount: p.amount })),
    });
  }
  return {
    title: taxReturn.returnNumber ? `Tax return ${taxReturn.returnNumber}` : 'Tax return (draft)',
    period: rangePeriod(taxReturn.periodFrom, taxReturn.periodTo),
    tables,
    notes: [
      taxReturn.filedAt ? `Filed ${taxReturn.filedAt.slice(0, 10)} by ${taxReturn.filedBy}; ${taxReturn.status}.` : 'Draft: not filed.',
      ...(registration ? [`SST registration ${registration}.`] : []),
      `Ties to the ledger: tax payable moved ${money.toFixed(taxReturn.taxPayableMovement)} and tax recoverable ${money.toFixed(taxReturn.taxRecoverableMovement)} in the period.`,
    ],
  };
}

/**
 * The file of a return for `format` csv, pdf or excel, or null for json (the default); 400
 * FORMAT_NOT_SUPPORTED for another, as a report answers.
 */
export function taxReturnFile(ctx: CompanyContext, taxReturn: TaxReturn, format: unknown): ReportFileOut | null {
  const chosen = reportFormatOf(format);
  if (chosen === 'json') return null;
  const name = taxReturn.returnNumber ? `tax-return-${taxReturn.returnNumber}` : 'tax-return-draft';
  return layoutFile(
    ctx,
    taxReturnLayout(ctx, taxReturn),
    `${name}-${taxReturn.periodFrom}-to-${taxReturn.periodTo}`,
    chosen,
    ctx.clock.iso(),
  );
}
