/**
 * Presented records kept as JSON text, for the reads a test suite repeats most (an invoice, a page of
 * them): presenting and serialising a record is most of such a request's time. The router's envelope
 * takes a `JsonText` as it is, so the answer's bytes are those of the presented value.
 */

/** A value already written as JSON (what `JSON.stringify` gives for it). */
export class JsonText {
  #value: unknown;
  #parsed = false;

  constructor(readonly text: string) {}

  /** The value the text holds, read once (the response check reads a kept record on every answer). */
  get value(): unknown {
    if (!this.#parsed) {
      this.#value = JSON.parse(this.text);
      this.#parsed = true;
    }
    return this.#value;
  }
}

/** The value a `JsonText` holds, for the response check; any other value as it is. */
export const jsonValue = (value: unknown): unknown => (value instanceof JsonText ? value.value : value);

interface Kept {
  key: string;
  text: JsonText;
}

/**
 * The JSON of presented rows, per row and key: for a presenter that reads nothing but its row and what
 * `key` names (an invoice: the company's day, which its overdue status reads). A stored row is immutable
 * (a write replaces the object), so its text holds until the key changes. Bounded: two generations of
 * `limit` rows, the older dropped when the newer fills.
 */
export class PresentedJson<R extends object> {
  #current = new Map<R, Kept>();
  #older = new Map<R, Kept>();

  constructor(readonly limit = 2048) {}

  text(row: R, key: string, present: (row: R) => unknown): JsonText {
    let kept = this.#current.get(row);
    if (kept === undefined) {
      kept = this.#older.get(row);
      if (kept !== undefined && kept.key === key) this.#keep(row, kept);
    }
    if (kept !== undefined && kept.key === key) return kept.text;
    const made: Kept = { key, text: new JsonText(JSON.stringify(present(row)) ?? 'null') };
    this.#keep(row, made);
    return made.text;
  }

  #keep(row: R, kept: Kept): void {
    if (this.#current.size >= this.limit) {
      this.#older = this.#current;
      this.#current = new Map();
    }
    this.#current.set(row, kept);
  }
}
