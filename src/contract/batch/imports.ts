import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { BatchAnswer, BatchJobAccepted } from './records.js';

// Spec document 3, "Batch operations": the CSV import of customers and the templates a user fills in.
const tags = ['batch'];

/**
 * The form of `POST /v1/batch/customers/import-csv` (multipart/form-data): `file` the CSV, `mapping`
 * JSON text from a customer field to a CSV column, `options` JSON text of the batch options.
 */
export const BatchImportCsvParams = z.object({
  file: z.string(),
  mapping: z.string().max(20_000),
  options: z.string().max(1_000).optional(),
});
export type BatchImportCsvParams = z.input<typeof BatchImportCsvParams>;

export const batchCustomersImportCsv = endpoint({
  id: 'batch.importCustomersCsv',
  method: 'POST',
  path: '/batch/customers/import-csv',
  scope: 'write:customers',
  tags,
  // The SDK method takes the file and the mapping, and builds the multipart form itself.
  sdkMethod: 'custom',
  summary: 'Import customers from a CSV file with a column mapping',
  description:
    'Imports customers from a CSV (`File`, `Blob` or text), each field from the column `mapping` names; ' +
    "an error's `context.rowNumber` is the line of the file. With `{ async: true }`, up to 50,000 rows.",
  example:
    "const job = await acs.batch.importCustomersCsv(csv, { mapping: { name: 'Name', email: 'Email' }, options: { async: true, continueOnError: true } });",
  body: BatchImportCsvParams,
  requestContentTypes: ['multipart/form-data'],
  response: BatchAnswer,
  accepted: BatchJobAccepted,
});

/** A template file (CSV text or an .xlsx workbook), outside the envelope. */
export const BatchTemplateFile = z.string();

export const TEMPLATE_ENTITIES = ['customers', 'items', 'suppliers', 'accounts'] as const;
export const BatchTemplateEntity = z.enum(TEMPLATE_ENTITIES);
export type BatchTemplateEntity = z.infer<typeof BatchTemplateEntity>;

/** `GET /v1/batch/<entity>/template.csv`: the spec names one path per entity. */
const csvTemplate = (entity: BatchTemplateEntity, id: string) =>
  endpoint({
    id: `batch.templates.${id}Csv`,
    method: 'GET',
    path: `/batch/${entity}/template.csv`,
    tags,
    summary: `The CSV template of ${entity}`,
    description: `The ${entity}' CSV template: a header row and an example row.`,
    exampleCall: {},
    response: BatchTemplateFile,
    file: { mediaType: 'text/csv' },
  });

export const batchTemplatesCustomersCsv = csvTemplate('customers', 'customers');
export const batchTemplatesItemsCsv = csvTemplate('items', 'items');
export const batchTemplatesSuppliersCsv = csvTemplate('suppliers', 'suppliers');
export const batchTemplatesAccountsCsv = csvTemplate('accounts', 'accounts');

export const BatchExcelTemplateParams = z.object({ entity: BatchTemplateEntity });

export const batchTemplatesExcel = endpoint({
  id: 'batch.templates.excel',
  method: 'GET',
  path: '/batch/templates/excel/{entity}',
  tags,
  summary: 'The spreadsheet template of an entity, with lists and instructions',
  description: 'An .xlsx template (`customers`, `items`, `suppliers`, `accounts`) with drop-down lists and an ' + 'Instructions sheet.',
  exampleCall: { params: { entity: 'items' } },
  params: BatchExcelTemplateParams,
  response: BatchTemplateFile,
  file: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
});
