import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDateTime, money, nonNegativeMoney, queryBoolean, sortQuery } from '../common.js';
import { text } from '../sales/document-lines.js';

// Spec document 2 lists the approval rule paths but not the record ("not shown"): decisions PUR-27
// to PUR-30.

/** The documents a rule can hold for approval; purchase orders today. */
export const APPROVAL_DOCUMENT_TYPES = ['purchase_order'] as const;
export const ApprovalDocumentType = z.enum(APPROVAL_DOCUMENT_TYPES);
export type ApprovalDocumentType = z.infer<typeof ApprovalDocumentType>;

const ids = () => z.array(z.string().min(1).max(100)).max(50);

/** When a rule applies: every condition given must hold; empty lists match every supplier or category. */
export const ApprovalRuleConditions = z.object({
  /** The document's total in the company currency must be above this (null: no lower bound). */
  minAmount: money().nullable(),
  /** ... and at most this (null: no upper bound). */
  maxAmount: money().nullable(),
  supplierIds: z.array(z.string()),
  /** Item categories (and their subcategories) of which the order has at least one line. */
  categoryIds: z.array(z.string()),
});
export type ApprovalRuleConditions = z.infer<typeof ApprovalRuleConditions>;

/** A user who may decide a step, up to `approvalLimit` (company currency; null: no limit). */
export const ApprovalRuleApprover = z.object({ userId: z.string(), name: z.string(), approvalLimit: money().nullable() });
export type ApprovalRuleApprover = z.infer<typeof ApprovalRuleApprover>;

/** One step: any one of its approvers decides it; steps are decided in order. */
export const ApprovalRuleStep = z.object({ step: z.number().int(), name: z.string().nullable(), approvers: z.array(ApprovalRuleApprover) });
export type ApprovalRuleStep = z.infer<typeof ApprovalRuleStep>;

