import type { Store } from '../../store/index.js';

const HEX = '0123456789abcdef';

/**
 * A random version 4 UUID (RFC 9562 §5.4) from the store's id source, so that a seed key
 * (`acs-mock --seed-key`) makes the guids of records and login subjects reproducible too.
 */
export function newUuid(store: Store): string {
  const digits = store.ids.next('u', 32).slice(2);
  let hex = '';
  for (let i = 0; i < 32; i++) hex += HEX[digits.charCodeAt(i) % 16];
  const variant = HEX[8 + (digits.charCodeAt(16) % 4)];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
