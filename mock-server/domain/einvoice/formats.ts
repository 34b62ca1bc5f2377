import type { EinvoiceFormat, EinvoicePortal } from '../../../src/contract/index.js';
import { renderUblJson, renderXml, type UblPart, type UblRoot } from './ubl-tree.js';
import { PEPPOL_CUSTOMIZATION, PEPPOL_PROFILE, peppolDataProblems, peppolDocument } from './peppol.js';
import type { EinvoiceSource } from './source.js';
import { MYINVOIS_CUSTOMIZATION, MYINVOIS_VERSION, myinvoisDataProblems, myinvoisDocument } from './myinvois.js';

/** One e-invoice format: its portal, what it claims to comply with, and how it builds a document. */
export interface EinvoiceFormatSpec {
  portal: EinvoicePortal;
  compliance: { standard: string; profile: string; customization: string };
  /** What the source lacks for this format (each a 400 INVALID_INVOICE_DATA detail). */
  problems(source: EinvoiceSource): { field: string; message: string }[];
  build(source: EinvoiceSource, uuid: string): { root: UblRoot; parts: UblPart[] };
}

export const EINVOICE_FORMAT_SPECS: Record<EinvoiceFormat, EinvoiceFormatSpec> = {
  PEPPOL_UBL: {
    portal: 'peppol',
    compliance: { standard: 'UBL 2.1', profile: 'PEPPOL BIS Billing 3.0', customization: PEPPOL_CUSTOMIZATION },
    problems: peppolDataProblems,
    build: peppolDocument,
  },
  UBL21: {
    portal: 'myinvois',
    compliance: { standard: 'UBL 2.1', profile: `MyInvois ${MYINVOIS_VERSION}`, customization: MYINVOIS_CUSTOMIZATION },
    problems: myinvoisDataProblems,
    build: myinvoisDocument,
  },
};

void PEPPOL_PROFILE;

/** The document in both its forms: the XML text (what `validationHash` hashes) and the UBL-2.1-JSON. */
export function renderEinvoice(
  format: EinvoiceFormat,
  source: EinvoiceSource,
  uuid: string,
): { xml: string; json: Record<string, unknown> } {
  const { root, parts } = EINVOICE_FORMAT_SPECS[format].build(source, uuid);
  return { xml: renderXml(root, parts), json: renderUblJson(root, parts) };
}
