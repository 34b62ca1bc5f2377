import type { ITEM_UNITS } from '../../../src/contract/index.js';

type ItemUnit = (typeof ITEM_UNITS)[number];

/**
 * An item's unit of measure as UN/ECE Recommendation 20 (with the Rec 21 package codes, prefixed X),
 * the code list of EN16931 BT-130 that PEPPOL and MyInvois both use.
 */
const REC20: Record<ItemUnit, string> = {
  pcs: 'H87',
  unit: 'C62',
  set: 'SET',
  pair: 'PR',
  dozen: 'DZN',
  box: 'XBX',
  carton: 'XCT',
  pack: 'XPK',
  bag: 'XBG',
  bottle: 'XBO',
  can: 'XCA',
  roll: 'XRO',
  sheet: 'XST',
  tray: 'XPU',
  kg: 'KGM',
  g: 'GRM',
  tonne: 'TNE',
  l: 'LTR',
  ml: 'MLT',
  m: 'MTR',
  cm: 'CMT',
  mm: 'MMT',
  m2: 'MTK',
  m3: 'MTQ',
  hour: 'HUR',
  day: 'DAY',
  week: 'WEE',
  month: 'MON',
  year: 'ANN',
  job: 'E48',
  trip: 'E54',
  lot: 'LO',
};

/** A line without an item, or with a unit outside the list, counts in units ("one", C62). */
export const DEFAULT_UNIT_CODE = 'C62';

export const unitCodeOf = (unit: string | null | undefined): string => (unit && REC20[unit as ItemUnit]) || DEFAULT_UNIT_CODE;
