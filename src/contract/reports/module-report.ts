import { z } from 'zod';
import { reportFormat, reportStamp } from './common.js';

// The inventory and purchasing reports of spec document 3 ("Reports": stock-valuation, ..., aged-payables;
// parameters and responses not shown) are the modules' own reports served at /v1/reports/<type>: the same
// parameters and the same shape, with `reportType` and who generated it when (decision REP-47).

/** A module's report shape as a report of document 3: the shape itself, plus `reportType` and the stamp. */
export const moduleReport = <T extends string, S extends z.ZodType>(reportType: T, shape: S) =>
  z.intersection(shape, z.object({ reportType: z.literal(reportType), ...reportStamp }));

/**
 * A module report's query: its own parameters and `format`. A date order refinement is left out on
 * purpose: the report answers a reversed range with 400 INVALID_DATE_RANGE (spec document 3, "Errors").
 */
export const moduleReportQuery = <S extends z.ZodRawShape>(shape: S) => z.object({ ...shape, format: reportFormat() });
