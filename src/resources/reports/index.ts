export { Reports } from './reports.js';
export { PurchasingReports } from './purchasing.js';
export { SavedReports } from './saved.js';
export { Budgets } from './budgets.js';
