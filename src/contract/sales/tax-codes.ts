import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDateTime, queryBoolean, searchQuery, sortQuery } from '../common.js';

/**
 * A tax code of the company's tax table: what a document line's `taxCode` names, with the rate and
 * the e-invoice mappings (MyInvois tax type, PEPPOL VAT category) e-invoices are built from. The spec
 * names line tax codes but shows no table; see decisions SALES-15 to SALES-17.
 */
export const TaxCode = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Percent: 10 means 10%. */
  rate: z.number().min(0).max(100),
  /** MyInvois tax type code: `01` sales tax, `02` service tax, `06` not applicable, `E` exempt, ... */
  myinvoisTaxType: z.string(),
  /** UNCL5305 VAT category of PEPPOL BIS: `S` standard, `Z` zero rated, `E` exempt, `O` outside scope, ... */
  peppolCategory: z.string(),
  /**
   * Whether tax charged on purchases under this code is recovered from the tax authority (to tax recoverable,
   * 1180) or is part of the cost of what was bought (stock or expense). False for every SST code: SST is single-stage.
   */
  purchaseTaxRecoverable: z.boolean(),
  isActive: z.boolean(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type TaxCode = z.infer<typeof TaxCode>;

export const TaxCodeListParams = z.object({
  active: queryBoolean().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

const TaxCodeParams = z.object({ code: z.string() });

export const taxCodesList = endpoint({
  id: 'taxCodes.list',
  method: 'GET',
  path: '/tax-codes',
  scope: 'read:invoices',
  source: 'implied',
  summary: "List the company's tax codes with their rates and e-invoice mappings",
  description:
    'Lists the tax codes with their rate, MyInvois tax type and PEPPOL VAT category, by code. Filter by ' +
    '`active`; `search` over code and name.',
  example: `const { data } = await acs.taxCodes.list();
const sst = data.find((code) => code.code === 'SST10');`,
  exampleCall: {},
  query: TaxCodeListParams,
  response: TaxCode,
  list: {
    paging: 'cursor',
    defaultSort: 'code:asc',
    defaultLimit: 50,
    maxLimit: 100,
    filters: { code: 'string', rate: 'number', myinvoisTaxType: 'string', peppolCategory: 'string' },
    search: ['code', 'name'],
    sort: ['code', 'name', 'rate'],
  },
});

export const taxCodesRetrieve = endpoint({
  id: 'taxCodes.retrieve',
  method: 'GET',
  path: '/tax-codes/{code}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one tax code by its code (SST10, ZR, ...)',
  description: 'One tax code by its code (`SST10`); an unknown code rejects with `NotFoundError`.',
  exampleCall: { params: { code: 'SST10' } },
  params: TaxCodeParams,
  response: TaxCode,
});
