import { expect } from 'vitest';
import { einvoiceKit, validateXml } from '../../support/einvoice-kit.js';
import type { Json } from '../../support/json.js';

/** A UBL-2.1-JSON node: every key an array of values or nodes. */
export type UblJson = Record<string, Json>;

/** The document's one `Invoice`. */
export const invoiceOf = (json: unknown): UblJson => (json as UblJson).Invoice[0];

/** A leaf's value: `[{ _: value }]`. */
export const value = (node: UblJson, key: string): unknown => node[key]?.[0]?._;

/** A party's identifications by scheme: `{ TIN, BRN|NRIC|PASSPORT|ARMY, SST, TTX }`. */
export const partyIds = (party: UblJson): Record<string, string> =>
  Object.fromEntries(party.PartyIdentification.map((p: UblJson) => [p.ID[0].schemeID, p.ID[0]._]));

export const supplierOf = (json: unknown): UblJson => invoiceOf(json).AccountingSupplierParty[0].Party[0];
export const buyerOf = (json: unknown): UblJson => invoiceOf(json).AccountingCustomerParty[0].Party[0];

/** Both forms of a MyInvois document through the official kit: the UBL 2.1 XSD (no PEPPOL rules) and the UBL-2.1-JSON schema. */
export async function expectValidMyinvois(xml: string, json: unknown, name: string): Promise<void> {
  const checked = await validateXml(xml, `${name}.xml`, false);
  expect(checked.xsd.errors, name).toEqual([]);
  const fromJson = await (await einvoiceKit()).validateUblJson(json as object, { file: `${name}.json` });
  expect(fromJson.xsd.errors, name).toEqual([]);
}
