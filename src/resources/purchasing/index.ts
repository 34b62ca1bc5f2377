export { Suppliers } from './suppliers.js';
export { PurchaseOrders } from './purchase-orders.js';
export { ApprovalRules } from './approval-rules.js';
export { Approvals } from './approvals.js';
export { Purchasing } from './purchasing.js';
export { Bills } from './bills.js';
export { Requisitions } from './requisitions.js';
export { Rfqs } from './rfqs.js';
export { SupplierCreditNotes, SupplierDebitNotes } from './supplier-notes.js';
