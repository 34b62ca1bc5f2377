import type { EinvoiceCreateParams, EinvoiceFormat } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { newUuid } from '../shared/uuid.js';
import { textDigest } from '../../kernel/digest.js';
import { EINVOICE_FORMAT_SPECS, renderEinvoice } from './formats.js';
import { invalidInvoiceData, loadEinvoiceSource, type EinvoiceSource } from './source.js';
import { einvoicesTable, type EinvoiceRow } from './tables.js';
import { sandboxSignature } from './signer.js';

/** `sha256:<hex>` of the exact document bytes (spec document 3, `validationHash`). */
export const validationHashOf = (xml: string): string => `sha256:${textDigest(xml)}`;

/** The create request's `buyer` over the customer's identity on this one document. */
export function withBuyerOverrides(source: EinvoiceSource, buyer: EinvoiceCreateParams['buyer']): EinvoiceSource {
  if (!buyer) return source;
  return {
    ...source,
    buyer: {
      ...source.buyer,
      tin: buyer.taxId ?? source.buyer.tin,
      legalName: buyer.registrationName ?? source.buyer.legalName,
      registrationNumber: buyer.businessRegistrationNumber ?? source.buyer.registrationNumber,
      ...(buyer.businessRegistrationNumber ? { idType: 'BRN' as const, idValue: buyer.businessRegistrationNumber } : {}),
      msicCode: buyer.sectorClassification ?? source.buyer.msicCode,
      businessActivity: buyer.businessActivityDescription ?? source.buyer.businessActivity,
    },
  };
}

/** The source of a request, checked for what the format needs: 400 INVALID_INVOICE_DATA with every missing field. */
export function checkedSource(
  ctx: CompanyContext,
  invoiceId: string,
  format: EinvoiceFormat,
  buyer?: EinvoiceCreateParams['buyer'],
): EinvoiceSource {
  const source = withBuyerOverrides(loadEinvoiceSource(ctx, invoiceId), buyer);
  const problems = EINVOICE_FORMAT_SPECS[format].problems(source);
  if (problems.length) throw invalidInvoiceData(problems);
  return source;
}

/**
 * `POST /v1/einvoice/create` (spec document 3): the document built from the sales document, hashed and
 * stored `created`; the caller moves it on (validation, submission: see lifecycle.ts).
 */
export function createEinvoiceRecord(ctx: ActingContext, params: EinvoiceCreateParams): EinvoiceRow {
  const source = checkedSource(ctx, params.invoiceId, params.format, params.buyer);
  const spec = EINVOICE_FORMAT_SPECS[params.format];
  const uuid = newUuid(ctx.store);
  const now = ctx.clock.iso();
  // The e-invoice is issued now (MyInvois IssueDate/IssueTime: submission within 72 hours of it).
  const { xml, json } = renderEinvoice(params.format, { ...source, issuedAt: now }, uuid);
  const table = einvoicesTable(ctx);
  return table.insert({
    id: table.newId(),
    invoiceId: source.id,
    documentType: source.documentType,
    documentNumber: source.number,
    customerId: source.buyer.id,
    format: params.format,
    portal: spec.portal,
    status: 'created',
    submissionType: params.submissionType ?? 'original',
    uuid,
    submissionId: null,
    validationHash: validationHashOf(xml),
    qrCode: null,
    digitalSignature: sandboxSignature(ctx, now),
    government: {
      portal: spec.portal,
      taxpayerId: source.supplier.tin,
      submissionId: null,
      longId: null,
      validationTime: null,
      acceptanceTime: null,
      status: null,
      submittedAt: null,
    },
    validation: { isValid: false, validatedAt: null, errors: [], warnings: [] },
    compliance: spec.compliance,
    timeline: [{ status: 'created', timestamp: now, notes: `Created by ${actorOf(ctx)} from ${source.number}` }],
    cancellation: null,
    xml,
    json: JSON.stringify(json),
    decision: null,
    notify: false,
    createdAt: now,
    updatedAt: now,
  });
}
