import { parse, round, sum } from '../shared/money.js';
import type { IntegrationRow } from './tables.js';
import { upstreamRandom } from './upstream-random.js';

/** A simulated upstream's order as its webhook carries it (spec document 3, "Integration webhook delivery body"). */
export interface UpstreamWebhookOrder {
  id: string;
  orderNumber: string;
  customer: { id: string; email: string; firstName: string; lastName: string };
  items: { productId: string; variantId: string | null; sku: string; name: string; quantity: number; price: number }[];
  total: number;
  currency: string;
  status: string;
}

const FIRST_NAMES = ['Aisyah', 'Wei Ling', 'Ravi', 'Nurul', 'Jason', 'Mei Xin', 'Arjun', 'Farah'];
const LAST_NAMES = ['Abdullah', 'Tan', 'Kumar', 'Lim', 'Ong', 'Rahman', 'Wong', 'Nair'];
const PRODUCTS = [
  { productId: 'prod_1001', variantId: 'var_1001_m', sku: 'TEE-BATIK-M', name: 'Batik tee (M)', price: '59.90' },
  { productId: 'prod_1001', variantId: 'var_1001_l', sku: 'TEE-BATIK-L', name: 'Batik tee (L)', price: '59.90' },
  { productId: 'prod_1002', variantId: null, sku: 'MUG-KOPI', name: 'Kopi mug', price: '24.50' },
  { productId: 'prod_1003', variantId: null, sku: 'TOTE-CANVAS', name: 'Canvas tote', price: '35.00' },
];

/** The upstream's order number `sequence` of an integration: the same order on every run (seeded by the integration id). */
export function upstreamWebhookOrder(integration: Pick<IntegrationRow, 'id'>, sequence: number): UpstreamWebhookOrder {
  const random = upstreamRandom(integration.id, `webhook-order:${sequence}`);
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const customerNumber = random.int(1, 40);
  const items = Array.from({ length: random.int(1, 3) }, () => {
    const product = random.pick(PRODUCTS);
    return { ...product, quantity: random.int(1, 3), price: Number(product.price) };
  });
  const total = round(sum(items.map((item) => parse(item.price).times(item.quantity)))).toNumber();
  return {
    id: `ord_${9000 + sequence}`,
    orderNumber: `#${1000 + sequence}`,
    customer: { id: `cus_${5000 + customerNumber}`, email: `${firstName.toLowerCase().replace(/\s/g, '.')}.${customerNumber}@example.my`, firstName, lastName },
    items,
    total,
    currency: 'MYR',
    status: 'paid',
  };
}
