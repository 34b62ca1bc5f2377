import { BILLS, presentBill, type BillRow } from '../../domain/purchasing/index.js';
import { onFieldChange, onInsert, type EventRule } from '../bus.js';

const bill = (row: unknown) => row as BillRow;

/**
 * Events of the bills (spec document 1, "Events": `bill.created`, `bill.approved`, `bill.paid`), each
 * with the bill as the API shows it: approved when it leaves draft, paid when nothing is left due.
 */
export const purchasingBillEventRules: EventRule[] = [
  { table: BILLS, event: 'bill.created', when: onInsert, present: (change, ctx) => presentBill(ctx, bill(change.after)) },
  {
    table: BILLS,
    event: 'bill.approved',
    when: (change) => onFieldChange('status')(change) && bill(change.before).status === 'draft',
    present: (change, ctx) => presentBill(ctx, bill(change.after)),
  },
  {
    table: BILLS,
    event: 'bill.paid',
    when: onFieldChange('status', ['paid']),
    present: (change, ctx) => presentBill(ctx, bill(change.after)),
  },
];
