/**
 * The one mask of secrets in what the mock echoes, stores for later reading or logs (MOCK-23; ARCHITECTURE.md:
 * "an error never echoes a secret"; spec document 1, API key rule 4: keys stay out of logs). Used by
 * echo.ts (error details and messages), batch record errors and job results, sync failures, the
 * audit trail, the router's request ids and the standalone server's request log.
 *
 * A secret is found three ways: the contract marks it (`secret()`, read by `isSecretAt`), its field is
 * named like one (`token`, `apiKey`, `credentials`, a bank account number, ...), or its text is shaped
 * like one (API keys and bearer tokens as the SDK's `redactString` finds them, integration credentials).
 * A bank account number keeps its last four characters as the supplier presenter shows it (`****6666`);
 * every other secret becomes `[REDACTED]`.
 */
import type { z } from 'zod';
import { isSecretName, REDACTED, redactString } from '../../src/internal/redact.js';
import { isSecretAt } from './secrets.js';

export { REDACTED };

/** A bank account number as every answer shows it: its last four characters behind asterisks. */
export const maskAccountNumber = (accountNumber: string): string => `****${accountNumber.replace(/[\s-]/g, '').slice(-4)}`;

/** Field names of a bank account number: `bankAccountNumber`, `bank_account_no`, `iban`. */
const BANK_ACCOUNT_NAME = /(bank_?account_?(number|no)|iban)$/i;
/** `accountNumber` is a ledger account's number too; it is a bank account's inside bank details. */
const BANK_PARENT = /bank/i;

/** What a field holds: a bank account number, another secret, or nothing secret. */
export type SecretKind = 'bank' | 'secret' | null;

/** Field names seen so far and their kind: the regular expressions run once per name, not per write. */
const kinds = new Map<string, SecretKind>();

/** The kind of secret a field named `name` holds, inside a field named `parent` (if any). */
export function secretKindOf(name: string, parent = ''): SecretKind {
  if (name === 'accountNumber') return BANK_PARENT.test(parent) ? 'bank' : null;
  let kind = kinds.get(name);
  if (kind === undefined) {
    kind = BANK_ACCOUNT_NAME.test(name) ? 'bank' : isSecretName(name) ? 'secret' : null;
    if (kinds.size < 10_000) kinds.set(name, kind);
  }
  return kind;
}

/** The kind of secret at a dotted field path (`bankDetails.accountNumber`, `operations.0.data.apiKey`). */
export function secretKindOfField(field: string): SecretKind {
  const parts = field.split('.');
  return secretKindOf(parts.at(-1) ?? '', parts.at(-2));
}

/** A secret's value masked: a bank account number to its last four characters, anything else `[REDACTED]`. */
export function maskSecretValue(value: unknown, kind: Exclude<SecretKind, null>): unknown {
  if (value === null || value === undefined) return value;
  return kind === 'bank' && typeof value === 'string' ? maskAccountNumber(value) : REDACTED;
}

/**
 * Integration credentials by their prefix: store tokens (`shpat_`), gateway keys (`sk_live_`, `rk_test_`),
 * webhook secrets (`whsec_`), consumer keys (`ck_`, `cs_`), the mock's OAuth client secrets (`acs_cs_`). Here, not in the SDK's redaction: the SDK's
 * entries have size budgets, and it masks credentials by their field names.
 */
const CREDENTIAL = /\b(acs_cs|shp(?:at|ss|ca|pa)|[sr]k_(?:live|test)|whsec|c[ks])_[A-Za-z0-9_-]{6,}/g;

/** Cheap test run before the replacements: every shape `redactString` and CREDENTIAL mask contains one of these. */
const MAY_HOLD_SECRET = /@|svc_|[sr]k_(?:live|test)|\b(?:acs_cs|c[ks]|shp[a-z]{2}|whsec)_|bearer|secret|passw|token|api[-_]?key|verifier/i;

/** Text with every secret-shaped part masked: API keys, bearer tokens, credentials, `secret=` values, URL userinfo. */
export function maskText(text: string): string {
  // Nothing `redactString` masks fits in fewer than 6 characters (`a://b@`).
  return text.length >= 6 && MAY_HOLD_SECRET.test(text) ? redactString(text).replace(CREDENTIAL, `$1_${REDACTED}`) : text;
}

const MAX_DEPTH = 32;

/**
 * `value` with every secret masked: values the contract marks secret in `schema` (when given), fields
 * named like secrets at any depth, and secret-shaped text. The same object when nothing needs masking
 * (rows are immutable and shared, so the common case copies nothing). `name`: the field `value` is of.
 */
export function maskSecrets<T>(value: T, schema?: z.ZodType, name = ''): T {
  return walk(value, schema, [], name, '', 0) as T;
}

/** One node: `name` the field it is of, `parent` the field holding that (for `accountNumber` of bank details). */
function walk(value: unknown, schema: z.ZodType | undefined, path: PropertyKey[], name: string, parent: string, depth: number): unknown {
  // Only nodes on the way to a secret of the contract keep the schema (isSecretAt says whether one lies below).
  const marked = schema !== undefined && path.length > 0 && isSecretAt(schema, path);
  const inner = path.length === 0 ? schema : marked ? schema : undefined;
  if (typeof value === 'string') return marked ? maskSecretValue(value, secretKindOf(name, parent) ?? 'secret') : maskText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) {
    return marked && value !== null && value !== undefined ? maskSecretValue(value, 'secret') : value;
  }
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const masked = walk(value[i], inner, inner ? [...path, i] : path, name, parent, depth + 1);
      if (masked !== value[i]) (out ??= [...value])[i] = masked;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | null = null;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field = (value as Record<string, unknown>)[key];
    const kind = secretKindOf(key, name);
    const masked = kind ? maskSecretValue(field, kind) : walk(field, inner, inner ? [...path, key] : path, key, name, depth + 1);
    if (masked !== field) (out ??= { ...(value as Record<string, unknown>) })[key] = masked;
  }
  return out ?? value;
}

/** A request path as a log line shows it: secrets masked, also where percent-encoding would hide them. */
export function maskPath(target: string): string {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  // Most paths hold nothing a segment's test could find: no secret's shape anywhere and nothing encoded.
  if (!path.includes('%') && !MAY_HOLD_SECRET.test(path)) return path;
  return path
    .split('/')
    .map((segment) => {
      const masked = maskText(segment);
      if (masked !== segment) return masked;
      const decoded = safeDecode(segment);
      return decoded !== segment && maskText(decoded) !== decoded ? REDACTED : segment;
    })
    .join('/');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
