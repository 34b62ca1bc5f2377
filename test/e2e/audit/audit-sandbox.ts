import { AcsError, type AcsClient, type AuditTrailFields } from '../../../src/index.js';
import type { OAuthCredentials } from '../../../mock-server/index.js';
import { failureOf, sandbox, type Sandbox } from '../../support/sandbox.js';

/** The seeded users of mock-server/seed/oauth.ts demoUsers, by role. */
export const ROLES = { owner: 0, noCodes: 1, readOnly: 2, platformAdmin: 3, platformReader: 4 } as const;
export type Role = keyof typeof ROLES;

export interface AuditSandbox extends Sandbox {
  /** A client signed in as the seeded user of `role` (`mock.signIn`), on the primary company unless `companyId`/`tenantCode` say otherwise. */
  as(role: Role, options?: { companyId?: string; tenantCode?: string }): AcsClient;
  user(role: Role): OAuthCredentials['users'][number];
}

/** A demo sandbox whose clients sign in as the seeded data-management users. */
export function auditSandbox(now = '2026-03-10T02:00:00Z'): AuditSandbox {
  const box = sandbox({ now });
  const user = (role: Role) => box.mock.credentials.oauth!.users[ROLES[role]]!;
  return {
    ...box,
    user,
    as: (role, options = {}) => box.client({ accessToken: box.mock.signIn(user(role).id), ...options }),
  };
}

/** A record body in its container. */
export const record = (fields: AuditTrailFields = {}) => ({ bl_applet_audit_trail: fields });

/** The `AcsError` a refused call rejected with. */
export async function refusal(call: PromiseLike<unknown>): Promise<AcsError> {
  const error = await failureOf(call);
  if (!(error instanceof AcsError)) throw error;
  return error;
}
