import { GLOBAL, type Store } from '../../store/index.js';

/**
 * The applet registry (spec document 3, "Audit trail record": `applet_guid` must name an existing
 * applet that is not DELETED). Applets belong to the platform, not to a tenant: a GLOBAL table.
 */
export interface AppletRow {
  id: string;
  guid: string;
  code: string;
  name: string;
  /** `ACTIVE`, or `DELETED` (no record may name it any more). */
  status: string;
  createdAt: string;
}

export const APPLETS = 'applets';

export function defineAppletTables(store: Store): void {
  store.defineTable(APPLETS, { prefix: 'apl', indexes: ['guid', 'code'] });
}

export const applets = (store: Store) => store.table<AppletRow>(GLOBAL, APPLETS);

/** The applet a record may name: registered and not DELETED. */
export function findLiveApplet(store: Store, guid: string): AppletRow | undefined {
  const applet = applets(store).byIndex('guid', guid)[0];
  return applet && applet.status !== 'DELETED' ? applet : undefined;
}
