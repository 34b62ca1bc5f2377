import { ServiceError } from '../kernel/errors.js';

/**
 * A fixture record's problem the domain does not see (a parent, supplier, account or item named that the
 * fixture lacks): its message starts with the field (or `:` for the record itself), and the loader puts the record's
 * path before it (MOCK-34).
 */
export class FixtureProblem extends Error {}

/** Runs `write` for the record at `path` and returns what it returns, a refusal named by that path (`atPath`). */
export type AtPath = <T>(path: string, write: () => T) => T;

/** A fixture refused: every problem, each naming its path in the file (`companies[0].customers[3].email: ...`). */
export class FixtureError extends Error {
  constructor(readonly problems: string[]) {
    super(`the fixture is refused:\n  ${problems.join('\n  ')}`);
    this.name = 'FixtureError';
  }
}

/** A domain refusal, as a problem at `path`: its message and each detail's field and message. */
function problemAt(path: string, error: unknown): string {
  // A problem of the record itself (`: ...`) follows its path; one of a field (`parent: ...`) follows a dot.
  if (error instanceof FixtureProblem) return `${path}${error.message.startsWith(':') ? '' : '.'}${error.message}`;
  if (!(error instanceof ServiceError)) throw error;
  const details = Array.isArray(error.details) ? (error.details as { field?: string; message?: string }[]) : [];
  const fields = details.filter((d) => d.field && d.message).map((d) => `${path}.${d.field}: ${d.message}`);
  return fields.length > 0 ? fields.join('; ') : `${path}: ${error.message}`;
}

/** Runs `write` for the record at `path`, turning a domain refusal into a `FixtureError` naming the path. */
export function atPath<T>(path: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw new FixtureError([problemAt(path, error)]);
  }
}
