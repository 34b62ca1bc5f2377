import type { z } from 'zod';
import {
  PERMISSION_DENIED_STATUS,
  type AuditTrailContainer,
  type AuditTrailDeleted,
  type AuditTrailFields,
} from '../../../src/contract/index.js';
import type { ErrorCodeOf } from '../../../src/contract/errors.js';
import { ServiceError } from '../../kernel/errors.js';
import { findLoginSubject } from '../shared/users.js';
import { findLiveApplet } from './applets.js';
import { presentRecord, recordFor, trailOf, type AuditContext, type AuditScope } from './scope.js';
import type { AuditTrailRow } from './tables.js';

type Fields = z.output<typeof AuditTrailFields>;

/** The write checks of spec document 3, "Errors" (400, every failing one listed), and ours for the response-only status. */
const CHECKS = {
  guid: 'API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_GUID_IS_NULL',
  status: 'API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_STATUS_IS_NULL_OR_EMPTY',
  revision: 'API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_REVISION_IS_NULL',
  applet: 'API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_APPLET_GUID_DOES_NOT_EXISTS',
  subject: 'API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_CREATED_BY_SUBJECT_GUID_DOES_NOT_EXIST',
  responseOnly: 'API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_STATUS_IS_RESPONSE_ONLY',
} as const satisfies Record<string, ErrorCodeOf<400>>;

interface Failed {
  code: (typeof CHECKS)[keyof typeof CHECKS];
  field: string;
  message: string;
}

/** The fields a caller writes as given (PUT: an omitted one is null); the rest are the service's. */
const CARRIED = [
  'applet_code',
  'action',
  'foreign_table',
  'foreign_key',
  'message_json',
  'descr',
  'date_txn',
  'txn_type',
  'event_code',
  'obj_type',
  'id_user',
  'id_device',
  'id_user_agent',
  'link_guid',
  'module_guid',
  'namespace',
  'vrsn',
  'property_json',
  'acl_config',
  'acl_policy',
] as const satisfies readonly (keyof Fields & keyof AuditTrailRow)[];

const blank = (value: string | null | undefined): boolean => value === null || value === undefined || value.trim() === '';

/** Every failing check of a write, in the spec's order; a 400 naming them all, the first as the code. */
function refuse(failed: Failed[]): void {
  if (failed.length === 0) return;
  throw new ServiceError(
    failed[0].code,
    `The audit trail record failed ${failed.length} check${failed.length === 1 ? '' : 's'}: ${failed.map((f) => f.code).join(', ')}`,
    failed,
  );
}

/** The checks both writes share: status, applet and the creating subject. */
function sharedChecks(ctx: AuditContext, fields: Fields, status: string | null | undefined, subject: string): Failed[] {
  const failed: Failed[] = [];
  if (blank(status)) failed.push({ code: CHECKS.status, field: 'status', message: 'status is null or empty' });
  else if (status === PERMISSION_DENIED_STATUS)
    failed.push({
      code: CHECKS.responseOnly,
      field: 'status',
      message: `${PERMISSION_DENIED_STATUS} is a response-only marker, never written`,
    });
  if (fields.applet_guid != null && !findLiveApplet(ctx.store, fields.applet_guid)) {
    failed.push({ code: CHECKS.applet, field: 'applet_guid', message: 'applet_guid names no applet, or a DELETED one' });
  }
  if (!findLoginSubject(ctx.store, subject)) {
    failed.push({ code: CHECKS.subject, field: 'created_by_subject_guid', message: 'created_by_subject_guid names no login subject' });
  }
  return failed;
}

/** The carried fields of a body, an omitted one as null; `applet_code` from the registry when only the guid is given. */
function carried(ctx: AuditContext, fields: Fields): Pick<AuditTrailRow, (typeof CARRIED)[number] | 'applet_guid'> {
  const out = Object.fromEntries(CARRIED.map((field) => [field, fields[field] ?? null])) as Pick<AuditTrailRow, (typeof CARRIED)[number]>;
  const applet = fields.applet_guid == null ? undefined : findLiveApplet(ctx.store, fields.applet_guid);
  // An instant in UTC, so that ranges and order compare it as the trail's index does (see decision AUD-12).
  const date_txn = out.date_txn === null ? null : new Date(out.date_txn).toISOString();
  return { ...out, date_txn, applet_guid: fields.applet_guid ?? null, applet_code: out.applet_code ?? applet?.code ?? null };
}

