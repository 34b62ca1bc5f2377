import { isSecretName, REDACTED } from '../../../src/internal/redact.js';

/** Bank account numbers are secrets of the trail too (issue #10): a supplier's, a company's bank details. */
const BANK_ACCOUNT_NAME = /(bank_?account_?(number|no)|iban)$/i;

/** Field names seen so far, and whether each names a secret: the test runs once per name, not per write. */
const secretNames = new Map<string, boolean>();

function namesSecret(name: string): boolean {
  let secret = secretNames.get(name);
  if (secret === undefined) {
    secret = isSecretName(name) || BANK_ACCOUNT_NAME.test(name);
    if (secretNames.size < 10_000) secretNames.set(name, secret);
  }
  return secret;
}

/**
 * A record as the trail may keep it: the value of every field named like a secret (`secret`, `token`,
 * `password`, `apiKey`, bank account number, ... at any depth) replaced by `[REDACTED]`. The same
 * object when nothing needs masking, which is the common case: rows are immutable, so the trail
 * shares them rather than copying (memory per audit row).
 */
export function maskSecrets<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const masked = maskSecrets(value[i], depth + 1);
      if (masked !== value[i]) (out ??= [...value])[i] = masked;
    }
    return (out ?? value) as T;
  }
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    const masked = namesSecret(key) && field !== null && field !== undefined ? REDACTED : maskSecrets(field, depth + 1);
    if (masked !== field) (out ??= { ...(value as Record<string, unknown>) })[key] = masked;
  }
  return (out ?? value) as T;
}
