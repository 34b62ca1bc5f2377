import type {
  ApprovalDocumentType,
  ApprovalRule,
  ApprovalRuleCreateParams,
  ApprovalRuleUpdateParams,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Table } from '../../store/index.js';
import { notFound, validationError } from '../../kernel/errors.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import * as money from '../shared/money.js';
import { users, type UserRow } from '../shared/users.js';
import { categoryAndDescendants, resolveItemCategory } from '../inventory/index.js';
import { retrieveSupplier } from './suppliers.js';
import { APPROVAL_RULES } from './tables.js';

/** Approval rules (PUR-27): which documents wait for whom, step by step; `sequence` (creation order) breaks priority ties. */
export type ApprovalRuleRow = ApprovalRule & { sequence: number };

/** What a rule is matched against: a document's total in the company currency, its supplier and its lines' item categories. */
export interface ApprovalSubject {
  documentType: ApprovalDocumentType;
  total: number;
  supplierId: string;
  categoryIds: readonly string[];
}

export const approvalRulesTable = (ctx: CompanyContext): Table<ApprovalRuleRow> =>
  ctx.store.table<ApprovalRuleRow>(ctx.companyId, APPROVAL_RULES);

export function retrieveApprovalRule(ctx: CompanyContext, ruleId: string): ApprovalRuleRow {
  const row = approvalRulesTable(ctx).get(ruleId);
  if (!row) throw notFound('approval rule', ruleId, 'APPROVAL_RULE_NOT_FOUND', 'ruleId');
  return row;
}

export const presentApprovalRule = ({ sequence: _sequence, ...row }: ApprovalRuleRow): ApprovalRule => ({
  ...row,
  conditions: { ...row.conditions, supplierIds: [...row.conditions.supplierIds], categoryIds: [...row.conditions.categoryIds] },
  steps: row.steps.map((step) => ({ ...step, approvers: step.approvers.map((approver) => ({ ...approver })) })),
});

/** The users who may act on the company: approvers are chosen among them (PUR-27). */
export const companyUsers = (ctx: CompanyContext): UserRow[] =>
  users(ctx.store)
    .all()
    .filter((user) => user.companyIds.includes(ctx.companyId));

/** The company's user with this id; anyone else is a 422 INVALID_CHOICE on `field` listing who may be named. */
export function companyUser(ctx: CompanyContext, userId: string, field: string): UserRow {
  const user = users(ctx.store).get(userId);
  if (user?.companyIds.includes(ctx.companyId)) return user;
  throw validationError([
    {
      field,
      code: 'INVALID_CHOICE',
      message: `no user ${userId} acts on this company`,
      value: userId,
      constraint: companyUsers(ctx).map((u) => ({ id: u.id, name: u.name })),
    },
  ]);
}

type StepsInput = ApprovalRuleCreateParams['steps'];
type ConditionsInput = NonNullable<ApprovalRuleCreateParams['conditions']>;

/** Steps numbered in order; every approver a user of the company, named once per step. */
function checkedSteps(ctx: CompanyContext, steps: StepsInput): ApprovalRuleRow['steps'] {
  return steps.map((step, index) => {
    const seen = new Set<string>();
    const approvers = step.approvers.map((approver, at) => {
      const field = `steps.${index}.approvers.${at}.userId`;
      const user = companyUser(ctx, approver.userId, field);
      if (seen.has(user.id)) {
        throw validationError([
          { field, code: 'DUPLICATE_VALUE', message: `user ${user.id} is named twice in step ${index + 1}`, value: user.id },
        ]);
      }
      seen.add(user.id);
      return { userId: user.id, name: user.name, approvalLimit: approver.approvalLimit ?? null };
    });
    return { step: index + 1, name: step.name ?? null, approvers };
  });
}

