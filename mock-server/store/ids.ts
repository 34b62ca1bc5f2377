
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const POOL_SIZE = 4096;

/** Opaque, prefixed ids (`acc_3fZk9...`): clients must not parse them (spec document 1, "Identifiers"). */
export class IdGenerator {
  #pool = new Uint8Array(POOL_SIZE);
  #at = POOL_SIZE;

  next(prefix: string, length = 16): string {
    if (this.#at + length > POOL_SIZE) {
      globalThis.crypto.getRandomValues(this.#pool);
      this.#at = 0;
    }
    let id = prefix + '_';
    for (let i = 0; i < length; i++) id += ALPHABET[this.#pool[this.#at++] % 62];
    return id;
  }
}
