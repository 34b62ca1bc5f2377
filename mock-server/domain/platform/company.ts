import type { AuthVerification, Company } from '../../../src/contract/index.js';
import type { Principal } from '../../kernel/route.js';
import type { CompanyContext } from '../../store/context.js';
import { ServiceError } from '../../kernel/errors.js';
import { lockDatesOf } from './lock-dates.js';
import { taxPeriodMonthsOf } from './tax-period.js';
import { findCompany } from './tenancy.js';

/** The company the request acts on (`GET /v1/company`; its shape is our decision, spec document 1 "not shown"). */
export function retrieveCompany(ctx: CompanyContext): Company {
  const { createdAt, ...profile } = companyRow(ctx);
  return { ...profile, ...lockDatesOf(ctx), taxPeriodMonths: taxPeriodMonthsOf(ctx), createdAt };
}

function companyRow(ctx: CompanyContext) {
  const company = findCompany(ctx.store, ctx.companyId);
  // The router has already checked X-Company-Id; this guards domain callers (spec document 1: INVALID_COMPANY).
  if (!company) throw new ServiceError('INVALID_COMPANY', `No company with id ${ctx.companyId}`);
  return company;
}

/** The company's home currency, the default of new accounts: read off its row, without the lock dates a profile adds (MOCK-51). */
export const companyCurrency = (ctx: CompanyContext): string => companyRow(ctx).currency;

/** `GET /v1/auth/verify` (spec document 1): the credential is valid for this company, with these permissions. */
export function verifyAuth(ctx: CompanyContext, principal: Pick<Principal, 'scopes'>): AuthVerification {
  const company = retrieveCompany(ctx);
  return {
    authenticated: true,
    company: { id: company.id, name: company.name, plan: company.plan },
    permissions: [...principal.scopes],
  };
}
