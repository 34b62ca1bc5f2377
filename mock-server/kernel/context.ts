import type { MockClock } from './clock.js';

/** Who is writing, set by the router for the length of a request. */
export interface WriteContext {
  actor: string;
  requestId: string | null;
  /** The request's credential, never its secret; absent for the service's own writes (the seed). */
  credential?: WriteCredential;
  /** The request's `User-Agent` header (the audit trail's `id_user_agent`). */
  userAgent?: string | null;
}

/** What the audit trail may say of a credential (spec document 3, `auth_token_fields`): no key, token or secret. */
export interface WriteCredential {
  kind: 'api_key' | 'access_token';
  /** The API key's or token's id. */
  id: string;
  /** The key's name or the signed-in user's name. */
  name: string;
  scopes: readonly string[];
  /** The signed-in user (access tokens), when the credential names one: the trail's `id_user`. */
  userId?: string;
  /** The login subject's guid: the trail's `created_by_subject_guid` for the rows the system writes. */
  subjectGuid?: string;
  /** The applet the token carries (`applet_guid`, `applet_code`). */
  applet?: { guid: string; code: string | null };
}

/**
 * What the kernel needs of a store, declared here so the kernel depends on nothing above it
 * (ARCHITECTURE.md, "Dependencies point one way"): one transaction per request (all its writes land,
 * or none), ids, and who is writing. The store layer's `Store` satisfies it structurally.
 */
export interface TransactionalStore {
  readonly ids: { next(prefix: string, length?: number): string };
  context: WriteContext;
  transaction<R>(fn: () => R): R;
}

/**
 * What a domain function works on: a store, the clock and the company the request acts for. Generic
 * over the store, so the kernel names no concrete one; store/context.ts binds it to `Store`.
 */
export interface KernelContext<S = TransactionalStore> {
  store: S;
  clock: MockClock;
  companyId: string;
}
