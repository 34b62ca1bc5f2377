import { stringify } from 'csv-stringify/sync';
import type { BatchTemplateEntity } from '../../../src/contract/index.js';
import type { ServedFile } from '../../kernel/raw.js';
import { TEMPLATE_COLUMNS } from './template-columns.js';

/** `GET /v1/batch/<entity>/template.csv` (spec document 3): the header row and one example row to overwrite. */
export function csvTemplate(entity: BatchTemplateEntity): ServedFile {
  const columns = TEMPLATE_COLUMNS[entity];
  const text = stringify([columns.map((c) => c.field), columns.map((c) => c.example)]);
  return { filename: `${entity}-template.csv`, contentType: 'text/csv; charset=utf-8', render: () => new TextEncoder().encode(text) };
}

/**
 * `GET /v1/batch/templates/excel/{entity}` (spec document 3; BATCH-25): the entity's sheet with its
 * header row (required columns marked), one example row, drop-down lists for the enumerations (their
 * values on a hidden Lists sheet: an inline list stops at 255 characters), and an Instructions sheet.
 */
export function excelTemplate(entity: BatchTemplateEntity): ServedFile {
  return {
    filename: `${entity}-template.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    // exceljs is loaded when a workbook is asked for, as the reports' writers are (the mock starts without it).
    render: async () => (await import('./template-workbook.js')).renderWorkbook(entity, TEMPLATE_COLUMNS[entity]),
  };
}
