export { Reports } from './reports.js';
export { PurchasingReports } from './purchasing.js';
export { Budgets } from './budgets.js';
