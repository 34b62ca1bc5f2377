import { MockClock } from '../kernel/clock.js';
import type { ContactInput, CustomerRow } from '../domain/sales/index.js';
import type { CustomerCreateParams } from '../../src/contract/index.js';
import type { CompanyContext } from '../store/context.js';
import { loadCustomers } from './fixture-parties.js';
import { atPath } from './fixture-problem.js';

/** One demo customer, created `sinceDays` before the clock's now, with its contacts. */
/** Written as a caller sends it, and read by the contract like any request (one code path). */
export type SeedCustomer = CustomerCreateParams & {
  sinceDays: number;
  contacts?: (ContactInput & { name: string })[];
};

const TRADING_CUSTOMERS: SeedCustomer[] = [
  {
    sinceDays: 300,
    name: 'Kedai Runcit Harmoni',
    type: 'business',
    email: 'order@harmoni.com.my',
    phone: '+60 3-5631 2288',
    address: { street: '7, Jalan SS 15/4B', city: 'Subang Jaya', state: 'Selangor', postalCode: '47500', country: 'MY' },
    paymentTerms: 30,
    creditLimit: 20_000,
    tags: ['retail', 'selangor'],
    contacts: [{ name: 'Lim Wei Ling', email: 'weiling@harmoni.com.my', phone: '+60 12-330 4412', title: 'Owner' }],
  },
  {
    sinceDays: 260,
    name: 'Syarikat Pejabat Moden Sdn Bhd',
    type: 'business',
    email: 'procurement@pejabatmoden.com.my',
    phone: '+60 3-7722 9100',
    website: 'https://pejabatmoden.com.my',
    taxNumber: 'C20987654321',
    address: {
      street: 'Level 9, Menara Kelana',
      street2: 'Jalan SS 7/19',
      city: 'Petaling Jaya',
      state: 'Selangor',
      postalCode: '47301',
      country: 'MY',
    },
    billingAddress: { street: 'Level 9, Menara Kelana', city: 'Petaling Jaya', state: 'Selangor', postalCode: '47301', country: 'MY' },
    shippingAddress: { street: 'Lot 12, Jalan Hi-Tech 3', city: 'Cyberjaya', state: 'Selangor', postalCode: '63000', country: 'MY' },
    paymentTerms: 60,
    creditLimit: 50_000,
    tags: ['wholesale', 'corporate'],
    customFields: { industry: 'Office fit-out', accountManager: 'Hafiz' },
    contacts: [
      {
        name: 'Aminah Yusof',
        email: 'aminah@pejabatmoden.com.my',
        phone: '+60 19-221 7788',
        title: 'Procurement Manager',
        department: 'Procurement',
      },
      {
        name: 'Raj Kumar',
        email: 'raj.kumar@pejabatmoden.com.my',
        phone: '+60 3-7722 9105',
        title: 'Accounts Executive',
        department: 'Finance',
      },
    ],
  },
  {
    sinceDays: 210,
    name: 'Hotel Seri Melaka Sdn Bhd',
    type: 'business',
    email: 'purchasing@serimelaka.com.my',
    phone: '+60 6-282 5000',
    taxNumber: 'C10876543219',
    address: { street: '1, Jalan Merdeka', city: 'Bandar Hilir', state: 'Melaka', postalCode: '75000', country: 'MY' },
    paymentTerms: 45,
    creditLimit: 80_000,
    tags: ['hospitality', 'corporate'],
    contacts: [{ name: 'Daniel Teo', email: 'daniel.teo@serimelaka.com.my', title: 'Purchasing Manager' }],
  },
  {
    sinceDays: 180,
    name: 'Universiti Teknologi Kelana',
    type: 'business',
    email: 'perolehan@utk.edu.my',
    phone: '+60 3-8921 6000',
    address: { street: 'Jalan Universiti', city: 'Bangi', state: 'Selangor', postalCode: '43600', country: 'MY' },
    paymentTerms: 90,
    creditLimit: 100_000,
    tags: ['education', 'government'],
    contacts: [{ name: 'Dr. Nor Azlina Hassan', email: 'azlina@utk.edu.my', title: 'Head of Procurement' }],
  },
  {
    sinceDays: 150,
    name: 'Ahmad Faizal bin Osman',
    type: 'individual',
    phone: '+60 13-456 7890',
    paymentTerms: 0,
    tags: ['retail'],
  },
  {
    sinceDays: 120,
    name: 'Co-Work Hub KL Sdn Bhd',
    type: 'business',
    email: 'ops@coworkhub.my',
    phone: '+60 3-2201 3344',
    address: { street: '22, Jalan Kia Peng', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan', postalCode: '50450', country: 'MY' },
    paymentTerms: 30,
    creditLimit: 15_000,
    tags: ['corporate', 'kuala-lumpur'],
    contacts: [{ name: 'Jessica Ong', email: 'jessica@coworkhub.my', phone: '+60 16-778 9012', title: 'Operations Lead' }],
  },
  {
    sinceDays: 60,
    name: 'Tan Mei Chen',
    type: 'individual',
    email: 'meichen.tan@gmail.com',
    paymentTerms: 0,
    tags: [],
  },
  {
    sinceDays: 240,
    name: 'Perabot Utara Enterprise',
    type: 'business',
    email: 'sales@perabotutara.my',
    phone: '+60 4-733 1200',
    address: { street: '45, Jalan Pengkalan', city: 'Butterworth', state: 'Pulau Pinang', postalCode: '12000', country: 'MY' },
    paymentTerms: 30,
    creditLimit: 10_000,
    status: 'inactive',
    tags: ['wholesale', 'penang'],
  },
  {
    sinceDays: 90,
    name: 'Klinik Dr. Wong',
    type: 'business',
    email: 'admin@klinikwong.my',
    paymentTerms: 14,
    creditLimit: 3_000,
    status: 'blocked',
    tags: ['healthcare'],
    customFields: { blockedReason: 'Cheque returned twice' },
  },
];

const BAKERY_CUSTOMERS: SeedCustomer[] = [
  {
    sinceDays: 85,
    name: 'Kafe Kopi Chulia',
    type: 'business',
    email: 'hello@kopichulia.my',
    phone: '+60 4-262 1180',
    address: { street: '88, Lebuh Chulia', city: 'George Town', state: 'Pulau Pinang', postalCode: '10200', country: 'MY' },
    paymentTerms: 14,
    creditLimit: 5_000,
    tags: ['cafe', 'wholesale'],
    contacts: [{ name: 'Khoo Boon Hock', phone: '+60 12-488 2301', title: 'Owner' }],
  },
  {
    sinceDays: 80,
    name: 'Hotel Eastern Penang',
    type: 'business',
    email: 'fnb@easternpenang.com.my',
    phone: '+60 4-222 2000',
    taxNumber: 'C30765432198',
    // A full address: its e-invoices can go to the portal one by one (spec document 3, the pipeline's mandatory fields).
    address: { street: '10, Lebuh Farquhar', city: 'George Town', state: 'Pulau Pinang', postalCode: '10200', country: 'MY' },
    paymentTerms: 30,
    creditLimit: 15_000,
    tags: ['hospitality'],
    contacts: [
      { name: 'Priya Nair', email: 'priya.nair@easternpenang.com.my', title: 'F&B Manager', department: 'Food and Beverage' },
      { name: 'Ong Kah Wai', email: 'accounts@easternpenang.com.my', title: 'Accounts Payable', department: 'Finance', isPrimary: false },
    ],
  },
  {
    sinceDays: 75,
    name: 'Sekolah Kebangsaan Lebuh Pantai',
    type: 'business',
    email: 'kantin@sklebuhpantai.edu.my',
    paymentTerms: 30,
    creditLimit: 2_000,
    tags: ['school'],
  },
  {
    sinceDays: 70,
    name: 'Nurul Huda binti Ismail',
    type: 'individual',
    phone: '+60 17-455 6120',
    paymentTerms: 0,
    tags: ['catering'],
  },
  {
    sinceDays: 50,
    name: 'Penang Events Co.',
    type: 'business',
    email: 'bookings@penangevents.my',
    phone: '+60 4-899 3030',
    paymentTerms: 30,
    creditLimit: 8_000,
    tags: ['catering', 'corporate'],
    contacts: [{ name: 'Farah Aziz', email: 'farah@penangevents.my', title: 'Event Planner' }],
  },
  {
    sinceDays: 40,
    name: 'Goh Siew Lan',
    type: 'individual',
    email: 'siewlan.goh@yahoo.com',
    paymentTerms: 0,
    tags: [],
  },
  {
    sinceDays: 30,
    name: 'Restoran Nasi Kandar Beratur',
    type: 'business',
    email: 'beratur@nasikandar.my',
    phone: '+60 4-261 7722',
    paymentTerms: 7,
    creditLimit: 3_000,
    tags: ['restaurant', 'wholesale'],
  },
  {
    sinceDays: 65,
    name: 'Minimart 24 Jam Gurney',
    type: 'business',
    phone: '+60 4-229 0011',
    paymentTerms: 14,
    status: 'inactive',
    tags: ['retail'],
  },
];

/** Demo customers of each company of DEMO_COMPANIES, in the same order. */
export const DEMO_CUSTOMERS: readonly SeedCustomer[][] = [TRADING_CUSTOMERS, BAKERY_CUSTOMERS];

/**
 * Creates the customers, oldest first so customer numbers follow their age, each on a clock set to
 * its `sinceDays` so `createdAt` filters have something to find, through the fixture loader's own
 * customers step (decision MOCK-48). Balances stay zero: sales documents move them.
 */
export function seedCustomers(ctx: CompanyContext, customers: readonly SeedCustomer[]): CustomerRow[] {
  const now = ctx.clock.nowMs();
  const oldestFirst = [...customers].sort((a, b) => b.sinceDays - a.sinceDays);
  const clockOf = (i: number) => new MockClock(now - oldestFirst[i].sinceDays * 86_400_000);
  return loadCustomers(
    ctx,
    oldestFirst.map(({ sinceDays: _since, ...customer }) => customer),
    'demo',
    atPath,
    clockOf,
  );
}
