/** Records per bulk call (spec document 1, "Bulk operations"). Free of zod, so the SDK can export it. */
export const BULK_LIMITS = {
  customers: 100,
  invoices: 50,
  inventoryAdjustments: 200,
  journalEntries: 100,
  payments: 100,
} as const;
