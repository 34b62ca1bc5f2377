import type { Company, CompanyUpdateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { GLOBAL } from '../../store/index.js';
import { retrieveCompany } from './company.js';
import { moveLockDates } from './lock-dates.js';
import { setTaxPeriodMonths } from './tax-period.js';
import type { CompanyRow } from './tenancy.js';

/** The settings `PATCH /v1/company` may change; every other field of the profile is the service's. */
type CompanySettings = Pick<CompanyRow, 'allowNegativeStock'>;

/**
 * `PATCH /v1/company` (implied, see decision PLAT-2): writes the settings given through the
 * store's write path, so the change record and what reads it see them; answers the profile as `GET` does.
 * The lock dates and the tax period go to the company's own tables, so the audit trail records their moves
 * (decisions ACC-32, ACC-40).
 */
export function updateCompanySettings(ctx: CompanyContext, patch: CompanyUpdateParams): Company {
  const { lockDate, periodLockDate } = patch;
  if (lockDate !== undefined || periodLockDate !== undefined) moveLockDates(ctx, { lockDate, periodLockDate });
  if (patch.taxPeriodMonths !== undefined) setTaxPeriodMonths(ctx, patch.taxPeriodMonths);
  const company = retrieveCompany(ctx);
  const changes: Partial<CompanySettings> = {};
  if (patch.allowNegativeStock !== undefined && patch.allowNegativeStock !== company.allowNegativeStock) {
    changes.allowNegativeStock = patch.allowNegativeStock;
  }
  // An empty patch or one that changes nothing writes nothing: no change to record.
  if (Object.keys(changes).length === 0) return company;
  ctx.store.table<CompanyRow>(GLOBAL, 'companies').update(company.id, changes);
  return retrieveCompany(ctx);
}
