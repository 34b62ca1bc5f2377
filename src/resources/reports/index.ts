export { Reports } from './reports.js';
export { PurchasingReports } from './purchasing.js';
export { SavedReports } from './saved.js';
export { Budgets } from './budgets.js';
export { ReportSchedules } from './schedules.js';
export { ReportJobs, ReportJobFailedError, type WaitForJobOptions } from './jobs.js';
export { TaxReturns } from './tax-returns.js';
export { CurrencyRevaluations } from './currency-revaluations.js';
