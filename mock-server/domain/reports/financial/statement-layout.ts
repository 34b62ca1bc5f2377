import type { StatementFigure } from '../../../../src/contract/index.js';
import type { ReportColumn, ReportRow } from '../core/document.js';
import { cellForPeople } from '../core/render/cells.js';

// The columns and cells the balance sheet and the profit and loss files share (REP-35).

/** Code and name, then the figures' columns: `figure` (labelled), and with a comparison its three columns. */
export function statementColumns(figureLabel: string, comparativeLabel: string | null, extra: ReportColumn[] = []): ReportColumn[] {
  return [
    { key: 'accountCode', label: 'Code', kind: 'text' },
    { key: 'accountName', label: 'Account', kind: 'text' },
    ...extra,
    { key: 'total', label: figureLabel, kind: 'money' },
    ...(comparativeLabel === null
      ? []
      : ([
          { key: 'comparativeTotal', label: comparativeLabel, kind: 'money' },
          { key: 'variance', label: 'Variance', kind: 'money' },
          { key: 'variancePercent', label: 'Variance %', kind: 'percent' },
        ] as ReportColumn[])),
  ];
}

/** A row of figures: a subtotal or total line (no code), or an account's line. */
export const figureRow = (accountCode: string | null, accountName: string, figure: StatementFigure, extra: ReportRow = {}): ReportRow => ({
  accountCode: accountCode ?? '',
  accountName,
  ...extra,
  total: figure.total,
  comparativeTotal: figure.comparativeTotal,
  variance: figure.variance,
  variancePercent: figure.variancePercent,
});

/** A heading line inside a table (`Current assets`). */
export const headingRow = (accountName: string): ReportRow => ({ accountCode: '', accountName });

/** An amount in the notes under a title, as the tables write it (`1,234.50`, a negative in parentheses). */
export const amountText = (value: number): string => cellForPeople(value, 'money');
