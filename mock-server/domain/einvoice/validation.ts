import type { EinvoiceFormat, EinvoiceIssue, EinvoiceValidation } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { EINVOICE_FORMAT_SPECS, renderEinvoice } from './formats.js';
import { loadEinvoiceSource, type EinvoiceSource } from './source.js';
import { portalFindings } from './portal.js';

/** The uuid a check-only rendering carries: `validate` stores nothing, so it draws no id. */
const CHECK_UUID = '00000000-0000-4000-8000-000000000000';

/** What the format's rules make of the source: its missing data as errors, what a portal would like as warnings. */
export function localValidation(source: EinvoiceSource, format: EinvoiceFormat): { errors: EinvoiceIssue[]; warnings: EinvoiceIssue[] } {
  const errors = EINVOICE_FORMAT_SPECS[format].problems(source).map((p) => ({ code: 'MISSING_DATA', ...p, severity: 'error' as const }));
  const warnings: EinvoiceIssue[] = [];
  if (!source.buyer.email && !source.buyer.phone) {
    warnings.push({
      code: 'BUYER_CONTACT_MISSING',
      message: 'the buyer has neither an email address nor a phone number',
      field: 'buyer.contact',
      severity: 'warning',
      suggestion: 'add an email or phone to the customer so the portal can notify the buyer',
    });
  }
  if (!source.buyer.address) {
    warnings.push({
      code: 'BUYER_ADDRESS_MISSING',
      message: 'the buyer has no address',
      field: 'buyer.address',
      severity: 'warning',
      suggestion: 'give the customer a billing address',
    });
  }
  return { errors, warnings };
}

/**
 * `POST /v1/einvoice/validate` (spec document 3): the format's checks, and with `checkTaxCompliance`
 * (default true) the portal's own rules as well; `strictValidation` makes warnings block submission.
 * Stores nothing.
 */
export function validateEinvoiceRequest(
  ctx: CompanyContext,
  params: { invoiceId: string; format: EinvoiceFormat; strictValidation?: boolean; checkTaxCompliance?: boolean },
): EinvoiceValidation {
  const spec = EINVOICE_FORMAT_SPECS[params.format];
  const source = loadEinvoiceSource(ctx, params.invoiceId);
  const { errors, warnings } = localValidation(source, params.format);
  if (errors.length === 0 && params.checkTaxCompliance !== false) {
    const { json } = renderEinvoice(params.format, source, CHECK_UUID);
    errors.push(...portalFindings({ portal: spec.portal, json: JSON.stringify(json) }));
  }
  const canSubmit = errors.length === 0 && !(params.strictValidation && warnings.length > 0);
  return {
    isValid: errors.length === 0,
    format: params.format,
    compliance: { standard: spec.compliance.standard, profile: spec.compliance.profile },
    errors,
    warnings,
    summary: { totalErrors: errors.length, totalWarnings: warnings.length, canSubmit },
  };
}
