import { myinvoisPortalFindings } from './myinvois-findings.js';
import { LHDN_TIN } from './myinvois-parties.js';
import type { EinvoiceIssue, EinvoicePortal } from '../../../src/contract/index.js';
import type { Store } from '../../store/index.js';
import type { EinvoiceRow } from './tables.js';

// The simulated tax portal (EINV-21): it decides a submission after a delay by the mock clock,
// assigns the ids a real portal would, and rejects documents that break its own rules.

/** Options of the simulated portal (`createMockService({ einvoice })`). */
export interface EinvoicePortalOptions {
  /** Milliseconds, by the mock clock, between a submission and the portal's decision (default 5000). */
  portalDelayMs?: number;
}

export const DEFAULT_PORTAL_DELAY_MS = 5000;
const settings = new WeakMap<Store, Required<EinvoicePortalOptions>>();

/** Sets the portal's options of a service; a bad delay throws a TypeError naming the option. */
export function configureEinvoicePortal(store: Store, options: EinvoicePortalOptions = {}): void {
  const delay = options.portalDelayMs ?? DEFAULT_PORTAL_DELAY_MS;
  if (!Number.isInteger(delay) || delay < 0)
    throw new TypeError(`createMockService: einvoice.portalDelayMs must be an integer >= 0, not ${JSON.stringify(delay)}`);
  settings.set(store, { portalDelayMs: delay });
}

export const portalDelayMs = (store: Store): number => settings.get(store)?.portalDelayMs ?? DEFAULT_PORTAL_DELAY_MS;

/** Where a portal's public validation links live (the QR code encodes `{base}/{uuid}/share/{longId}`). */
export const PORTAL_BASES: Record<EinvoicePortal, string> = {
  myinvois: 'https://preprod.myinvois.hasil.gov.my',
  peppol: 'https://test-directory.peppol.eu/einvoice',
};

const upperAlphanumerics = (store: Store, prefix: string, length: number): string =>
  store.ids
    .next(prefix, length)
    .slice(prefix.length + 1)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '0');

/** MyInvois' submission UID: 26 upper-case alphanumerics (the same form for PEPPOL's transmission id). */
export const newSubmissionId = (store: Store): string => upperAlphanumerics(store, 'sub', 26);
/** MyInvois' long id of a validated document: 40 upper-case alphanumerics. */
export const newLongId = (store: Store): string => upperAlphanumerics(store, 'lid', 40);
/** The id the portal gives one validation answer. */
export const newValidationId = (store: Store): string => upperAlphanumerics(store, 'val', 20);

type JsonNode = Record<string, { _?: unknown; schemeID?: unknown }[] | JsonNode[] | undefined>;

/** The buyer's participant id as a PEPPOL document carries it: its EndpointID. */
function buyerTinOf(row: Pick<EinvoiceRow, 'json'>): { tin: string; xpath: string } | null {
  const json = JSON.parse(row.json) as Record<string, JsonNode[]>;
  const root = (json.Invoice ?? json.CreditNote)?.[0];
  const party = (root?.AccountingCustomerParty as JsonNode[] | undefined)?.[0]?.Party?.[0] as JsonNode | undefined;
  const endpoint = (party?.EndpointID as { _?: unknown }[] | undefined)?.[0]?._;
  return typeof endpoint === 'string' ? { tin: endpoint, xpath: 'cac:AccountingCustomerParty/cac:Party/cbc:EndpointID' } : null;
}

/**
 * The portal's own rules the document breaks: each finding makes it reject the submission. MyInvois
 * checks the whole document (myinvois-findings.ts); a PEPPOL access point checks that the buyer's
 * participant id (scheme 0230) is a TIN LHDN issues.
 */
export function portalFindings(row: Pick<EinvoiceRow, 'portal' | 'json'>): EinvoiceIssue[] {
  if (row.portal === 'myinvois') return myinvoisPortalFindings(row.json).map((finding) => ({ ...finding, severity: 'error' as const }));
  const buyer = buyerTinOf(row);
  if (!buyer || LHDN_TIN.test(buyer.tin)) return [];
  return [
    {
      code: 'PEPPOL-SMP-0230',
      message: `The buyer TIN ${JSON.stringify(buyer.tin)} is not a valid TIN (a prefix such as C or IG and 9 to 12 digits)`,
      field: 'buyer.taxId',
      severity: 'error',
      xpath: buyer.xpath,
    },
  ];
}
