import * as money from '../shared/money.js';

// Reading back the UBL-2.1-JSON form the mock stores (every value `[{ "_": value, ...attributes }]`), so
// that the PDF shows the very document `validationHash` hashes, PEPPOL or MyInvois alike (EINV-4, EINV-31).

export type UblNode = Record<string, unknown>;

/** The elements `name` under `node`. */
export const ublAll = (node: UblNode | undefined, name: string): UblNode[] => (node?.[name] as UblNode[] | undefined) ?? [];

/** The first element down `path`. */
export const ublChild = (node: UblNode | undefined, ...path: string[]): UblNode | undefined =>
  path.reduce<UblNode | undefined>((at, name) => ublAll(at, name)[0], node);

/** The text of the first element down `path`, else null. */
export function ublText(node: UblNode | undefined, ...path: string[]): string | null {
  const value = ublChild(node, ...path)?._;
  return value === undefined || value === null || value === '' ? null : String(value);
}

/** An amount down `path` with 2 decimals, else null. */
export function ublAmount(node: UblNode | undefined, ...path: string[]): string | null {
  const value = ublText(node, ...path);
  return value === null ? null : money.toFixed(value);
}

/** The document element of a stored UBL-2.1-JSON text: `Invoice`, `CreditNote`... beside `_D`, `_A`, `_B`. */
export function ublDocument(json: string): UblNode {
  const root = JSON.parse(json) as UblNode;
  const name = Object.keys(root).find((key) => !key.startsWith('_'));
  return ublAll(root, name ?? 'Invoice')[0] ?? {};
}

/** A party as a person reads it: name, tax and registration ids, address and contact. */
export function ublPartyDetails(party: UblNode | undefined): { name: string; details: string[] } {
  const labelled = (label: string, value: string | null) => (value ? `${label}: ${value}` : null);
  const ids = ublAll(party, 'PartyIdentification').map((node) => ublChild(node, 'ID'));
  const scheme = (name: string) => ids.find((id) => id?.schemeID === name)?._;
  const endpoint = ublChild(party, 'EndpointID');
  const tin = scheme('TIN') ?? (endpoint?.schemeID === '0230' ? endpoint._ : null);
  const others = ids.filter((id) => id && id.schemeID !== 'TIN').map((id) => `${String(id!.schemeID ?? 'ID')}: ${String(id!._)}`);
  const address = ublChild(party, 'PostalAddress');
  const lines = ublAll(address, 'AddressLine').map((line) => ublText(line, 'Line'));
  const place = [ublText(address, 'PostalZone'), ublText(address, 'CityName')].filter(Boolean).join(' ');
  const details = [
    labelled('TIN', tin === null || tin === undefined ? null : String(tin)),
    labelled('Tax id', ublText(party, 'PartyTaxScheme', 'CompanyID')),
    labelled('Registration', ublText(party, 'PartyLegalEntity', 'CompanyID')),
    ...others,
    ublText(address, 'StreetName'),
    ublText(address, 'AdditionalStreetName'),
    ...lines,
    place || null,
    ublText(address, 'CountrySubentity') ?? ublText(address, 'CountrySubentityCode'),
    ublText(address, 'Country', 'IdentificationCode'),
    labelled('Email', ublText(party, 'Contact', 'ElectronicMail')),
    labelled('Phone', ublText(party, 'Contact', 'Telephone')),
  ];
  const name = ublText(party, 'PartyLegalEntity', 'RegistrationName') ?? ublText(party, 'PartyName', 'Name') ?? '';
  return { name, details: details.filter((d): d is string => !!d) };
}
