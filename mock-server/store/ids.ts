
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const POOL_SIZE = 4096;

/** Fills a byte array with random bytes, as `crypto.getRandomValues` does. */
export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => void;

/** Opaque, prefixed ids (`acc_3fZk9...`): clients must not parse them (spec document 1, "Identifiers"). */
export class IdGenerator {
  #pool = new Uint8Array(POOL_SIZE);
  #at = POOL_SIZE;
  #source: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);
  readonly #presets = new Map<string, string[]>();

  next(prefix: string, length = 16): string {
    if (this.#presets.size > 0) {
      const preset = this.#take(prefix);
      if (preset !== undefined) return preset;
    }
    if (this.#at + length > POOL_SIZE) {
      this.#source(this.#pool);
      this.#at = 0;
    }
    let id = prefix + '_';
    for (let i = 0; i < length; i++) id += ALPHABET[this.#pool[this.#at++] % 62];
    return id;
  }

  /** Draws every later id from `source` (a seeded one makes them reproducible: `--seed-key`). */
  useSource(source: RandomSource): void {
    this.#source = source;
    this.#at = POOL_SIZE;
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
