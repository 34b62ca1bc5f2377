import * as money from '../shared/money.js';
import { GENERAL_TIN, LHDN_TIN } from './myinvois-parties.js';

// The simulated MyInvois portal's own business rules (EINV-22: the portal rejects documents that
// break them, for example a malformed buyer TIN). LHDN publishes them as prose, not as a schema; these
// are the ones the mock enforces on a submitted UBL-2.1-JSON document.

export interface PortalFinding {
  code: string;
  message: string;
  field: string;
}

type Json = Record<string, unknown[]>;

const first = (node: Json | undefined, key: string): Json | undefined => node?.[key]?.[0] as Json | undefined;
const text = (node: Json | undefined, key: string): string | undefined => {
  const leaf = node?.[key]?.[0] as { _?: unknown } | undefined;
  return leaf?._ === undefined ? undefined : String(leaf._);
};

/** The id formats LHDN checks: MyKad 12 digits, BRN 12 digits (old ones 6-8 digits and a letter), passport and army ids alphanumeric. */
const ID_FORMATS: Record<string, RegExp> = {
  NRIC: /^\d{12}$/,
  BRN: /^(\d{12}|\d{6,8}-?[A-Z])$/,
  PASSPORT: /^[A-Z0-9]{6,12}$/,
  ARMY: /^[A-Z0-9]{6,12}$/,
};
const GENERAL_TINS = new Set<string>(Object.values(GENERAL_TIN));

function partyFindings(party: Json | undefined, role: 'supplier' | 'buyer'): PortalFinding[] {
  const findings: PortalFinding[] = [];
  const ids = new Map<string, string>();
  for (const entry of (party?.PartyIdentification ?? []) as Json[]) {
    const id = entry.ID?.[0] as { _?: string; schemeID?: string } | undefined;
    if (id?.schemeID) ids.set(id.schemeID, String(id._ ?? ''));
  }
  const tin = ids.get('TIN') ?? '';
  if (!LHDN_TIN.test(tin))
    findings.push({
      code: 'INVALID_TIN',
      field: `${role}.taxId`,
      message: `the ${role}'s TIN ${tin || '(none)'} is not a TIN LHDN issues`,
    });
  const misplaced =
    role === 'supplier' ? [GENERAL_TIN.individual, GENERAL_TIN.foreignBuyer, GENERAL_TIN.government] : [GENERAL_TIN.foreignSupplier];
  if ((misplaced as string[]).includes(tin))
    findings.push({ code: 'GENERAL_TIN_MISUSED', field: `${role}.taxId`, message: `the general TIN ${tin} is not for a ${role}` });
  const scheme = ['BRN', 'NRIC', 'PASSPORT', 'ARMY'].find((s) => ids.has(s));
  const value = scheme ? ids.get(scheme)! : '';
  // `NA` stands in for the id only beside a general TIN.
  const valid = scheme && (value === 'NA' ? GENERAL_TINS.has(tin) : ID_FORMATS[scheme].test(value));
  if (!valid)
    findings.push({
      code: 'INVALID_ID_VALUE',
      field: `${role}.registrationNumber`,
      message: `the ${role}'s ${scheme ?? 'registration'} number ${value || '(none)'} is not valid`,
    });
  if (!ids.has('SST'))
    findings.push({ code: 'MISSING_SST', field: `${role}.sstNumber`, message: `the ${role} has no SST number (NA when not registered)` });
  if (role === 'supplier') {
    const msic = text(party, 'IndustryClassificationCode');
    if (!msic || !/^\d{5}$/.test(msic))
      findings.push({
        code: 'INVALID_MSIC',
        field: 'supplier.msicCode',
        message: `the supplier's MSIC code ${msic ?? '(none)'} is not a 5-digit MSIC 2008 code`,
      });
  }
  const state = text(first(party, 'PostalAddress'), 'CountrySubentityCode');
  const stateNumber = Number(state);
  if (!state || !/^\d{2}$/.test(state) || stateNumber < 1 || stateNumber > 17) {
    findings.push({
      code: 'INVALID_STATE_CODE',
      field: `${role}.address.state`,
      message: `the ${role}'s state code ${state ?? '(none)'} is not one of LHDN's 01-17`,
    });
  }
  return findings;
}

/** The document's totals: the subtotals add up to the tax, and the payable amount is the total less prepaid. */
function totalFindings(invoice: Json): PortalFinding[] {
  const findings: PortalFinding[] = [];
  const taxTotal = first(invoice, 'TaxTotal');
  const subtotals = ((taxTotal?.TaxSubtotal ?? []) as Json[]).map((s) => text(s, 'TaxAmount') ?? '0');
  if (!money.equals(money.sum(subtotals), text(taxTotal, 'TaxAmount') ?? '0')) {
    findings.push({ code: 'TAX_TOTAL_MISMATCH', field: 'totalTax', message: 'the tax subtotals do not add up to the total tax' });
  }
  const totals = first(invoice, 'LegalMonetaryTotal');
  const expected = money.subtract(text(totals, 'TaxInclusiveAmount') ?? '0', text(totals, 'PrepaidAmount') ?? '0');
  if (!money.equals(expected, text(totals, 'PayableAmount') ?? '0')) {
    findings.push({ code: 'PAYABLE_MISMATCH', field: 'total', message: 'the payable amount is not the total less what was prepaid' });
  }
  return findings;
}

/**
 * What the MyInvois portal finds wrong with a submitted document (its UBL-2.1-JSON form, object or
 * text); empty when it accepts it. The lifecycle rejects a submission with these as its errors.
 */
export function myinvoisPortalFindings(document: string | Record<string, unknown>): PortalFinding[] {
  const json = (typeof document === 'string' ? JSON.parse(document) : document) as Json;
  const invoice = first(json, 'Invoice');
  if (!invoice) return [{ code: 'INVALID_STRUCTURE', field: 'document', message: 'the document has no Invoice root' }];
  return [
    ...partyFindings(first(first(invoice, 'AccountingSupplierParty'), 'Party'), 'supplier'),
    ...partyFindings(first(first(invoice, 'AccountingCustomerParty'), 'Party'), 'buyer'),
    ...totalFindings(invoice),
  ];
}
