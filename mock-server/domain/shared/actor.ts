import type { CompanyContext } from '../../store/context.js';

/** A domain call made for someone: `createdBy`, `acceptedBy`, `changedBy` name its actor (a route's context fits). */
export type ActingContext = CompanyContext & { principal?: { actor: string } };

/** Who acts: the request's principal, else the store's write context (the seed, a scheduled job). */
export const actorOf = (ctx: ActingContext): string => ctx.principal?.actor ?? ctx.store.context.actor;
