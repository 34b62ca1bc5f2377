import { cac, cbc, type UblPart } from './ubl-tree.js';
import type { EinvoiceParty } from './source.js';

// The parties of a MyInvois document (LHDN e-Invoice Guideline v4, "Supplier's and Buyer's details"):
// TIN plus one registration id plus SST (and the supplier's TTX), MSIC code, coded address, telephone.

/** LHDN's general TINs: general public (and consolidated), foreign buyer, foreign supplier, government. */
export const GENERAL_TIN = {
  individual: 'EI00000000010',
  foreignBuyer: 'EI00000000020',
  foreignSupplier: 'EI00000000030',
  government: 'EI00000000040',
} as const;

/** An LHDN TIN: a type prefix (C company, IG individual, D partnership, ...) and 9 to 12 digits, or a general TIN. */
export const LHDN_TIN = /^(EI|IG|C|CS|D|E|F|FA|PT|TA|TC|TN|TR|TP|J|LE)\d{9,12}$/;

/** LHDN state codes 01-16; 17 is "Not Applicable" (a foreign address). */
const STATE_CODES: Record<string, string> = {
  johor: '01',
  kedah: '02',
  kelantan: '03',
  melaka: '04',
  malacca: '04',
  'negeri sembilan': '05',
  pahang: '06',
  'pulau pinang': '07',
  penang: '07',
  perak: '08',
  perlis: '09',
  selangor: '10',
  terengganu: '11',
  sabah: '12',
  sarawak: '13',
  'kuala lumpur': '14',
  'wilayah persekutuan kuala lumpur': '14',
  labuan: '15',
  'wilayah persekutuan labuan': '15',
  putrajaya: '16',
  'wilayah persekutuan putrajaya': '16',
};

/** ISO 3166-1 alpha-2 to the alpha-3 codes LHDN's country list uses. */
const ALPHA3: Record<string, string> = {
  MY: 'MYS',
  SG: 'SGP',
  CN: 'CHN',
  HK: 'HKG',
  TW: 'TWN',
  JP: 'JPN',
  KR: 'KOR',
  TH: 'THA',
  ID: 'IDN',
  PH: 'PHL',
  VN: 'VNM',
  BN: 'BRN',
  IN: 'IND',
  AU: 'AUS',
  NZ: 'NZL',
  US: 'USA',
  GB: 'GBR',
  DE: 'DEU',
  FR: 'FRA',
  NL: 'NLD',
  AE: 'ARE',
  SA: 'SAU',
};

export const countryAlpha3 = (alpha2: string | null | undefined): string | null => (alpha2 ? (ALPHA3[alpha2.toUpperCase()] ?? null) : null);

/** The state code of an address: 17 abroad; a Malaysian state by name, or Kuala Lumpur for "Wilayah Persekutuan" in KL. */
export function stateCode(address: EinvoiceParty['address']): string | null {
  if (!address) return null;
  if (address.country && address.country.toUpperCase() !== 'MY') return '17';
  const state = (address.state ?? '').trim().toLowerCase();
  if (STATE_CODES[state]) return STATE_CODES[state];
  const city = (address.city ?? '').trim().toLowerCase();
  if (state.startsWith('wilayah persekutuan') && STATE_CODES[city]) return STATE_CODES[city];
  return null;
}

/** The party's TIN, or the general TIN LHDN assigns to its kind of party when it has none. */
export function myinvoisTin(p: EinvoiceParty, role: 'supplier' | 'buyer'): string | null {
  // A foreign party's home tax number is not an LHDN TIN: it takes the general one.
  if (p.tin && (p.kind !== 'foreign' || LHDN_TIN.test(p.tin))) return p.tin;
  if (p.kind === 'individual') return GENERAL_TIN.individual;
  if (p.kind === 'government') return GENERAL_TIN.government;
  if (p.kind === 'foreign') return role === 'supplier' ? GENERAL_TIN.foreignSupplier : GENERAL_TIN.foreignBuyer;
  return null;
}

