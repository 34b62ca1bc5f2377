import type { z } from 'zod';
import type { BatchErrorCategory, BatchRecordError } from '../../../src/contract/index.js';
import { boundValue } from '../../kernel/echo.js';
import { ServiceError } from '../../kernel/errors.js';
import { maskSecrets } from '../../kernel/mask.js';

/** The spec's category of a record's refusal, from what the domain said (spec document 3, "Batch operations"). */
export function categoryOf(error: ServiceError): BatchErrorCategory {
  if (error.status === 403) return 'permission';
  if (error.status === 409 || /DUPLICATE|ALREADY_EXISTS/.test(error.code)) return 'duplicate';
  if (error.status === 404 || /NOT_FOUND|REFERENCE/.test(error.code)) return 'reference';
  if (error.status >= 500) return 'system';
  return 'validation';
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/** Money fields by their last segment: `amount`, `debit`, `items.0.unitPrice`, `creditLimit`, `sellingPrice`, ... */
const MONEY_FIELD = /^(amount|debit|credit|price|cost|total|subtotal|openingBalance)$|(Amount|Price|Cost|Total|Limit|Balance)$/;
/** Codes that say a value is missing or clashes, not that it is malformed: kept as they are. */
const KEPT_CODES = new Set(['REQUIRED_FIELD', 'DUPLICATE_VALUE']);

/** Spec document 3, "Errors": a malformed email is `INVALID_EMAIL`, a bad amount `INVALID_AMOUNT`; other codes stay. */
function itemCode(field: string, code: string): string {
  if (!field || KEPT_CODES.has(code) || code.startsWith('DUPLICATE')) return code;
  const name = field.split('.').at(-1)!;
  if (/email$/i.test(name)) return 'INVALID_EMAIL';
  if (MONEY_FIELD.test(name)) return 'INVALID_AMOUNT';
  return code;
}

/**
 * A record's error as the batch reports it: the single endpoint's refusal (code, message, details) with
 * its category, its first field and where the record came from. A fault that is not a refusal is a
 * `system` error that names no internals. `schema` is the record's rules, whose secrets the echo masks.
 */
export function recordError(
  error: unknown,
  rowNumber: number,
  originalData: Record<string, unknown>,
  schema?: z.ZodType,
): BatchRecordError {
  const context = { rowNumber, originalData: boundRecord(originalData, schema) };
  if (!(error instanceof ServiceError)) {
    return { code: 'INTERNAL_ERROR', message: 'The record could not be processed', category: 'system', details: [], context };
  }
  const items = Array.isArray(error.details) ? (error.details as Record<string, unknown>[]) : [];
  const details = items.map((item) => ({
    field: text(item.field, ''),
    message: text(item.message, text(item.rule, error.message)),
    code: itemCode(text(item.field, ''), text(item.code, error.code)),
  }));
  const field = details.find((d) => d.field)?.field;
  const category = categoryOf(error);
  // Spec document 3, "Errors": a record that breaks a rule is VALIDATION_ERROR, whatever the single endpoint calls it.
  // ... and a unique clash (409 CONFLICT of the single endpoint) is the spec's DUPLICATE_RECORD.
  const code = category === 'validation' ? 'VALIDATION_ERROR' : error.code === 'CONFLICT' ? 'DUPLICATE_RECORD' : error.code;
  return { code, message: error.message, category, ...(field ? { field } : {}), details, context };
}

/** Fields a record's error echoes back at most, each value bounded as errors bound them (no huge value). */
const MAX_ECHOED_FIELDS = 50;

/** The record as its error echoes it: secrets masked (a bank account number to `****6666`), then each value bounded. */
function boundRecord(data: Record<string, unknown>, schema: z.ZodType | undefined): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(data).slice(0, MAX_ECHOED_FIELDS)) kept[key] = data[key];
  const masked = maskSecrets(kept, schema);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(masked)) out[key] = boundValue(masked[key], key).value;
  return out;
}
