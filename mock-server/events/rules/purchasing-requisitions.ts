import { presentRequisition, PURCHASE_REQUISITIONS, type RequisitionRow } from '../../domain/purchasing/index.js';
import { onFieldChange, onInsert, tableRule, type EventRule, type TableChange } from '../bus.js';

const present = (change: TableChange<RequisitionRow>) => presentRequisition(change.after!);

/**
 * `requisition.created` and `requisition.approved` (spec document 1, "Events", purchasing), each with the
 * requisition as the API shows it.
 */
export const purchasingRequisitionEventRules: EventRule[] = [
  tableRule<RequisitionRow>({ table: PURCHASE_REQUISITIONS, event: 'requisition.created', when: onInsert, present }),
  tableRule<RequisitionRow>({
    table: PURCHASE_REQUISITIONS,
    event: 'requisition.approved',
    when: onFieldChange('status', ['approved']),
    present,
  }),
];
