import { TO_IRB_FILTERS, type ToIrbContainer, type ToIrbQueryParams } from '../../../src/contract/index.js';
import type { z } from 'zod';
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import * as money from '../shared/money.js';
import { postNewDocuments } from './routing.js';
import { advanceSubmissions } from './submission.js';
import { toIrbHdrs, type ToIrbHdrRow } from './tables.js';

export type ToIrbQuery = z.output<typeof ToIrbQueryParams>;

/** The pipeline's processors, run before every records request answers (deterministic, on the mock clock). */
export function runPipeline(ctx: CompanyContext): void {
  postNewDocuments(ctx);
  advanceSubmissions(ctx);
}

/** A header or line field a parameter filters; names the record does not carry match nothing. */
const FIELD_OF: Record<string, string> = {
  hdr_guids: 'guid',
  line_irb_hdr_guids: 'guid',
  hdr_generic_doc_hdr_guids: 'generic_doc_hdr_guids',
  hdr_supplier_tax_ids: 'hdr_supplier_tin',
  hdr_buyer_tax_ids: 'hdr_buyer_tin',
  hdr_posting_status: 'hdr_posting_status',
  code_companies: 'code_company',
  hdr_total_exclude_tax: 'hdr_total_excluding_tax',
  hdr_created_date: 'created_date',
  hdr_updated_date: 'updated_date',
};
/** `hdr_buyer_names` -> `hdr_buyer_name`, `hdr_submission_statuses` -> `hdr_submission_status`. */
const fieldOf = (param: string): string =>
  FIELD_OF[param] ??
  (param.endsWith('ies') ? `${param.slice(0, -3)}y` : /(address|status)es$/.test(param) ? param.slice(0, -2) : param.replace(/s$/, ''));

type Predicate = (row: ToIrbHdrRow) => boolean;

/** The values of a field on a row: the header's, or every line's for a `line_*` field. */
function valuesOf(row: ToIrbHdrRow, field: string): unknown[] {
  if (field.startsWith('line_')) return row.lines.map((line) => (line as ToIrbHdrRow['lines'][number] & Record<string, unknown>)[field]);
  const value = (row as ToIrbHdrRow & Record<string, unknown>)[field];
  return Array.isArray(value) ? value : [value];
}

function conditionsOf(query: ToIrbQuery): Predicate[] {
  const q = query as Record<string, unknown>;
  const conditions: Predicate[] = [];
  for (const param of [...TO_IRB_FILTERS.uuids, ...TO_IRB_FILTERS.strings]) {
    const wanted = q[param] as string[] | undefined;
    if (!wanted || wanted.length === 0) continue;
    const field = fieldOf(param);
    const set = new Set(wanted);
    conditions.push((row) => valuesOf(row, field).some((v) => typeof v === 'string' && set.has(v)));
  }
  for (const param of TO_IRB_FILTERS.dates) {
    const from = q[`${param}_from`] as string | undefined;
    const to = q[`${param}_to`] as string | undefined;
    if (from === undefined && to === undefined) continue;
    const field = fieldOf(param);
    const [lo, hi] = [from === undefined ? -Infinity : Date.parse(from), to === undefined ? Infinity : Date.parse(to)];
    conditions.push((row) =>
      valuesOf(row, field).some((v) => {
        const at = typeof v === 'string' ? Date.parse(v) : NaN;
        return at >= lo && at <= hi;
      }),
    );
  }
  for (const param of TO_IRB_FILTERS.amounts) {
    const wanted = q[param] as number | undefined;
    if (wanted === undefined) continue;
    const field = fieldOf(param);
    conditions.push((row) => valuesOf(row, field).some((v) => typeof v === 'number' && money.equals(v, wanted)));
  }
  return conditions;
}

/** The query's filter: every condition (default), or any one with `applyOrLogicToQueryEntity` (spec document 3). */
export function toIrbFilter(query: ToIrbQuery): Predicate | undefined {
  const conditions = conditionsOf(query);
  if (conditions.length === 0) return undefined;
  return query.applyOrLogicToQueryEntity === true ? (row) => conditions.some((c) => c(row)) : (row) => conditions.every((c) => c(row));
}

/** A header in its container, `MyEInvoiceToIrbContainer`. */
export function presentToIrb(row: ToIrbHdrRow): ToIrbContainer {
  const { id: _id, lines, docIds: _docIds, ...header } = row;
  return { bl_fi_my_einvoice_to_irb_hdr: header, bl_fi_my_einvoice_to_irb_lines: lines };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 400 for a guid of the wrong format (spec document 3, "Errors"). */
export function checkGuid(guid: string, field = 'guid'): void {
  if (!UUID.test(guid)) {
    throw new ServiceError('INVALID_GUID_FORMAT', `${field} must be a UUID`, [
      { field, code: 'INVALID_GUID_FORMAT', message: 'not a UUID', value: guid.slice(0, 100) },
    ]);
  }
}

/** 404 `CLIENT_VALIDATION_GUIDDOESNOTEXIST`, as the audit trail's records answer. */
export const noToIrbRecord = (guid: string, field = 'guid'): ServiceError =>
  new ServiceError('CLIENT_VALIDATION_GUIDDOESNOTEXIST', `No e-invoice record with guid ${guid}`, [
    { code: 'CLIENT_VALIDATION_GUIDDOESNOTEXIST', field, message: 'no such record', value: guid },
  ]);

/** One header by guid: 400 malformed, 404 unknown. */
export function retrieveToIrb(ctx: CompanyContext, guid: string): ToIrbContainer {
  checkGuid(guid);
  runPipeline(ctx);
  const row = toIrbHdrs(ctx).get(guid.toLowerCase());
  if (!row) throw noToIrbRecord(guid);
  return presentToIrb(row);
}
