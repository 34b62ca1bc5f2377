import type { z } from 'zod';
import type { EinvoiceListParams } from '../../../src/contract/einvoice/records.js';
import type { EinvoiceRow } from './tables.js';

/** The list's filters (spec document 3, `GET /einvoice`): `dateFrom`/`dateTo` bound the creation date (UTC), inclusive. */
export type EinvoiceListFilters = z.infer<typeof EinvoiceListParams>;

export function einvoiceListFilter(q: EinvoiceListFilters): (row: EinvoiceRow) => boolean {
  return (row) => {
    const created = row.createdAt.slice(0, 10);
    return (
      (q.status === undefined || row.status === q.status) &&
      (q.format === undefined || row.format === q.format) &&
      (q.portal === undefined || row.portal === q.portal) &&
      (q.dateFrom === undefined || created >= q.dateFrom) &&
      (q.dateTo === undefined || created <= q.dateTo) &&
      (q.customerId === undefined || row.customerId === q.customerId) &&
      (q.invoiceId === undefined || row.invoiceId === q.invoiceId) &&
      (q.uuid === undefined || row.uuid === q.uuid) &&
      (q.submissionId === undefined || row.submissionId === q.submissionId)
    );
  };
}