/** POST: guid, revision and status default; the creator is the credential's subject (spec document 3, "Audit trail record"). */
export function createAuditRecord(ctx: AuditContext, scope: AuditScope, fields: Fields): AuditTrailContainer {
  const status = fields.status === undefined || fields.status === null ? 'ACTIVE' : fields.status;
  refuse(sharedChecks(ctx, fields, status, scope.user.guid));
  const guid = fields.guid ?? ctx.store.ids.uuid();
  if (scope.partitions.some((partition) => trailOf(ctx, partition).has(guid))) {
    throw new ServiceError('CLIENT_VALIDATION_GUID_ALREADY_EXISTS', `An audit trail record with guid ${guid} already exists`, [
      { code: 'CLIENT_VALIDATION_GUID_ALREADY_EXISTS', field: 'guid', message: 'guid already used', value: guid },
    ]);
  }
  const now = ctx.clock.iso();
  const row: AuditTrailRow = {
    id: guid,
    guid,
    ...carried(ctx, fields),
    status,
    revision: fields.revision ?? ctx.store.ids.uuid(),
    created_date: now,
    updated_date: now,
    created_by_subject_guid: scope.user.guid,
    updated_by_subject_guid: scope.user.guid,
    created_by_name: scope.user.name,
    updated_by_name: scope.user.name,
  };
  return presentRecord(scope, scope.home, trailOf(ctx, scope.home).insert(row));
}

/**
 * PUT: the whole record (an omitted field is written as null), the revision read sent back. The
 * creating subject is kept from the body and filled from the credential only when null; the updater
 * is always the credential's, and each write gets a new revision.
 */
export function updateAuditRecord(ctx: AuditContext, scope: AuditScope, fields: Fields): AuditTrailContainer {
  const subject = fields.created_by_subject_guid ?? scope.user.guid;
  const failed: Failed[] = [];
  if (fields.guid == null) failed.push({ code: CHECKS.guid, field: 'guid', message: 'guid is required on update' });
  failed.push(...sharedChecks(ctx, fields, fields.status, subject));
  if (fields.revision == null) failed.push({ code: CHECKS.revision, field: 'revision', message: 'send back the revision read' });
  // The spec's order: guid, status, revision, applet, subject.
  refuse(failed.sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code)));

  const { partition, row } = recordFor(ctx, scope, fields.guid!, true);
  if (fields.revision !== row.revision) {
    throw new ServiceError(
      'CLIENT_VALIDATION_REVISION_MISMATCH',
      'The record changed since it was read: read it again and resend with its revision',
      [
        {
          code: 'CLIENT_VALIDATION_REVISION_MISMATCH',
          field: 'revision',
          message: 'stale revision',
          value: fields.revision,
          current: row.revision,
        },
      ],
    );
  }
  const creator = subject === row.created_by_subject_guid ? row.created_by_name : (findLoginSubject(ctx.store, subject)?.name ?? null);
  const updated = trailOf(ctx, partition).update(row.id, {
    ...carried(ctx, fields),
    status: fields.status!,
    revision: ctx.store.ids.uuid(),
    updated_date: ctx.clock.iso(),
    created_by_subject_guid: subject,
    created_by_name: creator,
    updated_by_subject_guid: scope.user.guid,
    updated_by_name: scope.user.name,
  });
  return presentRecord(scope, partition, updated);
}

const ORDER: string[] = [CHECKS.guid, CHECKS.status, CHECKS.responseOnly, CHECKS.revision, CHECKS.applet, CHECKS.subject];

/** DELETE: the record becomes DELETED, invisible to every read; an unknown guid is a 404. */
export function deleteAuditRecord(ctx: AuditContext, scope: AuditScope, guid: string): AuditTrailDeleted {
  const { partition, row } = recordFor(ctx, scope, guid, true);
  trailOf(ctx, partition).update(row.id, {
    status: 'DELETED',
    revision: ctx.store.ids.uuid(),
    updated_date: ctx.clock.iso(),
    updated_by_subject_guid: scope.user.guid,
    updated_by_name: scope.user.name,
  });
  return { guid: row.guid, deleted: true };
}

/** GET one: a visible record of the scope, masked on the platform surface when outside the caller's permission. */
export function retrieveAuditRecord(ctx: AuditContext, scope: AuditScope, guid: string): AuditTrailContainer {
  const { partition, row } = recordFor(ctx, scope, guid, false);
  return presentRecord(scope, partition, row);
}
