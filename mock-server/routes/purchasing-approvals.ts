import { contract } from '../../src/contract/index.js';
import {
  approvalRuleMatches,
  approvalRulesTable,
  approvalsTable,
  createApprovalRule,
  decideApproval,
  approvalMatches,
  presentApproval,
  presentApprovalRule,
  retrieveApprovalRule,
  updateApprovalRule,
} from '../domain/purchasing/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { purchasing } = contract;

/** Approval rules, pending approvals and their decisions (spec document 2, "Procurement workflows"; PUR-27 to PUR-30). */
export const purchasingApprovalRoutes: Route[] = [
  listRoute(purchasing.purchasingApprovalRulesList, {
    rows: (ctx) => approvalRulesTable(ctx),
    where: (ctx) => approvalRuleMatches(ctx.query),
    present: (_ctx, row) => presentApprovalRule(row),
  }),
  route(purchasing.purchasingApprovalRulesCreate, (ctx) => presentApprovalRule(createApprovalRule(ctx, ctx.body))),
  route(purchasing.purchasingApprovalRulesRetrieve, (ctx) => presentApprovalRule(retrieveApprovalRule(ctx, ctx.params.ruleId))),
  route(purchasing.purchasingApprovalRulesUpdate, (ctx) => presentApprovalRule(updateApprovalRule(ctx, ctx.params.ruleId, ctx.body))),

  listRoute(purchasing.purchasingApprovalsList, {
    rows: (ctx) => approvalsTable(ctx),
    where: (ctx) => approvalMatches(ctx, ctx.query),
    present: (_ctx, row) => presentApproval(row),
  }),
  listRoute(purchasing.purchasingApprovalsListPending, {
    rows: (ctx) => approvalsTable(ctx).byIndex('status', 'pending'),
    where: (ctx) => approvalMatches(ctx, { ...ctx.query, status: 'pending' }),
    present: (_ctx, row) => presentApproval(row),
  }),
  route(purchasing.purchasingApprovalsApprove, (ctx) =>
    presentApproval(decideApproval(ctx, ctx.params.approvalId, 'approve', ctx.body, ctx.principal.userId)),
  ),
  route(purchasing.purchasingApprovalsReject, (ctx) =>
    presentApproval(decideApproval(ctx, ctx.params.approvalId, 'reject', ctx.body, ctx.principal.userId)),
  ),
];