/** The registration id: the recorded one, else `NA` for a party LHDN lets go without (general TIN). */
export function registrationId(p: EinvoiceParty): { scheme: string; value: string } | null {
  if (p.idType && p.idValue) return { scheme: p.idType, value: p.idValue };
  if (p.kind === 'individual') return { scheme: 'NRIC', value: 'NA' };
  if (p.kind === 'foreign') return { scheme: 'PASSPORT', value: 'NA' };
  if (p.kind === 'government') return { scheme: 'BRN', value: 'NA' };
  return null;
}

/** A telephone in LHDN's form (`+60...`, digits only); `NA` when unknown. */
export function telephone(phone: string | null): string {
  if (!phone) return 'NA';
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? digits : digits.startsWith('0') ? `+6${digits}` : `+${digits}`;
}

const id = (scheme: string, value: string) => cac('PartyIdentification', cbc('ID', value, { schemeID: scheme }));

/** The postal address: LHDN's lines, city, postcode, state code and alpha-3 country; `NA` for what a buyer left out. */
function postalAddress(p: EinvoiceParty): UblPart {
  const a = p.address;
  const lines = [a?.street, a?.street2].filter((line): line is string => !!line && line.trim() !== '');
  return cac(
    'PostalAddress',
    cbc('CityName', a?.city || 'NA'),
    cbc('PostalZone', a?.postalCode),
    cbc('CountrySubentityCode', stateCode(a) ?? '17'),
    (lines.length ? lines : ['NA']).map((line) => cac('AddressLine', cbc('Line', line))),
    cac('Country', cbc('IdentificationCode', countryAlpha3(a?.country ?? 'MY') ?? 'MYS', { listID: 'ISO3166-1', listAgencyID: '6' })),
  );
}

/** The `cac:Party` of a supplier or buyer, in UBL 2.1 XSD order. */
export function myinvoisParty(p: EinvoiceParty, role: 'supplier' | 'buyer'): UblPart {
  const registration = registrationId(p);
  return cac(
    'Party',
    role === 'supplier' && cbc('IndustryClassificationCode', p.msicCode, { name: p.businessActivity ?? 'NA' }),
    id('TIN', myinvoisTin(p, role) ?? ''),
    registration && id(registration.scheme, registration.value),
    id('SST', p.sstNumber || 'NA'),
    role === 'supplier' && id('TTX', 'NA'),
    postalAddress(p),
    cac('PartyLegalEntity', cbc('RegistrationName', p.legalName)),
    cac('Contact', cbc('Telephone', telephone(p.phone)), cbc('ElectronicMail', p.email)),
  );
}

/** What LHDN's format needs of a party that the data lacks (400 INVALID_INVOICE_DATA details). */
export function partyProblems(p: EinvoiceParty, role: 'supplier' | 'buyer'): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (!myinvoisTin(p, role))
    problems.push({
      field: `${role}.taxId`,
      message: `the ${role} has no tax identification number (TIN) and is not a party LHDN gives a general TIN`,
    });
  if (!registrationId(p))
    problems.push({ field: `${role}.registrationNumber`, message: `the ${role} has no BRN, NRIC, passport or army number` });
  if (role === 'supplier' && !p.msicCode)
    problems.push({ field: 'supplier.msicCode', message: 'the supplier has no MSIC industry classification code' });
  if (p.address?.country && !countryAlpha3(p.address.country))
    problems.push({
      field: `${role}.address.country`,
      message: `the ${role}'s country ${p.address.country} is not in LHDN's country list`,
    });
  if (p.address && p.address.country?.toUpperCase() === 'MY' && p.address.state && !stateCode(p.address)) {
    problems.push({ field: `${role}.address.state`, message: `the ${role}'s state ${p.address.state} is not a Malaysian state` });
  }
  return problems;
}
