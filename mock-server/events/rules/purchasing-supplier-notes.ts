import {
  presentSupplierCreditNote,
  presentSupplierDebitNote,
  SUPPLIER_CREDIT_NOTES,
  SUPPLIER_DEBIT_NOTES,
  type SupplierCreditNoteRow,
  type SupplierDebitNoteRow,
} from '../../domain/purchasing/index.js';
import { onInsert, tableRule, type EventRule, type TableChange } from '../bus.js';

const credit = (change: TableChange<SupplierCreditNoteRow>) => presentSupplierCreditNote(change.after!);

/** A credit note's applications or refunds grew: credit left it after it was recorded. */
const grew =
  (field: 'applications' | 'refunds') =>
  (change: TableChange<SupplierCreditNoteRow>): boolean =>
    change.before !== null && change.after !== null && change.after[field].length > change.before[field].length;

/**
 * Events of the supplier's corrections of a bill (PUR-58; implied, HOOK-6): a credit note recorded, its
 * credit applied to another bill or refunded by the supplier, and a debit note, each with the note as the API
 * shows it. A credit note inserts applied to its own bill, so `created` shows that application.
 */
export const purchasingSupplierNoteEventRules: EventRule[] = [
  tableRule<SupplierCreditNoteRow>({
    table: SUPPLIER_CREDIT_NOTES,
    event: 'supplier_credit_note.created',
    when: onInsert,
    present: credit,
  }),
  tableRule<SupplierCreditNoteRow>({
    table: SUPPLIER_CREDIT_NOTES,
    event: 'supplier_credit_note.applied',
    when: grew('applications'),
    present: credit,
  }),
  tableRule<SupplierCreditNoteRow>({
    table: SUPPLIER_CREDIT_NOTES,
    event: 'supplier_credit_note.refunded',
    when: grew('refunds'),
    present: credit,
  }),
  tableRule<SupplierDebitNoteRow>({
    table: SUPPLIER_DEBIT_NOTES,
    event: 'supplier_debit_note.created',
    when: onInsert,
    present: (change) => presentSupplierDebitNote(change.after!),
  }),
];
