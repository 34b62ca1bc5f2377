import type { SupplierCreateParams } from '../../src/contract/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { loadSuppliers } from './fixture-parties.js';
import { atPath } from './fixture-problem.js';

/**
 * The demo companies' suppliers (PUR-52): local makers and wholesalers on their usual terms, and
 * for the trading company one foreign supplier billing in US dollars.
 */
export const DEMO_SUPPLIERS: readonly SupplierCreateParams[][] = [
  [
    {
      name: 'Kilang Perabot Muar Sdn Bhd',
      displayName: 'Perabot Muar',
      email: 'sales@perabotmuar.com.my',
      phone: '+60 6-952 1188',
      taxNumber: 'C2381047720',
      registrationNumber: '200801012345',
      address: { street: 'Lot 12, Kawasan Perindustrian Bukit Pasir', city: 'Muar', state: 'Johor', postalCode: '84300', country: 'MY' },
      paymentTerms: { termsDays: 30, discountDays: 10, discountPercent: 2 },
      creditLimit: 100_000,
      tags: ['furniture', 'local'],
      contactPerson: { name: 'Tan Ah Kow', email: 'ahkow@perabotmuar.com.my', phone: '+60 12-733 4410', position: 'Sales Manager' },
      bankDetails: {
        accountName: 'Kilang Perabot Muar Sdn Bhd',
        accountNumber: '5140 1234 6789',
        bankName: 'Maybank',
        bankCode: 'MBB',
        swiftCode: 'MBBEMYKL',
      },
    },
    {
      name: 'Syarikat Alat Tulis Bestari',
      email: 'order@bestari-stationery.my',
      phone: '+60 3-7781 2200',
      taxNumber: 'IG10293847010',
      address: { street: '8 Jalan SS2/72', city: 'Petaling Jaya', state: 'Selangor', postalCode: '47300', country: 'MY' },
      paymentTerms: { termsDays: 14 },
      tags: ['office supplies'],
      contactPerson: { name: 'Siti Hajar', email: 'siti@bestari-stationery.my', position: 'Account Executive' },
    },
    {
      name: 'Shenzhen Ergo Seating Co., Ltd.',
      email: 'export@ergoseating.cn',
      phone: '+86 755 2661 8800',
      taxNumber: '91440300MA5F12345X',
      address: { street: '18 Keji Road, Nanshan District', city: 'Shenzhen', state: 'Guangdong', postalCode: '518057', country: 'CN' },
      currency: 'USD',
      paymentTerms: { termsDays: 45 },
      tags: ['furniture', 'import'],
      bankDetails: {
        accountName: 'Shenzhen Ergo Seating Co Ltd',
        accountNumber: '4420 0011 8899 2233',
        bankName: 'Bank of China Shenzhen Branch',
        swiftCode: 'BKCHCNBJ45A',
      },
    },
  ],
  [
    {
      name: 'FFM Flour Mills Berhad',
      email: 'orders@ffm-flour.com.my',
      phone: '+60 3-3342 9000',
      taxNumber: 'C1029384756',
      address: { street: 'Jalan Pelabuhan Utara', city: 'Port Klang', state: 'Selangor', postalCode: '42000', country: 'MY' },
      paymentTerms: { termsDays: 30 },
      tags: ['ingredients'],
    },
    {
      name: 'Pek Kedai Packaging Supplies',
      email: 'hello@pekkedai.my',
      address: { city: 'Shah Alam', state: 'Selangor', country: 'MY' },
      paymentTerms: { termsDays: 7 },
      tags: ['packaging'],
    },
  ],
];

/** The demo's suppliers through the fixture loader's own suppliers step, in order (decision MOCK-48). */
export function seedSuppliers(ctx: ActingContext, suppliers: readonly SupplierCreateParams[]): void {
  loadSuppliers(ctx, [...suppliers], 'demo', atPath);
}