/** Known suppliers and categories, and a band whose lower bound is below its upper one. */
function checkedConditions(
  ctx: CompanyContext,
  input: ConditionsInput,
  before?: ApprovalRuleRow['conditions'],
): ApprovalRuleRow['conditions'] {
  const conditions = {
    minAmount: input.minAmount === undefined ? (before?.minAmount ?? null) : input.minAmount,
    maxAmount: input.maxAmount === undefined ? (before?.maxAmount ?? null) : input.maxAmount,
    supplierIds: [...new Set(input.supplierIds ?? before?.supplierIds ?? [])],
    categoryIds: [...new Set(input.categoryIds ?? before?.categoryIds ?? [])],
  };
  for (const [index, id] of conditions.supplierIds.entries()) retrieveSupplier(ctx, id, `conditions.supplierIds.${index}`);
  for (const [index, id] of conditions.categoryIds.entries()) resolveItemCategory(ctx, id, `conditions.categoryIds.${index}`);
  const { minAmount, maxAmount } = conditions;
  if (minAmount !== null && maxAmount !== null && money.compare(maxAmount, minAmount) <= 0) {
    throw validationError([
      {
        field: 'conditions.maxAmount',
        code: 'MIN_VALUE',
        message: `maxAmount must be above minAmount (${minAmount})`,
        value: maxAmount,
        constraint: { above: minAmount },
      },
    ]);
  }
  return conditions;
}

export function createApprovalRule(ctx: ActingContext, input: ApprovalRuleCreateParams): ApprovalRuleRow {
  return ctx.store.transaction(() => {
    const table = approvalRulesTable(ctx);
    const now = ctx.clock.iso();
    return table.insert({
      id: table.newId(),
      sequence: ctx.store.nextNumber(ctx.companyId, APPROVAL_RULES),
      name: input.name,
      description: input.description ?? null,
      documentType: input.documentType ?? 'purchase_order',
      conditions: checkedConditions(ctx, input.conditions ?? {}),
      steps: checkedSteps(ctx, input.steps),
      priority: input.priority ?? 0,
      isActive: input.isActive ?? true,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** Changes a rule; approvals already requested keep the steps and approvers they were requested with. */
export function updateApprovalRule(ctx: CompanyContext, ruleId: string, patch: ApprovalRuleUpdateParams): ApprovalRuleRow {
  return ctx.store.transaction(() => {
    const row = retrieveApprovalRule(ctx, ruleId);
    return approvalRulesTable(ctx).update(row.id, {
      name: patch.name ?? row.name,
      description: patch.description === undefined ? row.description : patch.description,
      conditions: patch.conditions ? checkedConditions(ctx, patch.conditions, row.conditions) : row.conditions,
      steps: patch.steps ? checkedSteps(ctx, patch.steps) : row.steps,
      priority: patch.priority ?? row.priority,
      isActive: patch.isActive ?? row.isActive,
      updatedAt: ctx.clock.iso(),
    });
  });
}

/** The list's plain filters. */
export const approvalRuleMatches =
  (filters: { documentType?: ApprovalDocumentType; isActive?: boolean }) =>
  (row: ApprovalRuleRow): boolean =>
    (!filters.documentType || row.documentType === filters.documentType) &&
    (filters.isActive === undefined || row.isActive === filters.isActive);

/** Whether a rule's conditions hold: a total above `minAmount` and up to `maxAmount`, the supplier, a line of a category. */
function ruleApplies(ctx: CompanyContext, rule: ApprovalRuleRow, subject: ApprovalSubject): boolean {
  const { minAmount, maxAmount, supplierIds, categoryIds } = rule.conditions;
  if (!rule.isActive || rule.documentType !== subject.documentType) return false;
  if (minAmount !== null && money.compare(subject.total, minAmount) <= 0) return false;
  if (maxAmount !== null && money.compare(subject.total, maxAmount) > 0) return false;
  if (supplierIds.length > 0 && !supplierIds.includes(subject.supplierId)) return false;
  if (categoryIds.length === 0) return true;
  const wanted = new Set(categoryIds.flatMap((id) => [...categoryAndDescendants(ctx, id)]));
  return subject.categoryIds.some((id) => wanted.has(id));
}

/** The one rule that governs a document: of the active rules that apply, the highest priority, then the oldest. */
export function governingRule(ctx: CompanyContext, subject: ApprovalSubject): ApprovalRuleRow | undefined {
  return approvalRulesTable(ctx)
    .all()
    .filter((rule) => ruleApplies(ctx, rule, subject))
    .sort((a, b) => b.priority - a.priority || a.sequence - b.sequence)[0];
}
