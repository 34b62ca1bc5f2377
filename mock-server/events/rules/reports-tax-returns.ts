import { presentTaxReturn, TAX_RETURNS, type TaxReturnRow } from '../../domain/reports/index.js';
import { onInsert, tableRule, type EventRule, type TableChange } from '../bus.js';

const present = (change: TableChange<TaxReturnRow>) => presentTaxReturn(change.after!);

/**
 * Events of tax returns (implied, ACC-35): `tax_return.filed` when a return is filed, `tax_return.paid` once nothing
 * is due (at filing, for a return that owes nothing), each with the return as the API shows it.
 */
export const reportTaxReturnEventRules: EventRule[] = [
  tableRule<TaxReturnRow>({ table: TAX_RETURNS, event: 'tax_return.filed', when: onInsert, present }),
  tableRule<TaxReturnRow>({
    table: TAX_RETURNS,
    event: 'tax_return.paid',
    when: (change) => change.after?.status === 'paid' && change.before?.status !== 'paid',
    present,
  }),
];