export const ApprovalRule = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  documentType: ApprovalDocumentType,
  conditions: ApprovalRuleConditions,
  steps: z.array(ApprovalRuleStep),
  /** Of the active rules that match a document, the one with the highest priority applies (ties: the older rule). */
  priority: z.number().int(),
  isActive: z.boolean(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type ApprovalRule = z.infer<typeof ApprovalRule>;

const StepInput = z.object({
  name: text(100).nullable().optional(),
  approvers: z
    .array(z.object({ userId: z.string().min(1).max(100), approvalLimit: nonNegativeMoney().nullable().optional() }))
    .min(1)
    .max(20),
});

const ruleFields = {
  /** Free text, up to 1,000 characters; null clears it. */
  description: text(1000).nullable().optional(),
  /** When the rule applies (none: every document); on update the fields given replace those stored, the rest stay. */
  conditions: z
    .object({
      /** Company currency: the rule applies to a total above this (null: no lower bound). */
      minAmount: nonNegativeMoney().nullable().optional(),
      /** Company currency: the rule applies to a total up to this, above `minAmount` (null: no upper bound). */
      maxAmount: nonNegativeMoney().nullable().optional(),
      /** Up to 50 suppliers of the company; the order's supplier must be one of them (empty: any supplier). */
      supplierIds: ids().optional(),
      /** Up to 50 item categories, subcategories included; the order needs a line of one (empty: any). */
      categoryIds: ids().optional(),
    })
    .optional(),
  /** 0 to 1000, default 0 on create: of the active rules that match, the highest applies (ties: the older rule). */
  priority: z.number().int().min(0).max(1000).optional(),
  /** Default true on create; an inactive rule matches no document. */
  isActive: z.boolean().optional(),
};

export const ApprovalRuleCreateParams = z.object({
  /** 1 to 100 characters after trimming. */
  name: z.string().trim().min(1).max(100),
  /** Default `purchase_order`. */
  documentType: ApprovalDocumentType.optional(),
  /** In the order they are decided; each names one or more users of the company. */
  steps: z.array(StepInput).min(1).max(10),
  ...ruleFields,
});
export type ApprovalRuleCreateParams = z.input<typeof ApprovalRuleCreateParams>;

/** The changed fields; `conditions` merge field by field, `steps` replace the rule's steps. Requests already made keep theirs. */
export const ApprovalRuleUpdateParams = z.object({
  /** 1 to 100 characters after trimming. */
  name: z.string().trim().min(1).max(100).optional(),
  /** 1 to 10 steps replacing the rule's steps whole, renumbered from 1; approvals already requested keep theirs. */
  steps: z.array(StepInput).min(1).max(10).optional(),
  ...ruleFields,
});
export type ApprovalRuleUpdateParams = z.input<typeof ApprovalRuleUpdateParams>;

export const ApprovalRuleListParams = z.object({
  documentType: ApprovalDocumentType.optional(),
  isActive: queryBoolean().optional(),
  ...sortQuery,
  ...cursorPageQuery,
});
export type ApprovalRuleListParams = z.input<typeof ApprovalRuleListParams>;

const RuleIdParams = z.object({ ruleId: z.string() });

export const purchasingApprovalRulesList = endpoint({
  id: 'purchasing.approvalRules.list',
  method: 'GET',
  path: '/purchasing/approval-rules',
  scope: 'read:inventory',
  summary: 'List approval rules, highest priority first',
  description: "Lists the company's rules, highest priority first; filters `documentType`, `isActive`.",
  example: 'for await (const rule of acs.purchasing.approvalRules.list({ isActive: true })) console.log(rule.priority, rule.name);',
  exampleCall: { query: { isActive: true } },
  query: ApprovalRuleListParams,
  response: ApprovalRule,
  list: {
    paging: 'cursor',
    defaultLimit: 50,
    maxLimit: 100,
    defaultSort: 'priority:desc,sequence:asc',
    sort: ['priority', 'name', 'createdAt'],
  },
});

export const purchasingApprovalRulesCreate = endpoint({
  id: 'purchasing.approvalRules.create',
  method: 'POST',
  path: '/purchasing/approval-rules',
  scope: 'write:inventory',
  status: 201,
  summary: 'Create an approval rule',
  description: 'Creates a rule. A rule matches a total above `minAmount` and up to `maxAmount`; approvers are users ' + 'of the company.',
  example: `const rule = await acs.purchasing.approvalRules.create({
  name: 'Furniture over RM 10,000',
  conditions: { minAmount: 10000, categoryIds: [furnitureId] },
  steps: [{ name: 'Manager', approvers: [{ userId: managerId, approvalLimit: 50000 }] }],
  priority: 50,
});`,
  body: ApprovalRuleCreateParams,
  response: ApprovalRule,
});

export const purchasingApprovalRulesRetrieve = endpoint({
  id: 'purchasing.approvalRules.retrieve',
  method: 'GET',
  path: '/purchasing/approval-rules/{ruleId}',
  scope: 'read:inventory',
  summary: 'Get one approval rule',
  description: 'One rule. `NotFoundError` (`APPROVAL_RULE_NOT_FOUND`) for an unknown id.',
  exampleCall: { params: { ruleId: { first: 'purchasing.approvalRules.list' } } },
  params: RuleIdParams,
  response: ApprovalRule,
});

export const purchasingApprovalRulesUpdate = endpoint({
  id: 'purchasing.approvalRules.update',
  method: 'PUT',
  path: '/purchasing/approval-rules/{ruleId}',
  scope: 'write:inventory',
  summary: 'Change an approval rule',
  description: 'Changes a rule (`conditions` merge field by field, `steps` replace); approvals already requested ' + 'keep their steps.',
  exampleCall: { params: { ruleId: { first: 'purchasing.approvalRules.list' } }, body: { priority: 30 } },
  params: RuleIdParams,
  body: ApprovalRuleUpdateParams,
  response: ApprovalRule,
});
