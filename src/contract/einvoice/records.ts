import { z } from 'zod';
import { cursorPageQuery, isoDate, isoDateTime } from '../common.js';
import { EinvoiceStatus } from '../sales/invoices.js';

// Spec document 3, "E-invoice (business API)": the record, its requests and its answers.

/** `PEPPOL_UBL`: PEPPOL BIS Billing 3.0 for the `peppol` network; `UBL21`: UBL 2.1 in the MyInvois form for the `myinvois` portal. */
export const EINVOICE_FORMATS = ['PEPPOL_UBL', 'UBL21'] as const;
export const EinvoiceFormat = z.enum(EINVOICE_FORMATS);
export type EinvoiceFormat = z.infer<typeof EinvoiceFormat>;

export const EINVOICE_PORTALS = ['myinvois', 'peppol'] as const;
export const EinvoicePortal = z.enum(EINVOICE_PORTALS);
export type EinvoicePortal = z.infer<typeof EinvoicePortal>;

export const EINVOICE_DOCUMENT_TYPES = ['invoice', 'credit_note', 'debit_note', 'refund_note'] as const;
export const EinvoiceDocumentType = z.enum(EINVOICE_DOCUMENT_TYPES);

export const EINVOICE_CANCEL_REASONS = ['duplicate_invoice', 'data_error', 'system_error', 'buyer_rejection', 'other'] as const;
export const EinvoiceCancelReason = z.enum(EINVOICE_CANCEL_REASONS);
export const EinvoiceCancelReasonCode = z.enum(['01', '02', '03', '04', '05']);

export const EinvoiceIssue = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string(),
  severity: z.enum(['error', 'warning', 'info']).optional(),
  suggestion: z.string().optional(),
  xpath: z.string().optional(),
});
export type EinvoiceIssue = z.infer<typeof EinvoiceIssue>;

export const EinvoiceGovernment = z.object({
  portal: EinvoicePortal,
  taxpayerId: z.string().nullable(),
  submissionId: z.string().nullable(),
  longId: z.string().nullable(),
  validationTime: isoDateTime().nullable(),
  acceptanceTime: isoDateTime().nullable(),
  status: z.string().nullable(),
  submittedAt: isoDateTime().nullable(),
});

export const EinvoiceTimelineEntry = z.object({ status: EinvoiceStatus, timestamp: isoDateTime(), notes: z.string().nullable() });

