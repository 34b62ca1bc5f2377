import type { CompanyContext } from '../../../store/context.js';
import { addDays } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import type { IntegrationRow } from '../tables.js';
import { upstreamRandom } from '../upstream-random.js';

// The simulated store upstream (hosted, site-based or marketplace), generated from the integration's
// id and the calendar day, so the same integration shows the same orders on every run (INT-8).

export interface UpstreamCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface UpstreamLine {
  productId: string;
  variantId: string;
  sku: string;
  name: string;
  quantity: number;
  price: number;
}

export interface UpstreamOrder {
  externalId: string;
  version: string;
  orderNumber: string;
  date: string;
  customer: UpstreamCustomer;
  items: UpstreamLine[];
  shipping: number;
  /** A discount code's percent off every line. */
  discountPercent: number;
  currency: string;
  status: 'paid' | 'refunded' | 'pending';
  fulfillmentStatus: 'fulfilled' | 'unfulfilled' | 'partial';
  createdAt: string;
  updatedAt: string;
  /** Why a custom connector's mapping could not read this order (it fails alone). */
  problem?: string;
}

export interface UpstreamVariant {
  id: string;
  sku: string;
  name: string;
  price: number;
  /** Stock by the upstream's location id. */
  inventory: Record<string, number>;
}

export interface UpstreamProduct {
  id: string;
  name: string;
  published: boolean;
  variants: UpstreamVariant[];
  updatedAt: string;
}

/** The upstream's stock locations. */
export const UPSTREAM_LOCATIONS = ['main', 'outlet'] as const;
/** Orders are kept upstream this many days back. */
export const UPSTREAM_HISTORY_DAYS = 90;
/** A refund lands this many days after its order. */
const REFUND_AFTER_DAYS = 2;
const FIRST = ['Aisyah', 'Wei Ling', 'Arjun', 'Nurul', 'Daniel', 'Mei', 'Hafiz', 'Priya'];
const LAST = ['Rahman', 'Tan', 'Kumar', 'Abdullah', 'Lim', 'Wong', 'Ismail', 'Nair'];
/** How many shoppers the store has. */
export const SHOPPERS = FIRST.length;
const PRODUCTS = ['Kopi beans', 'Teh tarik mix', 'Kaya jar', 'Batik scarf', 'Rattan basket', 'Pandan cake'];
const SIZES = ['Small', 'Large', 'Gift box'];

/** The store's catalogue: six products, each with one to three variants (a SKU each). */
export function upstreamProducts(integration: Pick<IntegrationRow, 'id' | 'createdAt'>): UpstreamProduct[] {
  const random = upstreamRandom(integration.id, 'products');
  const prefix = integration.id.slice(-4).toUpperCase();
  return PRODUCTS.map((name, p) => {
    const variants = SIZES.slice(0, random.int(1, 3)).map((size, v) => ({
      id: `var_${p + 1}${v + 1}`,
      sku: `${prefix}-${p + 1}${v + 1}`,
      name: `${name} (${size})`,
      price: money.fromCents(random.int(1200, 9900)),
      inventory: Object.fromEntries(UPSTREAM_LOCATIONS.map((location) => [location, random.int(0, 40)])),
    }));
    return { id: `prod_${p + 1}`, name, published: p < 5, variants, updatedAt: integration.createdAt };
  });
}

/** The store's shopper `n` (0 to 7). */
export function customerOf(n: number): UpstreamCustomer {
  return {
    id: `cust_${n}`,
    email: `${FIRST[n]!.toLowerCase().replace(' ', '.')}.${LAST[n]!.toLowerCase()}@shoppers.example.com`,
    firstName: FIRST[n]!,
    lastName: LAST[n]!,
  };
}

/** The orders the store took on one day, as the upstream shows them on `today` (a refund shows from its day on). */
function ordersOfDay(integration: IntegrationRow, day: string, today: string, products: UpstreamProduct[]): UpstreamOrder[] {
  const random = upstreamRandom(integration.id, `orders:${day}`);
  const count = random.int(0, 3);
  return Array.from({ length: count }, (_, n) => {
    const items = Array.from({ length: random.int(1, 3) }, () => {
      const product = random.pick(products);
      const variant = random.pick(product.variants);
      return {
        productId: product.id,
        variantId: variant.id,
        sku: variant.sku,
        name: variant.name,
        quantity: random.int(1, 3),
        price: variant.price,
      };
    });
    const customer = customerOf(random.int(0, SHOPPERS - 1));
    const refunded = random.chance(0.1);
    const pending = !refunded && random.chance(0.05);
    const refundDay = addDays(day, REFUND_AFTER_DAYS);
    const refundShown = refunded && refundDay <= today;
    const createdAt = `${day}T${String(8 + n * 3).padStart(2, '0')}:15:00.000Z`;
    return {
      externalId: `ord_${day.replaceAll('-', '')}_${n + 1}`,
      orderNumber: `#${day.replaceAll('-', '').slice(2)}${n + 1}`,
      date: day,
      customer,
      items,
      shipping: random.chance(0.6) ? 8 : 0,
      discountPercent: random.chance(0.2) ? 10 : 0,
      currency: 'MYR',
      status: refundShown ? 'refunded' : pending ? 'pending' : 'paid',
      fulfillmentStatus: pending ? 'unfulfilled' : random.chance(0.9) ? 'fulfilled' : 'partial',
      createdAt,
      updatedAt: refundShown ? `${refundDay}T10:00:00.000Z` : createdAt,
      version: refundShown ? `${refundDay}T10:00:00.000Z` : createdAt,
    } satisfies UpstreamOrder;
  });
}

/** The upstream's orders taken from `from` to `to` (dates, inclusive), within its history and not after today. */
export function upstreamOrders(ctx: CompanyContext, integration: IntegrationRow, from: string, to: string): UpstreamOrder[] {
  const today = ctx.clock.today();
  const first = addDays(today, -UPSTREAM_HISTORY_DAYS);
  const products = upstreamProducts(integration);
  const orders: UpstreamOrder[] = [];
  for (let day = from < first ? first : from; day <= to && day <= today; day = addDays(day, 1))
    orders.push(...ordersOfDay(integration, day, today, products));
  return orders;
}
