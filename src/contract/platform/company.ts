import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { Address, isoDateTime } from '../common.js';

/** The company profile; the spec does not show it, see docs/spec-decisions.md. */
export const Company = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string(),
  registrationNumber: z.string().nullable(),
  taxNumber: z.string().nullable(),
  /** SST registration number; null when not registered. */
  sstRegistrationNumber: z.string().nullable(),
  currency: z.string().length(3),
  country: z.string().length(2),
  timezone: z.string(),
  fiscalYearStart: z.string().regex(/^\d{2}-\d{2}$/),
  plan: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: Address,
  /** How the ledger values stock and costs what is sold (issue #11; MFRS 102 allows both). */
  inventoryValuationMethod: z.enum(['fifo', 'average']),
  createdAt: isoDateTime(),
});
export type Company = z.infer<typeof Company>;

export const companyRetrieve = endpoint({
  id: 'company.retrieve',
  method: 'GET',
  path: '/company',
  summary: 'The company chosen by X-Company-Id',
  response: Company,
});
