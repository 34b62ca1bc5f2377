import type { ApiPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/request-options.js';

import type { Route } from '../../core/route.js';
import {
  batchCustomersImportCsv,
  type BatchAnswer,
  type BatchJobAccepted,
  type BatchOptions,
  type BatchResult,
  type CustomerCreateParams,
} from '../../generated/index.js';
import { BatchTemplatesMethods } from '../../generated/resources/batch.js';

/** Which CSV column fills each customer field (`{ name: 'Company', email: 'E-mail', 'billingAddress.city': 'City' }`). */
export type CustomerCsvMapping = {
  [K in keyof CustomerCreateParams | `billingAddress.${'street' | 'city' | 'state' | 'postalCode' | 'country'}`]?: string;
};

export interface CsvImportInput<O extends BatchOptions = BatchOptions> {
  mapping: CustomerCsvMapping;
  options?: O;
}

/**
 * `importCustomersCsv(file, { mapping, options })`: the CSV (a `File`, a `Blob` or its text) sent as a
 * multipart form; resolves to the batch's result, or with `options.async` to the job to follow.
 */
export interface CsvImportMethod {
  (
    file: Blob | string,
    input: CsvImportInput & { options: BatchOptions & { async: true } },
    requestOptions?: RequestOptions,
  ): ApiPromise<BatchJobAccepted>;
  (file: Blob | string, input: CsvImportInput<BatchOptions & { async?: false }>, requestOptions?: RequestOptions): ApiPromise<BatchResult>;
  /** The endpoint this method calls (id, method, path). */
  readonly endpoint: Route<[body: FormData], BatchAnswer>;
}

/** The multipart form of an import (spec document 3: `file`, `mapping` JSON, `options` JSON). */
export function csvImportForm(file: Blob | string, input: CsvImportInput): FormData {
  const form = new FormData();
  const blob = typeof file === 'string' ? new Blob([file], { type: 'text/csv' }) : file;
  form.append('file', blob, (file as { name?: string }).name || 'import.csv');
  form.append('mapping', JSON.stringify(input.mapping));
  if (input.options) form.append('options', JSON.stringify(input.options));
  return form;
}

/** The method over the resource's own call of the endpoint (`make`: its `this.method`). */
export const csvImportMethod = (
  make: (route: Route) => (body: unknown, options?: RequestOptions) => ApiPromise<unknown>,
): CsvImportMethod => {
  const method = make(batchCustomersImportCsv as Route);
  const run = (file: Blob | string, input: CsvImportInput, requestOptions?: RequestOptions) =>
    method(csvImportForm(file, input), requestOptions);
  return Object.assign(run, { endpoint: batchCustomersImportCsv as unknown as CsvImportMethod['endpoint'] }) as CsvImportMethod;
};

/** The templates a user fills in (`acs.batch.templates`): CSV per entity, and a spreadsheet with lists and instructions. */
export class BatchTemplates extends BatchTemplatesMethods {}
