import type { Rfq, RfqCreateParams, RfqSendParams, RfqStatus, RfqUpdateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { addDays, companyToday } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { recordOutboxMessage } from '../shared/outbox.js';
import { stateMachine } from '../shared/transitions.js';
import { companyCurrency } from '../platform/index.js';
import type { SendOptions } from '../sales/index.js';
import { businessRule, notFound, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { catalogueLines } from './requisition-lines.js';
import { assertRequisitionMove, retrieveRequisition } from './requisitions.js';
import { supplierForPurchase } from './suppliers.js';
import { compareResponses } from './rfq-comparison.js';
import { RFQ_NUMBER, rfqsTable, type RfqLineRow, type RfqRow } from './requisition-rfq-tables.js';

/** How long suppliers have to respond when the RFQ names no deadline (decision PUR-48). */
export const DEFAULT_RESPONSE_DAYS = 7;

/**
 * The RFQ's moves (spec document 2 names send and responses; award is implied; the table is ours,
 * decisions PUR-48 to PUR-50): a draft is changed and sent once; a sent RFQ takes responses until its
 * deadline (then it reads `closed`; a later deadline reopens it); it is awarded once, sent or closed.
 */
export const RFQ_MOVES = stateMachine<RfqStatus, 'update' | 'changeInvitation' | 'send' | 'respond' | 'award'>({
  update: { from: ['draft', 'sent', 'closed'], rule: 'an awarded request for quotation cannot be changed' },
  changeInvitation: {
    from: ['draft'],
    rule: 'the suppliers, lines and currency of a request for quotation are fixed once it is sent; this one is {status}',
  },
  send: { from: ['draft'], rule: 'only a draft request for quotation can be sent; this one is {status}' },
  respond: {
    from: ['sent'],
    rule: 'responses are recorded for a sent request for quotation; this one is {status}',
    refusals: {
      draft: 'the request for quotation has not been sent yet',
      closed: 'the response deadline of the request for quotation has passed',
    },
  },
  award: {
    from: ['sent', 'closed'],
    rule: 'a sent request for quotation is awarded once; this one is {status}',
    refusals: { awarded: 'the request for quotation was already awarded' },
  },
});

export function retrieveRfq(ctx: CompanyContext, rfqId: string): RfqRow {
  const rfq = rfqsTable(ctx).get(rfqId);
  if (!rfq) throw notFound('rfq', rfqId, 'RFQ_NOT_FOUND', 'rfqId');
  return rfq;
}

/** `closed` when a sent RFQ's deadline is before the company's today. */
export const rfqStatusOf = (row: RfqRow, today: string): RfqStatus =>
  row.status === 'sent' && row.responseDeadline < today ? 'closed' : row.status;

export const assertRfqMove = (ctx: CompanyContext, rfq: RfqRow, move: keyof typeof RFQ_MOVES.moves): void =>
  RFQ_MOVES.assert(move, rfqStatusOf(rfq, companyToday(ctx)), {
    rfqId: rfq.id,
    rfqNumber: rfq.rfqNumber,
    responseDeadline: rfq.responseDeadline,
  });

/** The invited suppliers: each must exist and be active; named twice counts once. */
const invitedSuppliers = (ctx: CompanyContext, supplierIds: readonly string[]): string[] =>
  [...new Set(supplierIds)].map((id, index) => supplierForPurchase(ctx, id, `supplierIds.${index}`).id);

function rfqLines(ctx: CompanyContext, inputs: NonNullable<RfqCreateParams['lines']>): RfqLineRow[] {
  const issues: ValidationIssue[] = [];
  const lines = catalogueLines(ctx, inputs, 'lines', issues).map(({ item: _item, ...line }) => ({ ...line, requisitionLineId: null }));
  if (issues.length > 0) throw validationError(issues);
  return lines;
}

function checkDeadline(ctx: CompanyContext, deadline: string): void {
  const today = companyToday(ctx);
  if (deadline < today) {
    throw validationError([
      {
        field: 'responseDeadline',
        code: 'DATE_CONSTRAINT',
        message: `responseDeadline cannot be before today ${today}`,
        value: deadline,
        constraint: { min: today },
      },
    ]);
  }
}

/** `POST /rfqs`: a draft; from an approved requisition it takes the requisition's lines unless given its own. */
export function createRfq(ctx: ActingContext, input: RfqCreateParams): RfqRow {
  return ctx.store.transaction(() => {
    const requisition = input.requisitionId ? retrieveRequisition(ctx, input.requisitionId, 'requisitionId') : null;
    if (requisition) assertRequisitionMove(requisition, 'source');
    if (!input.lines && !requisition)
      throw validationError([
        { field: 'lines', code: 'REQUIRED_FIELD', message: 'a request for quotation without a requisition needs lines' },
      ]);
    const lines: RfqLineRow[] = input.lines
      ? rfqLines(ctx, input.lines)
      : requisition!.lines.map((line) => ({
          id: ctx.store.ids.next('ln'),
          itemId: line.itemId,
          itemCode: line.itemCode,
          description: line.description,
          quantity: line.quantity,
          notes: line.notes,
          requisitionLineId: line.id,
        }));
    const supplierIds = invitedSuppliers(ctx, input.supplierIds);
    const today = companyToday(ctx);
    const responseDeadline = input.responseDeadline ?? addDays(today, DEFAULT_RESPONSE_DAYS);
    checkDeadline(ctx, responseDeadline);
    const table = rfqsTable(ctx);
    const now = ctx.clock.iso();
    return table.insert({
      id: table.newId(),
      rfqNumber: nextDocumentNumber(ctx, RFQ_NUMBER),
      title: input.title?.trim() || (requisition ? `Requisition ${requisition.requisitionNumber}` : lines[0].description),
      rfqDate: today,
      requisitionId: requisition?.id ?? null,
      status: 'draft',
      currency: input.currency ?? companyCurrency(ctx),
      supplierIds,
      lines,
      responseDeadline,
      notes: input.notes?.trim() || null,
      responses: [],
      awardedSupplierId: null,
      purchaseOrderId: null,
      awardedAt: null,
      sentAt: null,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** `PUT /rfqs/{id}`: a draft changes any field; a sent one its title, notes and deadline only. */
export function updateRfq(ctx: ActingContext, rfqId: string, input: RfqUpdateParams): RfqRow {
  return ctx.store.transaction(() => {
    const rfq = retrieveRfq(ctx, rfqId);
    assertRfqMove(ctx, rfq, 'update');
    const changes: Partial<RfqRow> = {};
    if (input.supplierIds !== undefined || input.lines !== undefined || input.currency !== undefined) {
      assertRfqMove(ctx, rfq, 'changeInvitation');
      if (input.supplierIds) changes.supplierIds = invitedSuppliers(ctx, input.supplierIds);
      // Lines written anew lose the link to the requisition's lines they came from.
      if (input.lines) changes.lines = rfqLines(ctx, input.lines);
      if (input.currency) changes.currency = input.currency;
    }
    if (input.responseDeadline !== undefined) {
      checkDeadline(ctx, input.responseDeadline);
      changes.responseDeadline = input.responseDeadline;
    }
    if (input.title !== undefined) changes.title = input.title.trim() || rfq.title;
    if (input.notes !== undefined) changes.notes = input.notes?.trim() || null;
    return rfqsTable(ctx).update(rfq.id, { ...changes, updatedAt: ctx.clock.iso() });
  });
}

/**
 * `POST /rfqs/{id}/send`: one message per invited supplier in the outbox, at its email; a supplier
 * without an email refuses the whole send, so no supplier is left out unknowingly.
 */
export function sendRfq(ctx: ActingContext, rfqId: string, input: RfqSendParams = {}, options: SendOptions = {}): RfqRow {
  return ctx.store.transaction(() => {
    const rfq = retrieveRfq(ctx, rfqId);
    assertRfqMove(ctx, rfq, 'send');
    const suppliers = rfq.supplierIds.map((id) => supplierForPurchase(ctx, id));
    const unreachable = suppliers.filter((s) => !s.email);
    if (unreachable.length > 0) {
      throw businessRule(
        `every invited supplier needs an email to receive the request for quotation; ${unreachable.map((s) => s.name).join(', ')} has none`,
        {
          rfqId: rfq.id,
          supplierIds: unreachable.map((s) => s.id),
        },
      );
    }
    for (const supplier of options.recordMessage === false ? [] : suppliers) {
      recordOutboxMessage(ctx, {
        kind: 'rfq',
        documentId: rfq.id,
        to: [supplier.email!],
        cc: input.cc ?? [],
        subject: input.subject ?? `Request for quotation ${rfq.rfqNumber}: ${rfq.title}`,
        message:
          input.message ??
          `Dear ${supplier.name}, please quote your prices and lead times for the ${rfq.lines.length} line(s) of ${rfq.rfqNumber} in ${rfq.currency} by ${rfq.responseDeadline}.`,
        attachPDF: true,
      });
    }
    const now = ctx.clock.iso();
    return rfqsTable(ctx).update(rfq.id, { status: 'sent', sentAt: now, updatedAt: now });
  });
}

export function presentRfq(ctx: CompanyContext, row: RfqRow): Rfq {
  return {
    ...row,
    status: rfqStatusOf(row, companyToday(ctx)),
    supplierIds: [...row.supplierIds],
    lines: row.lines.map(({ requisitionLineId: _link, ...line }) => ({ ...line })),
    responses: row.responses.map((response) => ({ ...response, lines: response.lines.map((line) => ({ ...line })) })),
    comparison: compareResponses(ctx, row),
  };
}

/** The list's plain filters: `status` as the clock reads it, an invited `supplierId`, `requisitionId`. */
export function rfqMatches(
  ctx: CompanyContext,
  filters: { status?: RfqStatus; supplierId?: string; requisitionId?: string },
): (row: RfqRow) => boolean {
  const today = companyToday(ctx);
  return (row) =>
    (!filters.status || rfqStatusOf(row, today) === filters.status) &&
    (!filters.supplierId || row.supplierIds.includes(filters.supplierId)) &&
    (!filters.requisitionId || row.requisitionId === filters.requisitionId);
}
