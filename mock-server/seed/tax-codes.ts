import { createTaxCode, type NewTaxCode } from '../domain/sales/index.js';
import type { CompanyContext } from '../store/context.js';

/**
 * The Malaysian SST tax table every company starts with (the empty seed too: a company always has
 * its tax table). MyInvois tax types: 01 sales tax, 02 service tax, 06 not applicable, E exempt;
 * PEPPOL (UNCL5305) categories: S standard, Z zero rated, E exempt, O outside the scope of tax.
 * Rates in force: sales tax 10% or 5% by the goods' tariff code; service tax 8% since 1 March 2024,
 * 6% kept for food and beverage, telecommunications, parking and logistics (Service Tax (Rate of
 * Tax) (Amendment) Order 2024). `NT` is the not-taxable code a line without tax names.
 */
export const MALAYSIAN_TAX_CODES: readonly NewTaxCode[] = [
  { code: 'SST10', name: 'Sales tax 10%', rate: 10, myinvoisTaxType: '01', peppolCategory: 'S' },
  { code: 'SST5', name: 'Sales tax 5%', rate: 5, myinvoisTaxType: '01', peppolCategory: 'S' },
  { code: 'SVC8', name: 'Service tax 8%', rate: 8, myinvoisTaxType: '02', peppolCategory: 'S' },
  {
    code: 'SVC6',
    name: 'Service tax 6% (food and beverage, telecommunications, parking, logistics)',
    rate: 6,
    myinvoisTaxType: '02',
    peppolCategory: 'S',
  },
  // A zero-rated supply is taxable at 0%: MyInvois has no 0% type, so it travels as an exemption.
  { code: 'ZR', name: 'Zero-rated supply', rate: 0, myinvoisTaxType: 'E', peppolCategory: 'Z' },
  { code: 'EX', name: 'Exempt from sales and service tax', rate: 0, myinvoisTaxType: 'E', peppolCategory: 'E' },
  { code: 'NT', name: 'Not taxable (outside the scope of SST)', rate: 0, myinvoisTaxType: '06', peppolCategory: 'O' },
];

/** Writes the tax table through the domain. */
export function seedTaxCodes(ctx: CompanyContext): void {
  for (const code of MALAYSIAN_TAX_CODES) createTaxCode(ctx, code);
}
