import { createApprovalRule, createPurchaseOrder, suppliersTable, type ApprovalRuleRow } from '../domain/purchasing/index.js';
import { itemsTable } from '../domain/inventory/index.js';
import { users } from '../domain/oauth/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { PURCHASING_USERS } from './oauth.js';
import { clockAt } from './sales.js';

type Role = keyof typeof PURCHASING_USERS;

/** A demo rule: its approvers by role, with their limits (null: none). */
export interface DemoApprovalRule {
  name: string;
  minAmount: number | null;
  maxAmount: number | null;
  priority: number;
  steps: { name: string; approvers: [Role, number | null][] }[];
}

/**
 * The trading company's rules (issue #12 §2): orders over RM 5,000 need the purchasing manager (limit
 * RM 20,000) or the director; over RM 20,000 the manager reviews and the director signs as a second step.
 */
export const DEMO_APPROVAL_RULES: readonly DemoApprovalRule[] = [
  {
    name: 'Orders over RM 5,000',
    minAmount: 5_000,
    maxAmount: null,
    priority: 10,
    steps: [{ name: 'Purchasing manager', approvers: [['manager', 20_000], ['director', null]] }],
  },
  {
    name: 'Orders over RM 20,000',
    minAmount: 20_000,
    maxAmount: null,
    priority: 20,
    steps: [
      { name: 'Purchasing manager review', approvers: [['manager', null]] },
      { name: 'Director', approvers: [['director', null]] },
    ],
  },
];

/** The demo order that waits for the manager: forty mesh chairs from the furniture maker, raised by the buyer yesterday. */
const PENDING_ORDER = { supplier: 'Kilang Perabot Muar Sdn Bhd', itemCode: 'CHR-100', quantity: 40, reference: 'SHOWROOM-RESTOCK' };

/** Rules name users, so this runs after the users are seeded; then one order waits for its approval. */
export function seedApprovalRules(ctx: ActingContext, rules: readonly DemoApprovalRule[]): ApprovalRuleRow[] {
  if (rules.length === 0) return [];
  const userId = (role: Role): string => {
    const user = users(ctx.store).byIndex('email', PURCHASING_USERS[role].email)[0];
    if (!user) throw new Error(`demo user ${PURCHASING_USERS[role].email} is missing`);
    return user.id;
  };
  const created = rules.map((rule) =>
    createApprovalRule(ctx, {
      name: rule.name,
      priority: rule.priority,
      conditions: { minAmount: rule.minAmount, maxAmount: rule.maxAmount },
      steps: rule.steps.map((step) => ({ name: step.name, approvers: step.approvers.map(([role, approvalLimit]) => ({ userId: userId(role), approvalLimit })) })),
    }),
  );
  const supplier = suppliersTable(ctx).all().find((s) => s.name === PENDING_ORDER.supplier);
  const item = itemsTable(ctx).all().find((i) => i.itemCode === PENDING_ORDER.itemCode);
  if (!supplier || !item) throw new Error('the demo supplier or item of the pending order is missing');
  const buyer: ActingContext = { ...ctx, principal: { actor: PURCHASING_USERS.buyer.name } };
  clockAt(ctx.clock)(-1, () =>
    createPurchaseOrder(buyer, { supplierId: supplier.id, reference: PENDING_ORDER.reference, items: [{ itemId: item.id, quantity: PENDING_ORDER.quantity }] }),
  );
  return created;
}
