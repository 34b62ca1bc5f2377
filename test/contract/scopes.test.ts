import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/index.js';

// A key that may only read must not make the service store or send anything (decision REP-7): a write
// declares a write scope, but for the reads that are sent by POST.
const READS_BY_POST = ['reports.custom', 'reports.saved.execute', 'reports.balanceSheetAsync'];

describe('scopes of writes', () => {
  it('no write but a read sent by POST declares a read: scope', () => {
    const readScoped = endpoints.filter((e) => e.method !== 'GET' && e.scope?.startsWith('read:')).map((e) => e.id);
    expect(readScoped.sort()).toEqual([...READS_BY_POST].sort());
  });

  it('saving, scheduling and e-mailing reports needs write:accounts, as budgets do', () => {
    const scopeOf = (id: string) => endpoints.find((e) => e.id === id)?.scope;
    for (const id of [
      'reports.saved.create',
      'reports.saved.delete',
      'reports.schedules.create',
      'reports.schedules.update',
      'reports.schedules.delete',
      'reports.email',
    ]) {
      expect(scopeOf(id), id).toBe('write:accounts');
    }
  });
});
