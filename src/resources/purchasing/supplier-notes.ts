import { SupplierCreditNotesMethods, SupplierDebitNotesMethods } from '../../generated/resources/purchasing.js';

/** A supplier's credit notes on approved bills, applied to its bills or refunded (decision PUR-58): `acs.supplierCreditNotes`. */
export class SupplierCreditNotes extends SupplierCreditNotesMethods {}

/** A supplier's extra charges on approved bills (decision PUR-58): `acs.supplierDebitNotes`. */
export class SupplierDebitNotes extends SupplierDebitNotesMethods {}
