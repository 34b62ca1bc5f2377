import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

/**
 * The e-invoice identity of a party (spec document 3, "Internal e-invoice record": the company's
 * `einvoice_tax_id_no`, `einvoice_id_value`, `einvoice_id_type`; the documents' buyer and supplier entity
 * JSON). Kept beside the customer and supplier records, which carry only a tax number, so that a
 * party without one still has what LHDN's format asks for (MSIC code, id type and value).
 */
export const EINVOICE_IDENTITIES = 'einvoiceIdentities';

/** LHDN's identification types: business registration, MyKad, passport, army id. */
export type EinvoiceIdType = 'BRN' | 'NRIC' | 'PASSPORT' | 'ARMY';

export interface EinvoiceIdentityRow {
  id: string;
  partyType: 'company' | 'customer' | 'supplier';
  /** The company id, customer id or supplier id. */
  partyId: string;
  /** Tax identification number (TIN), or one of LHDN's general TINs. */
  tin: string | null;
  idType: EinvoiceIdType | null;
  idValue: string | null;
  /** SST registration number, `NA` when not registered. */
  sstNumber: string | null;
  /** MSIC 2008 industry code and its description (a supplier's mandatory fields). */
  msicCode: string | null;
  businessActivity: string | null;
  /** `government` buyers take the general TIN EI00000000040; `foreign` ones EI00000000020. */
  kind: 'local' | 'foreign' | 'government' | 'individual';
  updatedAt: string;
}

export function defineEinvoiceIdentityTable(store: Store): void {
  store.defineTable(EINVOICE_IDENTITIES, { prefix: 'eid', indexes: ['partyId'] });
}

export const identitiesTable = (ctx: CompanyContext): Table<EinvoiceIdentityRow> =>
  ctx.store.table<EinvoiceIdentityRow>(ctx.companyId, EINVOICE_IDENTITIES);

/** The identity recorded for a party, if any. */
export const identityOf = (ctx: CompanyContext, partyId: string): EinvoiceIdentityRow | undefined =>
  identitiesTable(ctx).byIndex('partyId', partyId)[0];

/** Records or replaces a party's identity (the seed, the records API's entity JSON). */
export function recordIdentity(ctx: CompanyContext, identity: Omit<EinvoiceIdentityRow, 'id' | 'updatedAt'>): EinvoiceIdentityRow {
  const table = identitiesTable(ctx);
  const updatedAt = ctx.store.clock.iso();
  const found = identityOf(ctx, identity.partyId);
  return found ? table.update(found.id, { ...identity, updatedAt }) : table.insert({ id: table.newId(), ...identity, updatedAt });
}

/** A party's identity fields as an e-invoice party carries them (null where no identity is recorded). */
export const identityPartyFields = (identity: EinvoiceIdentityRow | undefined) => ({
  registrationNumber: identity?.idType === 'BRN' ? identity.idValue : null,
  idType: identity?.idType ?? null,
  idValue: identity?.idValue ?? null,
  sstNumber: identity?.sstNumber ?? null,
  msicCode: identity?.msicCode ?? null,
  businessActivity: identity?.businessActivity ?? null,
});
