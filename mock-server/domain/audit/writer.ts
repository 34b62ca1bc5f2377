import type { WriteContext } from '../../kernel/context.js';
import { GLOBAL, type ObservedWrite, type Row, type Store, type Table } from '../../store/index.js';
import { maskSecrets } from '../../kernel/mask.js';
import { AUDIT_TRAILS, type AuditJson, type AuditTrailRow } from './tables.js';

/** The operations the system writer records (spec document 3, "Audit trail record"). */
export type AuditAction = 'CREATED' | 'UPDATED' | 'DELETED';

/** `auth_token_fields` of the service's own writes (the demo seed): no credential. */
const SYSTEM_CREDENTIAL = Object.freeze({ kind: 'system', id: null, name: 'system' });

/** One `auth_token_fields` object per request context, shared by the rows of that request. */
const credentialFields = new WeakMap<WriteContext, Readonly<Record<string, unknown>>>();

/** What the trail says of the credential: kind, id, name and scopes, never the key, token or secret. */
function authTokenFields(context: WriteContext): Readonly<Record<string, unknown>> {
  const { credential } = context;
  if (!credential) return context.actor === 'system' ? SYSTEM_CREDENTIAL : { kind: 'system', id: null, name: context.actor };
  let fields = credentialFields.get(context);
  if (!fields) {
    const { kind, id, name, scopes, userId } = credential;
    fields = Object.freeze({ kind, id, name, scopes, ...(userId === undefined ? {} : { user_id: userId }) });
    credentialFields.set(context, fields);
  }
  return fields;
}

const actionOf = (write: ObservedWrite): AuditAction => (write.before === null ? 'CREATED' : write.after === null ? 'DELETED' : 'UPDATED');

/** `{ payload: ... }` with only the parts the action needs: CREATED `new_data`, UPDATED both, DELETED `delete_data`. */
function messageOf(action: AuditAction, write: ObservedWrite): AuditJson {
  const auth_token_fields = authTokenFields(write.context);
  const data = (row: Row | null) => maskSecrets(row);
  if (action === 'CREATED') return { payload: { new_data: data(write.after), auth_token_fields } };
  if (action === 'UPDATED') return { payload: { old_data: data(write.before), new_data: data(write.after), auth_token_fields } };
  return { payload: { delete_data: data(write.before), auth_token_fields } };
}

/**
 * The system writer (AUD-16 to AUD-18): one audit row in the company's trail for every create, update
 * and delete of a domain record, written inside the write's own transaction, so a refused or undone
 * write leaves no row. Tables of no company (GLOBAL: companies, keys, users, the outbox) have no tenant
 * trail; internal tables (balances, ledger lines, secrets, the trail itself) never reach here.
 */
export function writeAuditRow(store: Store, write: ObservedWrite): void {
  const { table, context } = write;
  if (table.companyId === GLOBAL) return;
  const action = actionOf(write);
  const credential = context.credential;
  const at = isoNow(store);
  const guid = store.ids.uuid();
  const row: AuditTrailRow = {
    id: guid,
    guid,
    applet_guid: credential?.applet?.guid ?? null,
    applet_code: credential?.applet?.code ?? null,
    action,
    foreign_table: table.name,
    foreign_key: write.id,
    message_json: messageOf(action, write),
    descr: action,
    date_txn: at,
    txn_type: null,
    event_code: null,
    obj_type: null,
    id_user: credential ? (credential.userId ?? credential.id) : context.actor,
    id_device: null,
    id_user_agent: context.userAgent ?? null,
    link_guid: null,
    module_guid: null,
    namespace: null,
    vrsn: null,
    status: 'ACTIVE',
    revision: store.ids.uuid(),
    created_date: at,
    updated_date: at,
    created_by_subject_guid: credential?.subjectGuid ?? null,
    updated_by_subject_guid: credential?.subjectGuid ?? null,
    created_by_name: credential?.subjectGuid ? credential.name : null,
    updated_by_name: credential?.subjectGuid ? credential.name : null,
    property_json: null,
    acl_config: null,
    acl_policy: null,
  };
  trailOf(store, table.companyId).insert(row);
}

/** Each store's trail tables by company: a store keeps its table objects for life (a restore refills them). */
const trails = new WeakMap<Store, Map<string, Table<AuditTrailRow>>>();

function trailOf(store: Store, companyId: string): Table<AuditTrailRow> {
  let byCompany = trails.get(store);
  if (!byCompany) trails.set(store, (byCompany = new Map()));
  let trail = byCompany.get(companyId);
  if (!trail) byCompany.set(companyId, (trail = store.table<AuditTrailRow>(companyId, AUDIT_TRAILS)));
  return trail;
}

/** The clock's ISO time, formatted once per millisecond: a request writes several rows in the same one. */
const lastIso = new WeakMap<Store, { ms: number; iso: string }>();

function isoNow(store: Store): string {
  const ms = store.clock.nowMs();
  const last = lastIso.get(store);
  if (last?.ms === ms) return last.iso;
  const iso = new Date(ms).toISOString();
  lastIso.set(store, { ms, iso });
  return iso;
}

const unsubscribers = new WeakMap<Store, () => void>();

/**
 * Turns the system writer on or off for a store (on from `defineAuditTables`); off serves the bench's
 * baseline of the cost of auditing. Idempotent.
 */
export function setAuditTrailWriting(store: Store, on: boolean): void {
  const stop = unsubscribers.get(store);
  if (on && !stop)
    unsubscribers.set(
      store,
      store.onWrite((write) => writeAuditRow(store, write)),
    );
  if (!on && stop) {
    stop();
    unsubscribers.delete(store);
  }
}
