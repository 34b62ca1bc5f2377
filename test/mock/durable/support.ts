import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new, empty data folder under the system's temp folder. */
export function newDataFolder(): string {
  return join(mkdtempSync(join(tmpdir(), 'acs-mock-data-')), 'data');
}

export { client } from '../support/fetch-client.js';
