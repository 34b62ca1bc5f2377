/**
 * Where the request journal keeps what the request path captured (MOCK-46): each entry as UTF-8 bytes in
 * shared 1 MB slabs, its fields as one JSON text followed by the answer's first characters, so a request
 * leaves nothing on the JavaScript heap for the collector to copy into the old generation and mark. The ring
 * holds, per slot, a reference to a slab (shared by many entries), the entry's offsets, and the body schema
 * its masking reads (the endpoint's own, long-lived); an entry is decoded when a filter or a reader asks.
 */
import type { z } from 'zod';

/** A slot's contents as the journal hands them in and gets them back: plain JSON, and the answer's head apart. */
export interface RingRecord {
  /** JSON-safe fields of the captured entry. */
  fields: unknown;
  /** The answer's first characters, kept as bytes (null: none kept). */
  head: string | null;
  /** The request body's schema, for masking its secret fields when read. */
  schema?: z.ZodType;
}

/** The same record decoded: the head as a view into its slab. */
export interface DecodedRecord {
  fields: unknown;
  head: Uint8Array | null;
  schema?: z.ZodType;
}

const SLAB_BYTES = 1 << 20;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class JournalRing {
  readonly #slabs: (Uint8Array | undefined)[];
  readonly #starts: Uint32Array;
  /** Where the fields end and the head begins. */
  readonly #splits: Uint32Array;
  readonly #ends: Uint32Array;
  readonly #heads: Uint8Array;
  readonly #schemas: (z.ZodType | undefined)[];
  #slab = new Uint8Array(SLAB_BYTES);
  #offset = 0;

  constructor(readonly size: number) {
    this.#slabs = new Array(size);
    this.#starts = new Uint32Array(size);
    this.#splits = new Uint32Array(size);
    this.#ends = new Uint32Array(size);
    this.#heads = new Uint8Array(size);
    this.#schemas = new Array(size);
  }

  write(slot: number, record: RingRecord): void {
    const fields = JSON.stringify(record.fields);
    const head = record.head ?? '';
    // At most three bytes per UTF-16 unit; a record too large for a shared slab gets a buffer of its own.
    const most = (fields.length + head.length) * 3;
    this.#heads[slot] = record.head === null ? 0 : 1;
    this.#schemas[slot] = record.schema;
    if (most > SLAB_BYTES / 4) {
      this.#store(slot, new Uint8Array(most), 0, fields, head);
      return;
    }
    if (SLAB_BYTES - this.#offset < most) {
      this.#slab = new Uint8Array(SLAB_BYTES);
      this.#offset = 0;
    }
    this.#offset = this.#store(slot, this.#slab, this.#offset, fields, head);
  }

  read(slot: number): DecodedRecord {
    const slab = this.#slabs[slot]!;
    const split = this.#splits[slot];
    return {
      fields: JSON.parse(decoder.decode(slab.subarray(this.#starts[slot], split))),
      head: this.#heads[slot] === 1 ? slab.subarray(split, this.#ends[slot]) : null,
      schema: this.#schemas[slot],
    };
  }

  /** Lets a slot's slab go (an entry read and kept in its decoded form, or the journal cleared). */
  release(slot: number): void {
    this.#slabs[slot] = undefined;
    this.#schemas[slot] = undefined;
  }

  #store(slot: number, slab: Uint8Array, start: number, fields: string, head: string): number {
    const split = start + encoder.encodeInto(fields, slab.subarray(start)).written;
    const end = split + (head === '' ? 0 : encoder.encodeInto(head, slab.subarray(split)).written);
    this.#slabs[slot] = slab;
    this.#starts[slot] = start;
    this.#splits[slot] = split;
    this.#ends[slot] = end;
    return end;
  }
}
