import type { MockClock } from '../kernel/clock.js';
import type { Store } from '../store/index.js';
import { fixtureCredentials, insertFixtureCompanies, issueFixtureKeys, loadCompanyRecords } from './fixture-load.js';
import type { CheckedFixture } from './fixture-schema.js';
import { loadUsers } from './fixture-users.js';
import { runSteps, type SeedResult, type SeedStep } from './index.js';

/**
 * Fills a store from a user's fixture (MOCK-34): its companies and keys, each module's `empty` steps (the
 * tax table, a location, the sandbox users), then its records through the domain; one transaction, so a
 * refused record leaves nothing behind.
 */
export function seedFixture(store: Store, clock: MockClock, fixture: CheckedFixture, steps: readonly SeedStep[]): SeedResult {
  return store.transaction(() => {
    const rows = insertFixtureCompanies(store, fixture);
    const keys = issueFixtureKeys(
      store,
      fixture,
      rows.map((row) => row.id),
    );
    const output = runSteps(store, clock, steps, rows);
    if (!output.oauth) throw new Error("the seed made no users: the oauth module's 'users' stage is missing");
    loadUsers(store, fixture, output.oauth);
    fixture.companies.forEach((company, at) => {
      loadCompanyRecords({ store, clock, companyId: rows[at].id, principal: { actor: 'system' } }, company, at);
    });
    return fixtureCredentials(rows, keys, output.oauth);
  });
}
