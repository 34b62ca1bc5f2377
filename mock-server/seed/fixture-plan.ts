import { atPath, FixtureProblem } from './fixture-problem.js';

// The load of a company's documents as a plan of steps (MOCK-52): each step a record's write, run in the order of
// the file's `stockMoves` when it has one, every step after the steps it needs, the rest in the order listed.

interface Step {
  path: string;
  write: () => void;
  /** Its position among the steps, in the order they were listed: every step it needs comes before it. */
  index: number;
  needs: Step[];
  done: boolean;
}

/** The top record of a path: `companies[0].invoices[2]` of `companies[0].invoices[2].payments[1]`. */
const recordOf = (prefix: string, path: string): { list: string; record: string } | null => {
  const match = /^([A-Za-z]+)\[(\d+)\]/.exec(path.slice(prefix.length));
  return match ? { list: `${prefix}${match[1]}`, record: `${prefix}${match[0]}` } : null;
};

/**
 * A company's steps, recorded by `at` (the loaders' `AtPath`) instead of run: a record's first step needs the step of
 * the record listed before it in its list (so numbers are drawn in the order listed, MOCK-41), a later step of a record
 * needs its record's step before it, and a step may need the records it names (`after`: their latest step so far).
 */
export class LoadPlan {
  readonly #steps: Step[] = [];
  readonly #byPath = new Map<string, Step>();
  readonly #latest = new Map<string, Step>();

  constructor(readonly prefix: string) {}

  readonly at = (path: string, write: () => void, after: readonly string[] = []): void => {
    const needs: Step[] = [];
    const of = recordOf(this.prefix, path);
    const isRecord = of !== null && of.record === path;
    const before = of && this.#latest.get(isRecord ? of.list : of.record);
    if (before) needs.push(before);
    for (const record of after) {
      const step = this.#latest.get(record);
      if (step) needs.push(step);
    }
    const step: Step = { path, write, index: this.#steps.length, needs, done: false };
    this.#steps.push(step);
    this.#byPath.set(path, step);
    if (of) {
      if (isRecord) this.#latest.set(of.list, step);
      this.#latest.set(of.record, step);
    }
  };

  /**
   * Runs every step: first those `order` names (paths within the company), each once the steps it needs have run, then
   * the rest in the order listed. A path no step has, or one already run (the steps it needed came later), is refused.
   */
  run(order: readonly string[] | undefined, orderPath: string): void {
    order?.forEach((path, k) => {
      const step = this.#byPath.get(`${this.prefix}${path}`);
      const problem = !step
        ? `: ${path} names no step of this company's load`
        : step.done
          ? `: ${path} was made already, as a step listed before it needed it`
          : null;
      atPath(`${orderPath}[${k}]`, () => {
        if (problem) throw new FixtureProblem(problem);
      });
      this.#runWithNeeds(step!);
    });
    for (const step of this.#steps) if (!step.done) this.#runWithNeeds(step);
  }

  #runWithNeeds(step: Step): void {
    const pending = new Set<Step>();
    const stack = [step];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next.done || pending.has(next)) continue;
      pending.add(next);
      stack.push(...next.needs);
    }
    // What a step needs was listed before it, so the order listed runs every need first.
    for (const each of [...pending].sort((a, b) => a.index - b.index)) {
      each.done = true;
      // A send or an approval is a step of its own (`invoices[2].status`), refused at its record's path as before.
      atPath(each.path.replace(/\.status$/, ''), each.write);
    }
  }
}
