import { BulkMethods } from '../../generated/resources/bulk.js';

/**
 * Bulk writes (spec document 1, "Bulk operations"): up to the per-call limit of records, each created
 * or updated on its own, so one failing item does not fail the others. Resolves to
 * `{ processed, successful, failed, results: [{ index, success, data?, error? }] }`.
 */
export class Bulk extends BulkMethods {}
