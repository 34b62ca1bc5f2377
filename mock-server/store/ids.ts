const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHABET_CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const UNDERSCORE = 95;
const POOL_SIZE = 4096;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Fills a byte array with random bytes, as `crypto.getRandomValues` does. */
export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => void;

/** Opaque, prefixed ids (`acc_3fZk9...`): clients must not parse them (spec document 1, "Identifiers"). */
export class IdGenerator {
  #pool = new Uint8Array(POOL_SIZE);
  #at = POOL_SIZE;
  #source: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);
  #seeded = false;
  /** Pool refills drawn from the source: with `#at`, where a seeded stream stands (MOCK-29). */
  #refills = 0;
  readonly #presets = new Map<string, string[]>();

  next(prefix: string, length = 16): string {
    if (this.#presets.size > 0) {
      const preset = this.#take(prefix);
      if (preset !== undefined) return preset;
    }
    if (this.#at + length > POOL_SIZE) {
      this.#refill();
    }
    // One flat string from char codes: built by `+=`, an id is a chain of cons strings, ~250 B more per id (REP-78).
    const codes: number[] = [];
    for (let i = 0; i < prefix.length; i++) codes.push(prefix.charCodeAt(i));
    codes.push(UNDERSCORE);
    for (let i = 0; i < length; i++) codes.push(ALPHABET_CODES[this.#pool[this.#at++] % 62]);
    return String.fromCharCode(...codes);
  }

  /**
   * The mock's one UUID source: a version 4 UUID (RFC 9562 §5.4), Web Crypto's `randomUUID`, or under a
   * seed key the same layout over 16 bytes of the seeded source, so `--seed-key` reproduces it too.
   */
  uuid(): string {
    if (!this.#seeded) return globalThis.crypto.randomUUID();
    if (this.#at + 16 > POOL_SIZE) {
      this.#refill();
    }
    let hex = '';
    for (let i = 0; i < 16; i++) {
      let byte = this.#pool[this.#at++];
      if (i === 6) byte = (byte & 0x0f) | 0x40;
      else if (i === 8) byte = (byte & 0x3f) | 0x80;
      hex += HEX[byte];
    }
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Where the id stream stands, so a restart on a durable folder goes on from there instead of drawing a seeded stream's ids again. */
  position(): { refills: number; at: number } {
    return { refills: this.#refills, at: this.#at };
  }

  /** Moves a fresh stream to `position`: the source's earlier blocks are drawn and dropped. */
  seek(position: { refills: number; at: number }): void {
    while (this.#refills < position.refills) this.#refill();
    this.#at = position.at;
  }

  #refill(): void {
    this.#source(this.#pool);
    this.#at = 0;
    this.#refills++;
  }

  /** Draws every later id from `source` (a seeded one makes them reproducible: `--seed-key`). */
  useSource(source: RandomSource): void {
    this.#source = source;
    this.#seeded = true;
    this.#at = POOL_SIZE;
    this.#refills = 0;
  }

  /** The next id of `prefix` is `id`, given whole (`--company-id`, `--api-key`). */
  preset(prefix: string, id: string): void {
    this.#presets.set(prefix, [...(this.#presets.get(prefix) ?? []), id]);
  }

  #take(prefix: string): string | undefined {
    const queue = this.#presets.get(prefix);
    const id = queue?.shift();
    if (queue?.length === 0) this.#presets.delete(prefix);
    return id;
  }
}
