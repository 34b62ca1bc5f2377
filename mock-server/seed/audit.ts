import { applets, type AppletRow } from '../domain/audit/index.js';
import type { Store } from '../store/index.js';

/**
 * The applet registry of the sandbox (spec document 3: a record's `applet_guid` must name an applet
 * that is not DELETED). Fixed guids, so docs and tests can name them.
 */
export const DEMO_APPLETS: readonly Pick<AppletRow, 'guid' | 'code' | 'name' | 'status'>[] = [
  { guid: '5b0f2c1e-3d4a-4f6b-8c7d-9e0a1b2c3d4e', code: 'ERP_BACKOFFICE', name: 'ERP back office', status: 'ACTIVE' },
  { guid: '6c1a3d2f-4e5b-4a7c-9d8e-0f1b2c3d4e5f', code: 'POS_TERMINAL', name: 'Point of sale', status: 'ACTIVE' },
  { guid: '7d2b4e3a-5f6c-4b8d-8e9f-1a2c3d4e5f60', code: 'EINVOICE_GATEWAY', name: 'E-invoice gateway', status: 'ACTIVE' },
  { guid: '8e3c5f4b-6a7d-4c9e-9fa0-2b3d4e5f6071', code: 'LEGACY_IMPORTER', name: 'Legacy importer (retired)', status: 'DELETED' },
];

export function seedApplets(store: Store): void {
  const table = applets(store);
  for (const applet of DEMO_APPLETS) table.insert({ id: table.newId(), ...applet, createdAt: store.clock.iso() });
}
