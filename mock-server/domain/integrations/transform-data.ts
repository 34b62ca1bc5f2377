import type { TransformDataParams, TransformDataResult } from '../../../src/contract/index.js';
import { mapRow, readCsv, resolveMapping } from '../shared/csv-table.js';
import { TEMPLATE_COLUMNS } from '../batch/index.js';

/**
 * `POST /v1/integrations/transform-data` (spec document 3, "Integrations"): CSV text as target records,
 * through the same CSV reading and column mapping as the batch import. An entity target allows the
 * fields of its template; `json` any. A mapping that does not fit, or a cell a transform cannot read,
 * is DATA_MAPPING_ERROR with the field (and the row: the line of the CSV). Nothing is stored.
 */
export function transformData(params: TransformDataParams): TransformDataResult {
  const table = readCsv(params.data, 'data');
  const targets = params.targetFormat === 'json' ? undefined : TEMPLATE_COLUMNS[params.targetFormat].map((c) => c.field);
  const fields = resolveMapping(table, params.mapping as Parameters<typeof resolveMapping>[1], targets);
  const records = table.rows.map((row) => ({ rowNumber: row.line, data: mapRow(fields, row) }));
  return { targetFormat: params.targetFormat, totalRecords: records.length, records };
}
