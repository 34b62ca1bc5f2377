import type { IntegrationMapping } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { findAccountByNumber, retrieveAccount, type AccountRow } from '../accounting/index.js';
import { resolveTaxCode } from '../sales/index.js';

type AccountField = Exclude<keyof IntegrationMapping, 'defaultTaxCode'>;

/** The account types each mapped account may have: payouts land in an asset, fees are expenses, ... */
const ACCOUNT_TYPES: Record<AccountField, readonly string[]> = {
  defaultPaymentAccount: ['asset'],
  shippingAccount: ['revenue'],
  discountAccount: ['revenue', 'expense'],
  feeAccount: ['expense'],
  salesAccount: ['revenue'],
};

/** 422 DATA_MAPPING_ERROR (spec document 3, "Errors": field mapping error), naming the field. */
export const mappingError = (field: string, message: string, extra: Record<string, unknown> = {}) =>
  new ServiceError('DATA_MAPPING_ERROR', `Mapping ${field}: ${message}`, [{ field, message, code: 'DATA_MAPPING_ERROR', ...extra }]);

/** An account a mapping names, by id or by account number: active, postable, of a fitting type. */
export function mappedAccount(ctx: CompanyContext, mapping: IntegrationMapping, field: AccountField): AccountRow | undefined {
  const ref = mapping[field];
  if (ref === undefined) return undefined;
  let account: AccountRow | undefined;
  try {
    account = retrieveAccount(ctx, ref);
  } catch {
    account = findAccountByNumber(ctx, ref);
  }
  if (!account) throw mappingError(`mapping.${field}`, 'names no account of the company (an id or an account number)');
  if (!account.isActive) throw mappingError(`mapping.${field}`, `account ${account.accountNumber} is inactive`);
  if (!ACCOUNT_TYPES[field].includes(account.type)) {
    throw mappingError(
      `mapping.${field}`,
      `account ${account.accountNumber} is ${account.type}; expected ${ACCOUNT_TYPES[field].join(' or ')}`,
    );
  }
  return account;
}

/** The account a sync posts `field` to; a sync that needs one the mapping lacks is a DATA_MAPPING_ERROR. */
export function requiredAccount(ctx: CompanyContext, mapping: IntegrationMapping, field: AccountField): AccountRow {
  const account = mappedAccount(ctx, mapping, field);
  if (!account) throw mappingError(`mapping.${field}`, 'is required for this sync; set it with setup');
  return account;
}

/** Checks every field of a mapping at setup, so a sync never finds it broken (an account later deactivated is checked again then). */
export function checkMapping(ctx: CompanyContext, mapping: IntegrationMapping): IntegrationMapping {
  if (mapping.defaultTaxCode !== undefined) {
    try {
      resolveTaxCode(ctx, mapping.defaultTaxCode, 'mapping.defaultTaxCode');
    } catch (error) {
      const known =
        error instanceof ServiceError && Array.isArray(error.details) ? (error.details[0] as { message?: string }).message : undefined;
      throw mappingError('mapping.defaultTaxCode', known ?? 'names no active tax code');
    }
  }
  for (const field of Object.keys(ACCOUNT_TYPES) as AccountField[]) mappedAccount(ctx, mapping, field);
  return mapping;
}
