/**
 * Where the request journal keeps what the request path captured (MOCK-46): each entry as UTF-8 bytes in
 * shared 1 MB slabs, its fields as one JSON text followed by the answer's first characters, so a request
 * leaves nothing on the JavaScript heap for the collector to copy into the old generation and mark. The ring
 * holds, per slot, the number of its slab (shared by many entries), the entry's offsets, and the body schema
 * its masking reads (the endpoint's own, long-lived); an entry is decoded when a filter or a reader asks.
 * A slab none of whose entries is still held is written again: a new one each time would be external memory
 * that grows with the traffic, and V8 answers that growth with a full collection of the whole heap.
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

/** A slot's slab number when it holds nothing, or a buffer of its own (a record too large to share). */
const NONE = -1;
const OWN = -2;

export class JournalRing {
  readonly #slabOf: Int32Array;
  /** Records too large for a shared slab, by slot. */
  readonly #own: (Uint8Array | undefined)[];
  readonly #starts: Uint32Array;
  /** Where the fields end and the head begins. */
  readonly #splits: Uint32Array;
  readonly #ends: Uint32Array;
  readonly #heads: Uint8Array;
  readonly #schemas: (z.ZodType | undefined)[];
  readonly #slabs: Uint8Array[] = [];
  /** Slots held by each slab. */
  readonly #held: number[] = [];
  /** Slabs that hold no slot and are not being written. */
  readonly #free: number[] = [];
  #current: number;
  #offset = 0;

  constructor(readonly size: number) {
    this.#slabOf = new Int32Array(size).fill(NONE);
    this.#own = new Array(size);
    this.#starts = new Uint32Array(size);
    this.#splits = new Uint32Array(size);
    this.#ends = new Uint32Array(size);
    this.#heads = new Uint8Array(size);
    this.#schemas = new Array(size);
    this.#current = this.#newSlab();
  }

  write(slot: number, record: RingRecord): void {
    const fields = JSON.stringify(record.fields);
    const head = record.head ?? '';
    this.release(slot);
    // At most three bytes per UTF-16 unit; a record too large for a shared slab gets a buffer of its own.
    const most = (fields.length + head.length) * 3;
    this.#heads[slot] = record.head === null ? 0 : 1;
    this.#schemas[slot] = record.schema;
    if (most > SLAB_BYTES / 4) {
      const own = new Uint8Array(most);
      this.#own[slot] = own;
      this.#slabOf[slot] = OWN;
      this.#store(slot, own, 0, fields, head);
      return;
    }
    if (SLAB_BYTES - this.#offset < most) {
      const full = this.#current;
      this.#current = this.#free.pop() ?? this.#newSlab();
      this.#offset = 0;
      if (this.#held[full] === 0) this.#free.push(full);
    }
    this.#slabOf[slot] = this.#current;
    this.#held[this.#current]++;
    this.#offset = this.#store(slot, this.#slabs[this.#current], this.#offset, fields, head);
  }

  /** Shared slabs made so far: bounded by what the ring holds, not by how much was written through it. */
  get slabCount(): number {
    return this.#slabs.length;
  }

  /** The slot's record; its head is a view into the slab, valid until the slot is written or released. */
  read(slot: number): DecodedRecord {
    const slab = this.#bytesOf(slot);
    const split = this.#splits[slot];
    return {
      fields: JSON.parse(decoder.decode(slab.subarray(this.#starts[slot], split))),
      head: this.#heads[slot] === 1 ? slab.subarray(split, this.#ends[slot]) : null,
      schema: this.#schemas[slot],
    };
  }

  /** Lets a slot's bytes go (an entry read and kept in its decoded form, or the journal cleared). */
  release(slot: number): void {
    const slab = this.#slabOf[slot];
    this.#slabOf[slot] = NONE;
    this.#schemas[slot] = undefined;
    if (slab === OWN) this.#own[slot] = undefined;
    else if (slab !== NONE && --this.#held[slab] === 0 && slab !== this.#current) this.#free.push(slab);
  }

  #bytesOf(slot: number): Uint8Array {
    const slab = this.#slabOf[slot];
    if (slab === NONE) throw new Error(`journal slot ${slot} holds no entry`);
    return slab === OWN ? this.#own[slot]! : this.#slabs[slab];
  }

  #newSlab(): number {
    this.#held.push(0);
    return this.#slabs.push(new Uint8Array(SLAB_BYTES)) - 1;
  }

  #store(slot: number, bytes: Uint8Array, start: number, fields: string, head: string): number {
    const split = start + encoder.encodeInto(fields, bytes.subarray(start)).written;
    const end = split + (head === '' ? 0 : encoder.encodeInto(head, bytes.subarray(split)).written);
    this.#starts[slot] = start;
    this.#splits[slot] = split;
    this.#ends[slot] = end;
    return end;
  }
}
