/**
 * The queue behind `for await (const event of stream)`: events wait here until the loop asks, the
 * loop waits here until an event comes. `end()` finishes the loop after what is queued; `fail()`
 * throws after it.
 */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  readonly #items: T[] = [];
  readonly #waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void }[] = [];
  #done = false;
  #error: unknown = undefined;

  /** `onReturn`: the loop was left early (break, return, throw). */
  constructor(private readonly onReturn: () => void) {}

  push(item: T): void {
    if (this.#done) return;
    const waiter = this.#waiting.shift();
    if (waiter) waiter.resolve({ value: item, done: false });
    else this.#items.push(item);
  }

  end(): void {
    this.#finish(undefined);
  }

  fail(error: unknown): void {
    this.#finish(error);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#items.length > 0) return Promise.resolve({ value: this.#items.shift()!, done: false });
    if (this.#done) {
      if (this.#error === undefined) return Promise.resolve({ value: undefined, done: true });
      const error = this.#error;
      // Thrown once; the loop is over after it.
      this.#error = undefined;
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  return(): Promise<IteratorResult<T>> {
    this.#items.length = 0;
    this.#finish(undefined);
    this.onReturn();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #finish(error: unknown): void {
    if (this.#done) return;
    this.#done = true;
    this.#error = error;
    const waiting = this.#waiting.splice(0);
    for (const waiter of waiting) {
      if (error === undefined) waiter.resolve({ value: undefined, done: true });
      else waiter.reject(error);
    }
    if (waiting.length > 0) this.#error = undefined;
  }
}