export const Einvoice = z.object({
  id: z.string(),
  /** The source sales document: an invoice, credit note, debit note or refund id. */
  invoiceId: z.string(),
  documentType: EinvoiceDocumentType,
  documentNumber: z.string(),
  customerId: z.string(),
  format: EinvoiceFormat,
  status: EinvoiceStatus,
  submissionType: z.string(),
  uuid: z.string(),
  submissionId: z.string().nullable(),
  /** `sha256:<hex>` of the exact bytes of `document.xml`. */
  validationHash: z.string(),
  /** PNG data URI of the validation link; null before `longId`. */
  qrCode: z.string().nullable(),
  /** Algorithm and certificate (PEM); a test one in the sandbox. */
  digitalSignature: z.object({ algorithm: z.string(), certificate: z.string(), timestamp: isoDateTime(), sandbox: z.boolean() }),
  government: EinvoiceGovernment,
  validation: z.object({
    isValid: z.boolean(),
    validatedAt: isoDateTime().nullable(),
    errors: z.array(EinvoiceIssue),
    warnings: z.array(EinvoiceIssue),
  }),
  /** `xml` is the document text; `pdf` and `json` are URLs. */
  document: z.object({ xml: z.string(), pdf: z.string(), json: z.string() }),
  compliance: z.object({ standard: z.string(), profile: z.string(), customization: z.string() }),
  timeline: z.array(EinvoiceTimelineEntry),
  cancellation: z
    .object({
      reason: EinvoiceCancelReason,
      reasonCode: EinvoiceCancelReasonCode,
      notes: z.string().nullable(),
      cancellationDate: isoDate(),
    })
    .nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Einvoice = z.infer<typeof Einvoice>;

const short = (max: number) => z.string().trim().min(1).max(max);
const EinvoiceAddressInput = z.object({
  street: short(200).optional(),
  city: short(100).optional(),
  state: short(100).optional(),
  postalCode: short(20).optional(),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')
    .optional(),
});

const createOptions = {
  autoSubmit: z.boolean().optional(),
  /** Create and validate, never submit (even with `autoSubmit`). */
  validateOnly: z.boolean().optional(),
  includeAttachments: z.boolean().optional(),
  language: z.string().max(10).optional(),
};

export const EinvoiceCreateParams = z.object({
  /** A sent or paid invoice, a credit note, debit note or refund (404 if none); a draft or cancelled invoice is 400. */
  invoiceId: short(100),
  /** `PEPPOL_UBL` or `UBL21`; it decides the portal, and its rules are checked (400 INVALID_INVOICE_DATA). */
  format: EinvoiceFormat,
  /** Free text stored on the record, default `original`; a later submit's `submissionType` replaces it. */
  submissionType: short(50).optional(),
  /** `autoSubmit` and `validateOnly` as below (a top-level one wins); the mock ignores the other two. */
  options: z.object(createOptions).optional(),
  /** Submit to the portal right after validation (answer `submitted`), unless `validateOnly`; default false. */
  autoSubmit: createOptions.autoSubmit,
  /** Create and validate, never submit (even with `autoSubmit`); default false. */
  validateOnly: createOptions.validateOnly,
  /** Overrides of the customer's tax identity for this document only; each omitted field keeps the customer's. */
  buyer: z
    .object({
      taxId: short(50).optional(),
      registrationName: short(300).optional(),
      businessRegistrationNumber: short(50).optional(),
      sectorClassification: short(10).optional(),
      businessActivityDescription: short(300).optional(),
    })
    .optional(),
  /** Delivery date (`YYYY-MM-DD`) and party: checked, then ignored (the mock's document has no delivery). */
  delivery: z
    .object({
      actualDeliveryDate: isoDate().optional(),
      deliveryParty: z.object({ name: short(300), address: EinvoiceAddressInput.optional() }).optional(),
    })
    .optional(),
  /** Payment means, terms and bank account: checked, then ignored (the document's terms come from its source). */
  payment: z
    .object({
      paymentMeans: short(50).optional(),
      paymentTerms: short(300).optional(),
      bankAccount: z.object({ bankName: short(100).optional(), accountNumber: short(50), swiftCode: short(11).optional() }).optional(),
    })
    .optional(),
});
export type EinvoiceCreateParams = z.input<typeof EinvoiceCreateParams>;

export const EinvoiceValidateParams = z.object({
  invoiceId: short(100),
  format: EinvoiceFormat,
  strictValidation: z.boolean().optional(),
  checkTaxCompliance: z.boolean().optional(),
});

export const EinvoiceValidation = z.object({
  isValid: z.boolean(),
  format: EinvoiceFormat,
  compliance: z.object({ standard: z.string(), profile: z.string() }),
  errors: z.array(EinvoiceIssue),
  warnings: z.array(EinvoiceIssue),
  summary: z.object({ totalErrors: z.number().int(), totalWarnings: z.number().int(), canSubmit: z.boolean() }),
});
export type EinvoiceValidation = z.infer<typeof EinvoiceValidation>;

export const EinvoiceSubmitParams = z.object({
  einvoiceId: short(100),
  portal: EinvoicePortal.optional(),
  submissionType: short(50).optional(),
  options: z
    .object({
      /** Wait up to `timeout` seconds for the portal's decision. */
      waitForResponse: z.boolean().optional(),
      timeout: z.number().int().min(1).max(300).optional(),
      notifyOnCompletion: z.boolean().optional(),
    })
    .optional(),
});

export const EinvoiceSubmission = z.object({
  submissionId: z.string(),
  status: EinvoiceStatus,
  government: EinvoiceGovernment.pick({ portal: true, submissionId: true, longId: true, submittedAt: true }),
  tracking: z.object({ estimatedProcessingTime: z.string(), statusCheckUrl: z.string() }),
});
export type EinvoiceSubmission = z.infer<typeof EinvoiceSubmission>;

export const EinvoiceStatusReport = z.object({
  id: z.string(),
  status: EinvoiceStatus,
  government: EinvoiceGovernment,
  timeline: z.array(EinvoiceTimelineEntry),
  /** `submit`, `cancel`, `download_pdf`, ... */
  nextActions: z.array(z.string()),
});
export type EinvoiceStatusReport = z.infer<typeof EinvoiceStatusReport>;

export const EinvoiceCancelParams = z.object({
  /** Give `reason`, `reasonCode` or both (they must agree). */
  reason: EinvoiceCancelReason.optional(),
  reasonCode: EinvoiceCancelReasonCode.optional(),
  notes: z.string().max(1000).optional(),
  /** Default today. */
  cancellationDate: isoDate().optional(),
});

export const EinvoiceListParams = z.object({
  status: EinvoiceStatus.optional(),
  format: EinvoiceFormat.optional(),
  portal: EinvoicePortal.optional(),
  /** Created on or after. */
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  customerId: z.string().optional(),
  invoiceId: z.string().optional(),
  uuid: z.string().optional(),
  submissionId: z.string().optional(),
  ...cursorPageQuery,
});

export const EinvoiceIdParams = z.object({ einvoiceId: z.string() });

/** A document file (XML or PDF) as served. */
export const EinvoiceDocumentFile = z.string();
/** The JSON form: UBL-2.1-JSON (`_D`, `_A`, `_B`, `Invoice` or `CreditNote`). */
export const EinvoiceJsonDocument = z.record(z.string(), z.unknown());
