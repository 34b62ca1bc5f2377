import type { EinvoiceStatus } from '../../../src/contract/index.js';
import { EINVOICES, type EinvoiceRow } from '../../domain/einvoice/index.js';
import { onFieldChange, onInsert, tableRule, type EventRule, type TableChange } from '../bus.js';

/** Spec document 3, "Events": the e-invoice, its status and its government ids; `errors` on a rejection. */
const payload = (change: TableChange<EinvoiceRow>) => {
  const row = change.after!;
  const { portal, submissionId, longId } = row.government;
  return {
    einvoiceId: row.id,
    invoiceId: row.invoiceId,
    uuid: row.uuid,
    status: row.status,
    government: { portal, submissionId, longId },
    ...(row.status === 'rejected' ? { errors: row.validation.errors } : {}),
  };
};

const onStatus = (status: EinvoiceStatus): EventRule =>
  tableRule<EinvoiceRow>({ table: EINVOICES, event: `einvoice.${status}`, when: onFieldChange('status', [status]), present: payload });

/**
 * One event per status change of the state table; `notifyOnCompletion` publishes the portal's decision
 * on `einvoice.submitted` too, the stream's one e-invoice channel (decision EINV-28).
 */
export const einvoiceEventRules: EventRule[] = [
  tableRule<EinvoiceRow>({ table: EINVOICES, event: 'einvoice.created', when: onInsert, present: payload }),
  ...(['validated', 'submitted', 'accepted', 'rejected', 'cancelled'] as const).map(onStatus),
  tableRule<EinvoiceRow>({
    table: EINVOICES,
    event: 'einvoice.submitted',
    when: (change) => onFieldChange<EinvoiceRow>('status', ['accepted', 'rejected'])(change) && change.after!.notify,
    present: payload,
  }),
];
