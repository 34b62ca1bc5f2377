import { SCOPES } from '../../src/contract/index.js';
import { BAKERY_ENTRIES, TRADING_ENTRIES, type SeedEntry } from './accounting.js';
import type { ApiKeyRow, CompanyRow } from '../domain/platform/index.js';
import { GLOBAL } from '../store/index.js';
import type { Store } from '../store/index.js';

/** A demo company: its profile (without id and createdAt), the bank its chart names, and its book. */
export interface DemoCompany {
  profile: Omit<CompanyRow, 'id' | 'createdAt'>;
  bankName: string;
  entries: SeedEntry[];
}

/** Two Malaysian SMEs; the first is the primary company of the demo seed. */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    profile: {
      name: 'Tanjung Trading Sdn Bhd',
      legalName: 'Tanjung Trading Sdn. Bhd.',
      registrationNumber: '201901023456 (1331234-K)',
      taxNumber: 'C24681357902',
      // Registered for service tax (repair and logistics services) when those were brought into scope in March 2024.
      sstRegistrationNumber: 'B16-2403-32000187',
      currency: 'MYR',
      country: 'MY',
      timezone: 'Asia/Kuala_Lumpur',
      fiscalYearStart: '01-01',
      plan: 'growth',
      email: 'accounts@tanjungtrading.com.my',
      phone: '+60 3-7955 2100',
      address: {
        street: 'No. 18, Jalan SS 13/4',
        street2: 'Subang Jaya Industrial Estate',
        city: 'Subang Jaya',
        state: 'Selangor',
        postalCode: '47500',
        country: 'MY',
      },
      inventoryValuationMethod: 'fifo',
      allowNegativeStock: true,
    },
    bankName: 'Maybank',
    entries: TRADING_ENTRIES,
  },
  {
    profile: {
      name: 'Seri Kasih Bakery Sdn Bhd',
      legalName: 'Seri Kasih Bakery Sdn. Bhd.',
      registrationNumber: '202201034567 (1452345-W)',
      taxNumber: 'C13579246801',
      // Below the RM500,000 registration threshold: not registered, charges no SST.
      sstRegistrationNumber: null,
      currency: 'MYR',
      country: 'MY',
      timezone: 'Asia/Kuala_Lumpur',
      fiscalYearStart: '07-01',
      plan: 'starter',
      email: 'hello@serikasih.my',
      phone: '+60 4-261 8830',
      address: {
        street: '112, Lebuh Chulia',
        city: 'George Town',
        state: 'Pulau Pinang',
        postalCode: '10200',
        country: 'MY',
      },
      // A bakery's flour and butter are interchangeable batches: a weighted average cost reads truest.
      inventoryValuationMethod: 'average',
      allowNegativeStock: true,
    },
    bankName: 'Public Bank',
    entries: BAKERY_ENTRIES,
  },
];

/** The single company of the empty seed: a profile and nothing in its books. */
export const EMPTY_COMPANY: Omit<CompanyRow, 'id' | 'createdAt'> = {
  name: 'Sandbox Company Sdn Bhd',
  legalName: 'Sandbox Company Sdn. Bhd.',
  registrationNumber: null,
  taxNumber: null,
  sstRegistrationNumber: null,
  currency: 'MYR',
  country: 'MY',
  timezone: 'Asia/Kuala_Lumpur',
  fiscalYearStart: '01-01',
  plan: 'growth',
  email: null,
  phone: null,
  address: { country: 'MY' },
  inventoryValuationMethod: 'fifo',
  allowNegativeStock: true,
};

/** Every scope, `admin` included. */
export const ALL_SCOPES: string[] = [...SCOPES];
/** Every scope but `admin`: a key that works but does not administer. */
export const WORK_SCOPES: string[] = SCOPES.filter((s) => s !== 'admin');
/** Only `read:*` scopes. */
export const READ_SCOPES: string[] = SCOPES.filter((s) => s.startsWith('read:'));

export interface KeySpec {
  name: string;
  mode: ApiKeyRow['mode'];
  companyIds: string[];
  scopes: string[];
}

/** Stores a key whose secret is the mode's prefix and 32 random characters (spec document 1, "Environments"). */
export function issueApiKey(store: Store, spec: KeySpec): ApiKeyRow {
  const table = store.table<ApiKeyRow>(GLOBAL, 'apiKeys');
  return table.insert({
    id: table.newId(),
    name: spec.name,
    secret: store.ids.next(`svc_${spec.mode}_sk`, 32),
    mode: spec.mode,
    companyIds: spec.companyIds,
    scopes: spec.scopes,
    createdAt: store.clock.iso(),
  });
}
