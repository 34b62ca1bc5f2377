import { createApprovalRule, createPurchaseOrder, suppliersTable } from '../domain/purchasing/index.js';
import { itemsTable } from '../domain/inventory/index.js';
import { users } from '../domain/oauth/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { PURCHASING_USERS } from './oauth.js';
import { clockAt } from './sales.js';

/** A demo rule: its approvers by email, with their limits (null: none). */
export interface DemoApprovalRule {
  name: string;
  minAmount: number | null;
  priority: number;
  steps: { name: string; approvers: [email: string, approvalLimit: number | null][] }[];
}

/** A company's rules, and the order that waits for them: raised yesterday by `raisedBy`. */
export interface DemoApprovals {
  rules: DemoApprovalRule[];
  pendingOrder: { supplier: string; itemCode: string; quantity: number; reference: string; raisedBy: string };
}

const { buyer, manager, director } = PURCHASING_USERS;
const OWNER = 'aisyah@tanjungtrading.com.my';

/**
 * The demo companies' approvals (PUR-31). Trading: orders over RM 5,000 need the purchasing
 * manager (limit RM 20,000) or the director; over RM 20,000 the manager reviews and the director signs
 * as a second step; forty mesh chairs wait for the manager. Bakery: orders over RM 2,000 need its user
 * (limit RM 10,000) or the owner; fifty bags of flour wait.
 */
export const DEMO_APPROVALS: readonly (DemoApprovals | null)[] = [
  {
    rules: [
      {
        name: 'Orders over RM 5,000',
        minAmount: 5_000,
        priority: 10,
        steps: [
          {
            name: 'Purchasing manager',
            approvers: [
              [manager.email, 20_000],
              [director.email, null],
            ],
          },
        ],
      },
      {
        name: 'Orders over RM 20,000',
        minAmount: 20_000,
        priority: 20,
        steps: [
          { name: 'Purchasing manager review', approvers: [[manager.email, null]] },
          { name: 'Director', approvers: [[director.email, null]] },
        ],
      },
    ],
    pendingOrder: {
      supplier: 'Kilang Perabot Muar Sdn Bhd',
      itemCode: 'CHR-100',
      quantity: 40,
      reference: 'SHOWROOM-RESTOCK',
      raisedBy: buyer.name,
    },
  },
  {
    rules: [
      {
        name: 'Orders over RM 2,000',
        minAmount: 2_000,
        priority: 10,
        steps: [
          {
            name: 'Approver',
            approvers: [
              ['weiming@serikasih.my', 10_000],
              [OWNER, null],
            ],
          },
        ],
      },
    ],
    pendingOrder: {
      supplier: 'FFM Flour Mills Berhad',
      itemCode: 'ING-FLR',
      quantity: 50,
      reference: 'FLOUR-DEC',
      raisedBy: 'Lim Wei Ming',
    },
  },
];

/** Rules name users, so this runs after the users are seeded; then one order waits for its approval. */
export function seedApprovalRules(ctx: ActingContext, demo: DemoApprovals | null | undefined): void {
  if (!demo) return;
  const userId = (email: string): string => {
    const user = users(ctx.store).byIndex('email', email)[0];
    if (!user) throw new Error(`demo user ${email} is missing`);
    return user.id;
  };
  for (const rule of demo.rules) {
    createApprovalRule(ctx, {
      name: rule.name,
      priority: rule.priority,
      conditions: { minAmount: rule.minAmount },
      steps: rule.steps.map((step) => ({
        name: step.name,
        approvers: step.approvers.map(([email, approvalLimit]) => ({ userId: userId(email), approvalLimit })),
      })),
    });
  }
  const order = demo.pendingOrder;
  const supplier = suppliersTable(ctx)
    .all()
    .find((s) => s.name === order.supplier);
  const item = itemsTable(ctx)
    .all()
    .find((i) => i.itemCode === order.itemCode);
  if (!supplier || !item) throw new Error('the demo supplier or item of the pending order is missing');
  const raiser: ActingContext = { ...ctx, principal: { actor: order.raisedBy } };
  clockAt(ctx.clock)(-1, () =>
    createPurchaseOrder(raiser, {
      supplierId: supplier.id,
      reference: order.reference,
      items: [{ itemId: item.id, quantity: order.quantity }],
    }),
  );
}
