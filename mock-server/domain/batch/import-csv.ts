import { BATCH_LIMITS, BatchOptions, type BatchImportCsvParams, type BatchTemplateEntity } from '../../../src/contract/index.js';
import { ServiceError, validationError } from '../../kernel/errors.js';
import { readJson } from '../../kernel/json.js';
import { mapRow, mappingError, readCsv, resolveMapping, type ColumnMapping } from '../shared/csv-table.js';
import type { BatchInput } from './run-batch.js';
import { KIND_TRANSFORM, TEMPLATE_COLUMNS } from './template-columns.js';

/**
 * Records an asynchronous import takes (the spec gives none; BATCH-22; bench/batch-import.ts imports
 * 50,000 customers). A synchronous import keeps the entity's batch maximum (spec document 3: customers 500).
 */
export const MAX_IMPORT_RECORDS = 50_000;

/**
 * A CSV import (spec document 3, `POST /v1/batch/customers/import-csv`) as a batch of creates: the
 * file read, the mapping checked against the header and the template's fields (DATA_MAPPING_ERROR),
 * each record with the line it starts on, so a record's error names the line of the file. The batch
 * then runs as the JSON batches do (runBatch / startBatchJob): one code path.
 */
export function csvImportBatch(entity: BatchTemplateEntity & keyof typeof BATCH_LIMITS, form: BatchImportCsvParams): BatchInput {
  const options = readOptions(form.options);
  const mapping = readMapping(form.mapping);
  const table = readCsv(form.file, 'file');
  const columns = TEMPLATE_COLUMNS[entity];
  const kinds = new Map(columns.map((c) => [c.field, c.kind ?? 'text']));
  // The template's cell kinds as transforms; a cell that does not read stays text, for the entity's rules to refuse with its line.
  const typed: ColumnMapping = Object.fromEntries(
    Object.entries(mapping).map(([field, column]) => [field, { field: column, transform: KIND_TRANSFORM[kinds.get(field) ?? 'text'] }]),
  );
  const fields = resolveMapping(
    table,
    typed,
    columns.map((c) => c.field),
  );
  const limit = options.async ? MAX_IMPORT_RECORDS : BATCH_LIMITS[entity];
  if (table.rows.length === 0)
    throw validationError([{ field: 'file', message: 'no records', code: 'REQUIRED_FIELD' }], 'The CSV has no record under its header');
  if (table.rows.length > limit) {
    throw validationError(
      [{ field: 'file', message: `at most ${limit} records`, code: 'MAX_VALUE', constraint: limit }],
      `The CSV has ${table.rows.length} records; at most ${limit}${options.async ? '' : ' without options.async'}`,
    );
  }
  return {
    operations: table.rows.map((row) => ({
      operation: 'create' as const,
      referenceId: `line-${row.line}`,
      data: mapRow(fields, row, true),
    })),
    options,
    rowNumbers: table.rows.map((row) => row.line),
  };
}

/** `mapping`: JSON text of an object from a target field to a CSV column's name. */
function readMapping(text: string): Record<string, string> {
  const value = readJsonField(text, 'mapping');
  const bad =
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    Object.values(value).some((column) => typeof column !== 'string');
  if (bad)
    throw mappingError('mapping must be a JSON object from a field to a CSV column name', [
      { field: 'mapping', message: 'an object of column names' },
    ]);
  return value as Record<string, string>;
}

function readOptions(text: string | undefined): BatchOptions {
  if (text === undefined || text.trim() === '') return {};
  const parsed = BatchOptions.strict().safeParse(readJsonField(text, 'options'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ['options', ...issue.path].join('.');
    throw validationError([{ field, message: issue.message, code: 'INVALID_FORMAT' }], `options: ${issue.message}`);
  }
  return parsed.data;
}

/** A form field holding JSON, read as the kernel reads a JSON body: bounded in depth, a clear 400 otherwise. */
function readJsonField(text: string, field: string): unknown {
  const reading = readJson(text);
  if (reading.ok) return reading.value;
  const message = reading.reason === 'depth' ? `${field}: ${reading.message}` : `${field} is not valid JSON text`;
  throw new ServiceError('INVALID_REQUEST', message, [
    { field, message: reading.reason === 'depth' ? reading.message : 'not JSON', code: 'INVALID_FORMAT' },
  ]);
}
