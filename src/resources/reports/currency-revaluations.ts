import { CurrencyRevaluationsMethods } from '../../generated/resources/reports.js';

/** Currency revaluations at a date, reversed the next day (implied; decisions ACC-37, ACC-38). */
export class CurrencyRevaluations extends CurrencyRevaluationsMethods {}
