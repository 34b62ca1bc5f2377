import { z } from 'zod';

/**
 * ISO 4217's active alphabetic codes (list one, 2025), the one list every currency field is checked
 * against (decision SALES-29). Left out: XTS (testing) and XXX (no currency), which no
 * document is written in, and codes already withdrawn (HRK, CUC, SLL, ZWL).
 */
export const ISO_4217_CODES: ReadonlySet<string> = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL ' +
    'GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD ' +
    'KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO ' +
    'NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD ' +
    'SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV ' +
    'WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG'
  ).split(' '),
);

export const isCurrencyCode = (code: string): boolean => ISO_4217_CODES.has(code);

/**
 * A currency as a caller writes it: an active ISO 4217 code, upper case. A well-formed code outside
 * the list (`XYZ`) is a value outside a list of choices, so it answers INVALID_CHOICE; the type stays
 * `string` (a 180-member union would weigh on every SDK type that names a currency).
 */
export const currencyCode = () =>
  z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'three-letter ISO 4217 code' })
    .refine(isCurrencyCode, {
      message: 'must be an active ISO 4217 currency code',
      params: { code: 'INVALID_CHOICE', constraint: { list: 'ISO 4217' } },
    });
