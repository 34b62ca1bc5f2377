import { z } from 'zod';
import { moneyTotal } from '../common.js';

// What the balance sheet and the profit and loss share (spec document 3, "Reports": the reporting
// module's form, with `total`, `comparativeTotal`, `variance` and `variancePercent` on every group).

/** `variance` = total - comparativeTotal; `variancePercent` of the comparative's size; null without a comparison (the percent also when it is 0). */
export const statementFigure = {
  total: moneyTotal(),
  comparativeTotal: moneyTotal().nullable(),
  variance: moneyTotal().nullable(),
  variancePercent: z.number().nullable(),
};
export const StatementFigure = z.object(statementFigure);
export type StatementFigure = z.infer<typeof StatementFigure>;

/** The comparison of a statement per account: the account's figure at the compare date or period. */
export const accountComparison = {
  variance: moneyTotal().nullable(),
  variancePercent: z.number().nullable(),
};

/**
 * `departmentId` and `locationId` of the statements: journal lines carry neither, so any value answers
 * 400 INVALID_PARAMETERS rather than a company-wide figure passed off as a department's (decision REP-29).
 */
export const ledgerDimension = () => z.string().max(100).optional().describe(`not kept on journal lines: refused`);
