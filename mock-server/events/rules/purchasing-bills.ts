import { BILLS, presentBill, type BillRow } from '../../domain/purchasing/index.js';
import type { CompanyContext } from '../../store/context.js';
import { onFieldChange, onInsert, tableRule, type EventRule, type TableChange } from '../bus.js';

const present = (change: TableChange<BillRow>, ctx: CompanyContext) => presentBill(ctx, change.after!);

/**
 * Events of the bills (spec document 1, "Events": `bill.created`, `bill.approved`, `bill.paid`; `bill.voided`, PUR-54), each
 * with the bill as the API shows it: approved when it leaves draft, paid when nothing is left due.
 */
export const purchasingBillEventRules: EventRule[] = [
  tableRule<BillRow>({ table: BILLS, event: 'bill.created', when: onInsert, present }),
  tableRule<BillRow>({
    table: BILLS,
    event: 'bill.approved',
    when: (change) => onFieldChange<BillRow>('status')(change) && change.before!.status === 'draft',
    present,
  }),
  tableRule<BillRow>({ table: BILLS, event: 'bill.paid', when: onFieldChange('status', ['paid']), present }),
  // An approved bill undone (PUR-54).
  tableRule<BillRow>({ table: BILLS, event: 'bill.voided', when: onFieldChange('status', ['void']), present }),
];
