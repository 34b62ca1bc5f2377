/**
 * A fixture record's problem the domain does not see (a parent, supplier, account or item named that the
 * fixture lacks): its message starts with the field (or `:` for the record itself), and the loader puts the record's
 * path before it (MOCK-34).
 */
export class FixtureProblem extends Error {}

/** Runs `write` for the record at `path`, a refusal named by that path (fixture-load.ts `atPath`). */
export type AtPath = (path: string, write: () => void) => void;
