/**
 * An `application/x-www-form-urlencoded` body (RFC 6749 §4.1.3 and Appendix B) as an object of
 * strings; a name given twice becomes an array, so a schema expecting one string refuses it (RFC 6749
 * §3.1: parameters must not be repeated).
 */
export function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}
