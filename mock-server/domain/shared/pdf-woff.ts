// A WOFF 1.0 font file unpacked to the OpenType file it wraps (W3C WOFF File Format 1.0): fontkit's own
// WOFF reader fails on one slice of Noto Sans SC (its character map), its OpenType reader does not (REP-95).

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

interface Table {
  tag: number;
  checksum: number;
  data: Uint8Array;
}

/** The tables of `woff`, each inflated where it is compressed (a table stored as it is has its compressed length equal to its length). */
function tablesOf(woff: Uint8Array, inflate: (data: Uint8Array) => Uint8Array): Table[] {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  return Array.from({ length: view.getUint16(12) }, (_, i) => {
    const entry = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = view.getUint32(entry + 4);
    const compressed = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return { tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data: compressed < length ? inflate(stored) : stored };
  });
}

/** The OpenType file inside `woff` (anything else is returned as it is). */
export function sfntOfWoff(woff: Uint8Array, inflate: (data: Uint8Array) => Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < WOFF_HEADER || view.getUint32(0) !== WOFF_SIGNATURE) return woff;
  const tables = tablesOf(woff, inflate);
  const padded = (length: number) => (length + 3) & ~3;
  const size = tables.reduce((sum, table) => sum + padded(table.data.length), SFNT_HEADER + SFNT_ENTRY * tables.length);
  const out = new Uint8Array(size);
  const sfnt = new DataView(out.buffer);
  // The offset table's binary-search fields, as the OpenType spec defines them from the table count.
  const selector = Math.floor(Math.log2(tables.length));
  const range = 2 ** selector * SFNT_ENTRY;
  sfnt.setUint32(0, view.getUint32(4));
  sfnt.setUint16(4, tables.length);
  sfnt.setUint16(6, range);
  sfnt.setUint16(8, selector);
  sfnt.setUint16(10, tables.length * SFNT_ENTRY - range);
  let at = SFNT_HEADER + SFNT_ENTRY * tables.length;
  tables.forEach((table, i) => {
    const record = SFNT_HEADER + SFNT_ENTRY * i;
    sfnt.setUint32(record, table.tag);
    sfnt.setUint32(record + 4, table.checksum);
    sfnt.setUint32(record + 8, at);
    sfnt.setUint32(record + 12, table.data.length);
    out.set(table.data, at);
    at += padded(table.data.length);
  });
  return out;
}
