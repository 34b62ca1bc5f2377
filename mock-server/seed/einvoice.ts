import { recordIdentity, type EinvoiceIdentityRow } from '../domain/einvoice/index.js';
import { suppliersTable } from '../domain/purchasing/index.js';
import { customersTable } from '../domain/sales/index.js';
import type { ActingContext } from '../domain/shared/actor.js';

// The demo's e-invoice identities (EINV-17; spec document 3, "Internal e-invoice record": the company's
// einvoice_tax_id_no / einvoice_id_type / einvoice_id_value and the parties' entity JSON): what LHDN's
// MyInvois format asks of each party. Individuals, government buyers and foreign parties take LHDN's general TINs.

type Identity = Omit<EinvoiceIdentityRow, 'id' | 'updatedAt' | 'partyType' | 'partyId'>;

const local = (tin: string, brn: string, sstNumber = 'NA', msic: [string, string] | null = null): Identity => ({
  tin,
  idType: 'BRN',
  idValue: brn,
  sstNumber,
  msicCode: msic?.[0] ?? null,
  businessActivity: msic?.[1] ?? null,
  kind: 'local',
});
const individual = (nric: string, tin = 'EI00000000010'): Identity => ({
  tin,
  idType: 'NRIC',
  idValue: nric,
  sstNumber: 'NA',
  msicCode: null,
  businessActivity: null,
  kind: 'individual',
});
const government: Identity = {
  tin: 'EI00000000040',
  idType: 'BRN',
  idValue: 'NA',
  sstNumber: 'NA',
  msicCode: null,
  businessActivity: null,
  kind: 'government',
};

interface DemoIdentities {
  company: Identity;
  customers: Record<string, Identity>;
  suppliers: Record<string, Identity>;
}

const TRADING: DemoIdentities = {
  company: local('C24681357902', '201901023456', 'B16-2403-32000187', [
    '46900',
    'Wholesale of a variety of goods without any particular specialization n.e.c.',
  ]),
  customers: {
    'Kedai Runcit Harmoni': local('C21034567890', '201501012345'),
    'Syarikat Pejabat Moden Sdn Bhd': local('C20987654321', '200301012222', 'B10-1808-32000123'),
    'Hotel Seri Melaka Sdn Bhd': local('C10876543219', '199701001234', 'M12-1809-32000456'),
    'Universiti Teknologi Kelana': government,
    'Ahmad Faizal bin Osman': individual('850315145123'),
    'Co-Work Hub KL Sdn Bhd': local('C25123456780', '201801034567', 'W10-1905-32000789'),
    // An individual who gave her own TIN.
    'Tan Mei Chen': individual('920704085566', 'IG21345678050'),
    'Perabot Utara Enterprise': local('IG11223344050', '202003123456'),
    'Klinik Dr. Wong': local('D24681012140', '201201005678'),
  },
  suppliers: {
    'Kilang Perabot Muar Sdn Bhd': local('C2381047720', '200801012345', 'J31-1808-32000111', [
      '31009',
      'Manufacture of other furniture n.e.c.',
    ]),
    'Syarikat Alat Tulis Bestari': local('IG10293847010', '201103012345', 'NA', ['46497', 'Wholesale of stationery']),
    // A foreign supplier: LHDN's general TIN for foreign suppliers, no Malaysian registration.
    'Shenzhen Ergo Seating Co., Ltd.': {
      tin: 'EI00000000030',
      idType: 'BRN',
      idValue: 'NA',
      sstNumber: 'NA',
      msicCode: '00000',
      businessActivity: 'NOT APPLICABLE',
      kind: 'foreign',
    },
  },
};

const BAKERY: DemoIdentities = {
  company: local('C13579246801', '202201034567', 'NA', ['10710', 'Manufacture of bakery products']),
  customers: {
    'Kafe Kopi Chulia': local('C26789012340', '201901045678'),
    'Hotel Eastern Penang': local('C30765432198', '198801003456', 'P11-1809-32000234'),
    'Sekolah Kebangsaan Lebuh Pantai': government,
    'Nurul Huda binti Ismail': individual('880122075432'),
    'Penang Events Co.': local('C27654321090', '202101056789'),
    // A visitor from Singapore: LHDN's general TIN for foreign buyers and her passport.
    'Goh Siew Lan': {
      tin: 'EI00000000020',
      idType: 'PASSPORT',
      idValue: 'K1234567A',
      sstNumber: 'NA',
      msicCode: null,
      businessActivity: null,
      kind: 'foreign',
    },
    'Restoran Nasi Kandar Beratur': local('C28765432100', '201601023456'),
    'Minimart 24 Jam Gurney': local('C29876543210', '201401067890'),
  },
  suppliers: {
    'FFM Flour Mills Berhad': local('C1029384756', '196101000123', 'W10-1808-32000999', ['10611', 'Flour milling']),
    'Pek Kedai Packaging Supplies': local('IG20394857060', '201701045612', 'NA', [
      '46900',
      'Wholesale of a variety of goods without any particular specialization n.e.c.',
    ]),
  },
};

const DEMO_IDENTITIES: readonly DemoIdentities[] = [TRADING, BAKERY];

/** Records the company's, every demo customer's and every demo supplier's e-invoice identity. */
export function seedEinvoiceIdentities(ctx: ActingContext, index: number): void {
  const demo = DEMO_IDENTITIES[index];
  if (!demo) return;
  recordIdentity(ctx, { partyType: 'company', partyId: ctx.companyId, ...demo.company });
  for (const customer of customersTable(ctx).all()) {
    const identity = demo.customers[customer.name];
    if (!identity) throw new Error(`demo customer ${customer.name} has no e-invoice identity`);
    recordIdentity(ctx, { partyType: 'customer', partyId: customer.id, ...identity });
  }
  for (const supplier of suppliersTable(ctx).all()) {
    const identity = demo.suppliers[supplier.name];
    if (!identity) throw new Error(`demo supplier ${supplier.name} has no e-invoice identity`);
    recordIdentity(ctx, { partyType: 'supplier', partyId: supplier.id, ...identity });
  }
}
