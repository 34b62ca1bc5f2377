/**
 * Keeps secrets out of logs and errors (ARCHITECTURE.md: secrets "never reach a log or an error message";
 * spec document 1, API key rule 4: keys stay out of logs).
 */
export const REDACTED = '[REDACTED]';

/** Field and header names whose value is a secret: ends with secret/password/token, or names a credential. */
const SECRET_NAME = /(secret|password|passwd|token|authorization|api[-_]?key|cookie|credentials?|code[-_]?verifier)$/i;

const KEY_PATTERN = /\bsvc_(test|live)_sk_[A-Za-z0-9_-]+/g;
const BEARER_PATTERN = /\bBearer\s+[^\s"',;]+/gi;
/** `secret=...` in a URL or form body, and `"secret":"..."` in JSON text. */
const ASSIGNMENT_PATTERN =
  /((?:^|[?&\s,{"'])[A-Za-z0-9_-]*(?:secret|password|passwd|token|api[-_]?key|code[-_]?verifier)["']?\s*[:=]\s*["']?)([^"'&\s,;}]+)/gi;

/** `scheme://user:password@` of a URL inside free text. */
const USERINFO_PATTERN = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;
/** Absolute URLs inside free text (an error message of the runtime that quotes the URL it was given). */
const URL_IN_TEXT_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
/**
 * Query parameter names whose value is treated as a secret in a URL shown by an error or a log: names
 * ending in token, key, secret, password, code, signature, sig, credential(s), auth, session, verifier,
 * assertion or otp (`access_token`, `api_key`, `client_secret`, `code`, `X-Amz-Signature`, `taxCode`).
 * Broader than {@link isSecretName}: masking a harmless filter value costs little in a message.
 */
const SECRET_QUERY_NAME = /(token|key|secret|passw(or)?d|code|signature|sig|credentials?|auth|session|verifier|assertion|otp)$/i;

/** Whether a field or header of this name holds a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Masks API keys, bearer tokens, URL userinfo and `secret=`/`"token":` values inside free text. */
export function redactString(text: string): string {
  return text
    .replace(USERINFO_PATTERN, `$1${REDACTED}@`)
    .replace(KEY_PATTERN, (_, kind: string) => `svc_${kind}_sk_${REDACTED}`)
    .replace(BEARER_PATTERN, `Bearer ${REDACTED}`)
    .replace(ASSIGNMENT_PATTERN, (_, head: string) => `${head}${REDACTED}`);
}

/**
 * A URL made safe to show in an error or a log: userinfo (`user:password@`) and the fragment dropped,
 * the value of each query parameter whose name looks secret (see `SECRET_QUERY_NAME`: token, key,
 * secret, password, code, signature, ...) replaced by `[REDACTED]`, other parameters kept as sent,
 * and the rest scrubbed like any text (API keys).
 */
export function redactUrl(url: string): string {
  let out = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
  const hash = out.indexOf('#');
  if (hash >= 0) out = out.slice(0, hash);
  const mark = out.indexOf('?');
  if (mark >= 0) {
    const query = out
      .slice(mark + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 0) return pair;
        const name = pair.slice(0, eq);
        return SECRET_QUERY_NAME.test(decodeName(name)) ? `${name}=${REDACTED}` : pair;
      })
      .join('&');
    out = `${out.slice(0, mark)}?${query}`;
  }
  return redactString(out);
}

/** Every absolute URL inside free text passed through {@link redactUrl}, the rest through {@link redactString}. */
export function redactUrlsIn(text: string): string {
  return redactString(text.replace(URL_IN_TEXT_PATTERN, (url) => redactUrl(url)));
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * A copy of any value with secrets masked: secret-named fields replaced, strings scrubbed, Headers
 * flattened. Cycles are cut rather than followed.
 */
export function redact<T>(value: T): T {
  return redactValue(value, new WeakSet()) as T;
}

function redactValue(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  // A Headers object is read as the plain object of its entries: secret-named ones masked, the rest scrubbed.
  if (value instanceof Headers) return redactValue(Object.fromEntries(value), seen);
  if (value instanceof URL) return redactString(value.href);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, seen));
  if (value instanceof Error) {
    return { name: value.name, message: redactString(value.message) };
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretName(key) && item !== null && item !== undefined ? REDACTED : redactValue(item, seen);
  }
  // A validation detail about a secret field (`{ field: 'password', value: ... }`) echoes the secret in `value`.
  if (typeof out.field === 'string' && isSecretName(out.field) && out.value !== undefined && out.value !== null) {
    out.value = REDACTED;
  }
  return out;
}
