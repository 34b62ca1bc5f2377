import { DebitNotesMethods } from '../../generated/resources/sales.js';

/** Debit notes (implied endpoints): an additional charge on a posted invoice. */
export class DebitNotes extends DebitNotesMethods {}
