import { SCOPES } from '../../src/contract/index.js';
import { GLOBAL, type ApiKeyRow } from '../domain/tenancy.js';
import type { Store } from '../store/index.js';

/** Every scope, `admin` included. */
export const ALL_SCOPES: string[] = [...SCOPES];
/** Every scope but `admin`: a key that works but does not administer. */
export const WORK_SCOPES: string[] = SCOPES.filter((s) => s !== 'admin');
/** Only `read:*` scopes. */
export const READ_SCOPES: string[] = SCOPES.filter((s) => s.startsWith('read:'));

export interface KeySpec {
  name: string;
  mode: ApiKeyRow['mode'];
  companyIds: string[];
  scopes: string[];
}

/** Stores a key whose secret is the mode's prefix and 32 random characters (spec document 1, "Environments"). */
export function issueApiKey(store: Store, spec: KeySpec): ApiKeyRow {
  const table = store.table<ApiKeyRow>(GLOBAL, 'apiKeys');
  return table.insert({
    id: table.newId(),
    name: spec.name,
    secret: store.ids.next(`svc_${spec.mode}_sk`, 32),
    mode: spec.mode,
    companyIds: spec.companyIds,
    scopes: spec.scopes,
    createdAt: store.clock.iso(),
  });
}
