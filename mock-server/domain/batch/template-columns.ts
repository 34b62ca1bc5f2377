import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_TYPES,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  ITEM_TYPES,
  ITEM_UNITS,
  SUPPLIER_STATUSES,
  type BatchTemplateEntity,
} from '../../../src/contract/index.js';

/** How a cell becomes a field's value in an import: as text, a number, a whole number or a `|`-separated list. */
export type CellKind = 'text' | 'number' | 'integer' | 'list';

/** One column of a template: the create field it fills (dotted for a nested one), and what a user may put in it. */
export interface TemplateColumn {
  field: string;
  required?: boolean;
  kind?: CellKind;
  /** The values allowed (the spreadsheet's drop-down list). */
  choices?: readonly string[];
  example: string;
  note?: string;
}

const address = (prefix: string, example: Partial<Record<string, string>> = {}): TemplateColumn[] =>
  (['street', 'city', 'state', 'postalCode', 'country'] as const).map((part) => ({
    field: `${prefix}.${part}`,
    example: example[part] ?? '',
  }));

/**
 * The create-body fields of each template (spec document 3: "CSV templates ... header rows a user can
 * fill in"), flat: the fields an import maps most; nested blocks by dotted names.
 */
export const TEMPLATE_COLUMNS: Readonly<Record<BatchTemplateEntity, readonly TemplateColumn[]>> = {
  customers: [
    { field: 'name', required: true, example: 'Kedai Runcit Ali', note: 'at most 100 characters' },
    { field: 'type', choices: CUSTOMER_TYPES, example: 'business' },
    { field: 'email', example: 'ali@kedai.my', note: 'unique in the company' },
    { field: 'phone', example: '+60 3-1234 5678' },
    { field: 'website', example: 'kedai.my' },
    { field: 'taxNumber', example: 'C1234567890' },
    { field: 'currency', example: 'MYR', note: 'ISO 4217 code' },
    { field: 'paymentTerms', kind: 'integer', example: '30', note: 'days, 0 to 365' },
    { field: 'creditLimit', kind: 'number', example: '5000.00', note: 'not negative; 0 means no limit' },
    { field: 'status', choices: CUSTOMER_STATUSES, example: 'active' },
    { field: 'tags', kind: 'list', example: 'retail|klang', note: 'separated by |' },
    ...address('billingAddress', { street: '12 Jalan Kenanga', city: 'Klang', state: 'Selangor', postalCode: '41000', country: 'MY' }),
  ],
  items: [
    { field: 'itemCode', required: true, example: 'TEH-500', note: 'unique in the company' },
    { field: 'name', required: true, example: 'Teh tarik 500 g', note: 'at most 200 characters' },
    { field: 'type', required: true, choices: ITEM_TYPES, example: 'inventory' },
    { field: 'description', example: 'Powdered tea mix' },
    { field: 'barcode', example: '9555012345678' },
    { field: 'unit', choices: ITEM_UNITS, example: 'pcs' },
    { field: 'pricing.costPrice', kind: 'number', example: '6.50' },
    { field: 'pricing.sellingPrice', kind: 'number', example: '9.90' },
    { field: 'supplierItemCode', example: 'S-TEH-500' },
  ],
  suppliers: [
    { field: 'name', required: true, example: 'Borong Maju Sdn Bhd', note: 'at most 200 characters' },
    { field: 'displayName', example: 'Borong Maju' },
    { field: 'email', example: 'akaun@borongmaju.my' },
    { field: 'phone', example: '+60 3-8765 4321' },
    { field: 'taxNumber', example: 'C9876543210' },
    { field: 'registrationNumber', example: '201901012345' },
    { field: 'currency', example: 'MYR' },
    { field: 'creditLimit', kind: 'number', example: '20000.00' },
    { field: 'status', choices: SUPPLIER_STATUSES, example: 'active' },
    { field: 'tags', kind: 'list', example: 'wholesale', note: 'separated by |' },
  ],
  accounts: [
    { field: 'accountNumber', required: true, example: '6710', note: 'unique in the chart' },
    { field: 'name', required: true, example: 'Card fees' },
    { field: 'type', required: true, choices: ACCOUNT_TYPES, example: 'expense' },
    {
      field: 'category',
      required: true,
      choices: Object.values(ACCOUNT_CATEGORIES).flat(),
      example: 'operating_expense',
      note: 'one of the categories of the type',
    },
    { field: 'currency', example: 'MYR' },
    { field: 'description', example: 'Fees of the payment gateway' },
  ],
};

/** The transforms an import applies to a column of this kind (see domain/shared/csv-transforms.ts). */
export const KIND_TRANSFORM: Record<CellKind, string | undefined> = {
  text: undefined,
  number: 'number',
  integer: 'integer',
  list: 'split',
};
