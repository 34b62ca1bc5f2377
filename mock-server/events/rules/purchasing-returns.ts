import { PURCHASE_RETURNS, presentPurchaseReturn, type PurchaseReturnRow } from '../../domain/purchasing/index.js';
import { onFieldChange, onInsert, tableRule, type EventRule, type TableChange } from '../bus.js';

const present = (change: TableChange<PurchaseReturnRow>) => presentPurchaseReturn(change.after!);

/** Events of purchase returns (implied, PUR-62): `purchase_return.created` when goods go back, `purchase_return.voided` when undone. */
export const purchasingReturnEventRules: EventRule[] = [
  tableRule<PurchaseReturnRow>({ table: PURCHASE_RETURNS, event: 'purchase_return.created', when: onInsert, present }),
  tableRule<PurchaseReturnRow>({
    table: PURCHASE_RETURNS,
    event: 'purchase_return.voided',
    when: onFieldChange('status', ['void']),
    present,
  }),
];
