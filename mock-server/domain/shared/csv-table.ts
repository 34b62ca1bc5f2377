import { parse } from 'csv-parse/sync';
import { ServiceError } from '../../kernel/errors.js';
import { applyTransforms, checkTransforms, TransformFailure } from './csv-transforms.js';

/** A CSV file as read: its header and each record with the line of the file it starts on (the header is line 1). */
export interface CsvTable {
  header: string[];
  rows: { line: number; values: string[] }[];
}

/** What a target field takes: a column's cell (`"Email"`), or `{ field, transform, default }` (spec document 3, transform-data). */
export type ColumnMapping = Record<string, string | { field?: string; transform?: string; default?: unknown }>;

/** A mapping resolved against a header: the column index, transforms and default of each target field. */
interface ResolvedField {
  target: string;
  column: number | null;
  transform?: string;
  fallback?: unknown;
}

/**
 * Reads CSV text (csv-parse): quotes, embedded newlines, a UTF-8 BOM, and `;` or `,` as separator,
 * whichever the header line has more of. A malformed file is 400 INVALID_REQUEST naming its line.
 */
export function readCsv(text: string, field: string): CsvTable {
  const body = text.replace(/^\uFEFF/, '');
  const headerLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = count(headerLine, ';') > count(headerLine, ',') ? ';' : ',';
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(body, {
      delimiter,
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    const e = error as { message?: string; lines?: number };
    throw new ServiceError('INVALID_REQUEST', `The CSV cannot be read at line ${e.lines ?? '?'}: ${e.message ?? 'malformed'}`, [
      { field, message: 'malformed CSV', code: 'INVALID_FORMAT', constraint: { line: e.lines ?? null } },
    ]);
  }
  const rows = records.map(({ record, info, raw }) => ({
    // info.lines is the record's last line: minus the newlines inside it (blank lines before it skipped).
    line: info.lines - count(raw.replace(/^[\r\n]+/, '').replace(/\r?\n$/, ''), '\n'),
    values: record,
  }));
  const [head, ...data] = rows;
  if (!head || head.values.every((name) => name.trim() === '')) {
    throw new ServiceError('INVALID_REQUEST', 'The CSV has no header line', [{ field, message: 'no header line', code: 'REQUIRED_FIELD' }]);
  }
  return { header: head.values.map((name) => name.trim()), rows: data };
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** 422 DATA_MAPPING_ERROR (spec document 3, "Errors": field mapping error), naming the field and, for a value, the row. */
export const mappingError = (message: string, details: { field: string; message: string; row?: number; column?: string }[]) =>
  new ServiceError('DATA_MAPPING_ERROR', message, details);

/**
 * Checks a mapping against the header and the target fields allowed (all when `targets` is undefined):
 * an unknown target field, a column not in the header or an unknown transform is DATA_MAPPING_ERROR.
 */
export function resolveMapping(table: CsvTable, mapping: ColumnMapping, targets?: readonly string[]): ResolvedField[] {
  const problems: { field: string; message: string; column?: string }[] = [];
  const resolved = Object.entries(mapping).map(([target, rule]): ResolvedField => {
    const { field: column, transform, default: fallback } = typeof rule === 'string' ? { field: rule } : rule;
    if (targets && !targets.includes(target))
      problems.push({ field: `mapping.${target}`, message: `${target} is not a field of the target; fields: ${targets.join(', ')}` });
    const index = column === undefined ? -1 : table.header.indexOf(column.trim());
    if (column !== undefined && index < 0)
      problems.push({ field: `mapping.${target}`, message: `column "${column}" is not in the CSV header`, column });
    if (column === undefined && fallback === undefined)
      problems.push({ field: `mapping.${target}`, message: 'names neither a column nor a default' });
    const badTransform = transform === undefined ? null : checkTransforms(transform);
    if (badTransform) problems.push({ field: `mapping.${target}.transform`, message: badTransform });
    return { target, column: index < 0 ? null : index, transform, fallback };
  });
  if (Object.keys(mapping).length === 0) problems.push({ field: 'mapping', message: 'maps no field' });
  if (problems.length) throw mappingError(`The mapping does not fit the CSV: ${problems[0]!.message}`, problems);
  return resolved;
}

/**
 * One CSV record as a target record: each field's cell with its transforms, or its default when the
 * cell is empty (then omitted when there is none); a dotted target (`address.city`) nests. A value a
 * transform cannot read is DATA_MAPPING_ERROR with its row and field, unless `lenient` keeps the text.
 */
export function mapRow(fields: readonly ResolvedField[], row: CsvTable['rows'][number], lenient = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const cell = field.column === null ? '' : (row.values[field.column] ?? '');
    let value: unknown;
    if (cell.trim() === '') value = field.fallback;
    else if (!field.transform) value = cell;
    else {
      try {
        value = applyTransforms(field.transform, cell);
      } catch (error) {
        if (!(error instanceof TransformFailure)) throw error;
        if (!lenient)
          throw mappingError(`Row ${row.line}, ${field.target}: ${error.message}`, [
            { field: field.target, row: row.line, message: error.message },
          ]);
        value = cell;
      }
    }
    if (value !== undefined) setPath(out, field.target, value);
  }
  return out;
}

function setPath(record: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = record;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[keys.at(-1)!] = value;
}
