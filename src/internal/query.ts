/**
 * Builds the query string of a call. Plain values are sent as `field=value`; an operator object
 * `{ accountNumber: { startswith: '10' } }` as `accountNumber[startswith]=10` (spec document 1, "Filtering
 * and sorting"); arrays, and the values of `in`/`nin`, are joined with commas; booleans are `true`/`false`.
 * Brackets and commas stay literal so the query reads as the spec writes it.
 */
export function serializeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [field, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (isOperatorObject(value)) {
      for (const [operator, operand] of Object.entries(value)) {
        if (operand === undefined || operand === null) continue;
        parts.push(`${encodeURIComponent(field)}[${encodeURIComponent(operator)}]=${encodeValue(operand)}`);
      }
    } else {
      parts.push(`${encodeURIComponent(field)}=${encodeValue(value)}`);
    }
  }
  return parts.join('&');
}

/** Any plain object is the operator form; an operator the spec lacks is still sent, for the server to refuse. */
function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function encodeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => encodeScalar(item)).join(',');
  return encodeScalar(value);
}

function encodeScalar(value: unknown): string {
  if (value instanceof Date) return encodeURIComponent(value.toISOString());
  return encodeURIComponent(String(value));
}
