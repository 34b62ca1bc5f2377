import { presentRequisition, PURCHASE_REQUISITIONS, type RequisitionRow } from '../../domain/purchasing/index.js';
import { onFieldChange, onInsert, type EventRule } from '../bus.js';

const requisition = (row: unknown) => presentRequisition(row as RequisitionRow);

/**
 * `requisition.created` and `requisition.approved` (spec document 1, "Events", purchasing), each with the
 * requisition as the API shows it.
 */
export const purchasingRequisitionEventRules: EventRule[] = [
  { table: PURCHASE_REQUISITIONS, event: 'requisition.created', when: onInsert, present: (change) => requisition(change.after) },
  {
    table: PURCHASE_REQUISITIONS,
    event: 'requisition.approved',
    when: onFieldChange('status', ['approved']),
    present: (change) => requisition(change.after),
  },
];
