/**
 * Every `error.code` the service answers in its failure envelope, with its HTTP status, its meaning and
 * the shape of its `details`: the codes of spec document 1, "Errors", and the module tables of documents
 * 2 and 3, and the codes the mock adds where the spec says "not shown" (decision PLAT-33). The mock builds
 * every refusal from this table (its status comes from here), the SDK types `AcsError.code` with its keys,
 * and `npm run errors` writes docs/errors.md from it. Free of zod, so the SDK core imports it as a type only.
 */

/** One catalogued code. */
export interface ErrorCodeEntry {
  /** The HTTP status the code is answered with. */
  readonly status: number;
  /** What the caller did or hit, in a line. */
  readonly meaning: string;
  /** The shape of `error.details` (an array of records unless said). */
  readonly details: string;
  /** `spec`: named by the spec (its status may be the mock's choice where the spec shows none); `mock`: added by the mock. */
  readonly origin: 'spec' | 'mock';
}

/**
 * The catalogue's declared type: each code with its literal status, its texts as plain strings, so the
 * published types (SDK-10's budget) carry the codes and statuses, not every sentence of the table.
 */
const defineErrorCodes = <T extends Record<string, ErrorCodeEntry>>(
  codes: T,
): { readonly [C in keyof T]: ErrorCodeEntry & { readonly status: T[C]['status'] } } => codes;

const defineClientCodes = <T extends Record<string, string>>(codes: T): { readonly [C in keyof T]: string } => codes;

const ITEM = '[{ field, message, code, value?, constraint? }]';
const NOT_FOUND = '[{ resource, id, field }]';
const STATE_RULE = '[{ rule, status, allowedStatuses, ...facts }]';

/**
 * The `details` texts that name one shape shared by many codes: OpenAPI gives each its own envelope
 * (error-envelopes.ts), so a generated client gets typed details for every code of that shape.
 */
export const SHARED_DETAIL_SHAPES = { item: ITEM, notFound: NOT_FOUND, stateRule: STATE_RULE } as const;

export const ERROR_CODES = defineErrorCodes({
  // Shared codes (spec document 1, "Errors").
  UNAUTHORIZED: {
    status: 401,
    meaning: 'Authentication missing or invalid (a bad, expired or revoked key or token)',
    details: '[{ field: "authorization", message, code }] with code INVALID_API_KEY, TOKEN_EXPIRED, INVALID_TOKEN, ...',
    origin: 'spec',
  },
  FORBIDDEN: {
    status: 403,
    meaning: 'The credential lacks a scope, or has no access to the company named',
    details: '[{ required_scope, current_scopes }] for a scope; [{ field: "x-company-id", message, value }] for a company',
    origin: 'spec',
  },
  INVALID_COMPANY: {
    status: 422,
    meaning: 'X-Company-Id is missing or names no company',
    details: ITEM,
    origin: 'spec',
  },
  VALIDATION_ERROR: {
    status: 422,
    meaning: 'The body or query breaks a rule of its schema',
    details: `${ITEM} with code REQUIRED_FIELD, INVALID_FORMAT, MIN_VALUE, MAX_VALUE, INVALID_CHOICE, DUPLICATE_VALUE, DATE_CONSTRAINT, ...`,
    origin: 'spec',
  },
  BUSINESS_RULE_VIOLATION: {
    status: 422,
    meaning: 'A rule of the books refuses the change (a paid invoice cannot be modified, a move its state machine lacks)',
    details: '[{ rule, ...facts of the record }]',
    origin: 'spec',
  },
  NOT_FOUND: { status: 404, meaning: 'No record (or endpoint) with this id', details: NOT_FOUND, origin: 'spec' },
  CONFLICT: {
    status: 409,
    meaning: 'A record with this unique value exists already',
    details: '[{ resource, field, value, existingId }]',
    origin: 'spec',
  },
  RATE_LIMIT_EXCEEDED: {
    status: 429,
    meaning: 'Too many requests (the API key, a batch rate, an integration upstream); header Retry-After',
    details: '[{ limit, remaining, resetTime, retryAfter }] for the API key; the limit that tripped otherwise',
    origin: 'spec',
  },
  INSUFFICIENT_FUNDS: {
    status: 422,
    meaning: "The document would take the customer's balance over the credit limit",
    details: '[{ customerId, currentBalance, creditLimit, availableCredit, requestedAmount }]',
    origin: 'spec',
  },

  // The router's own refusals (HTTP; the spec's statuses without a code of their own).
  INVALID_REQUEST: {
    status: 400,
    meaning: 'The request cannot be read: malformed JSON, CSV or multipart, a bad header, a bad cursor',
    details: ITEM,
    origin: 'mock',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    meaning: 'The path exists but not with this method; header Allow',
    details: '[{ method, allowed }]',
    origin: 'mock',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    meaning: 'This Idempotency-Key was used with a different request body',
    details: '[{ field: "idempotency-key", message, value }]',
    origin: 'mock',
  },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The request body is over the size limit', details: ITEM, origin: 'mock' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'A body sent without Content-Type: application/json', details: ITEM, origin: 'mock' },
  INTERNAL_ERROR: {
    status: 500,
    meaning: 'A fault in the service itself (in the mock, a bug; or an injected fault)',
    details: 'none',
    origin: 'mock',
  },
  REQUEST_TIMEOUT: { status: 408, meaning: 'An injected fault (mock controls) with status 408', details: 'none', origin: 'mock' },
  BAD_GATEWAY: { status: 502, meaning: 'An injected fault (mock controls) with status 502', details: 'none', origin: 'mock' },
  SERVICE_UNAVAILABLE: { status: 503, meaning: 'An injected fault (mock controls) with status 503', details: 'none', origin: 'mock' },
  GATEWAY_TIMEOUT: { status: 504, meaning: 'An injected fault (mock controls) with status 504', details: 'none', origin: 'mock' },

  // Accounting (spec document 2, "Errors").
  INVALID_JOURNAL_ENTRY: {
    status: 400,
    meaning: 'The journal entry is not balanced, or has too few lines',
    details: '[{ field: "lines", message, code }]',
    origin: 'spec',
  },
  ACCOUNT_NOT_FOUND: { status: 404, meaning: 'No account with this id', details: NOT_FOUND, origin: 'spec' },
  ACCOUNT_IN_USE: {
    status: 422,
    meaning: 'The account has transactions or is referenced, so it cannot be deleted or deactivated',
    details: '[{ kind: "journal_lines", transactionCount, lastTransactionDate }, { kind, id, number, field }...]',
    origin: 'spec',
  },
  PERIOD_LOCKED: {
    status: 422,
    meaning: 'The posting, void or reversal is dated on or before the lock date of the books, or moves tax in a filed tax period',
    details: '[{ field, date, lockDate, lock: "lockDate" | "periodLockDate" | "taxReturn", source? }]',
    origin: 'mock',
  },
  TAX_RETURN_NOT_FOUND: { status: 404, meaning: 'No filed tax return with this id', details: NOT_FOUND, origin: 'mock' },
  CURRENCY_REVALUATION_NOT_FOUND: { status: 404, meaning: 'No currency revaluation with this id', details: NOT_FOUND, origin: 'mock' },

  // Sales and CRM.
  INVALID_CUSTOMER_DATA: {
    status: 400,
    meaning: 'The customer breaks a rule of its record (invalid email, payment terms outside 0 to 365)',
    details: ITEM,
    origin: 'spec',
  },
  CUSTOMER_NOT_FOUND: { status: 404, meaning: 'No customer with this id', details: NOT_FOUND, origin: 'spec' },
  QUOTE_CONVERSION_FAILED: {
    status: 422,
    meaning: 'The quote expired and cannot be converted',
    details: '[{ quoteId, validUntil, currentDate }]',
    origin: 'spec',
  },

  // Inventory.
  ITEM_NOT_FOUND: { status: 404, meaning: 'No item with this id', details: NOT_FOUND, origin: 'mock' },
  LOCATION_NOT_FOUND: { status: 404, meaning: 'No stock location with this id', details: NOT_FOUND, origin: 'mock' },
  ADJUSTMENT_NOT_FOUND: { status: 404, meaning: 'No stock adjustment with this id', details: NOT_FOUND, origin: 'mock' },
  TRANSFER_NOT_FOUND: { status: 404, meaning: 'No stock transfer with this id', details: NOT_FOUND, origin: 'mock' },
  ALERT_NOT_FOUND: { status: 404, meaning: 'No stock alert with this id', details: NOT_FOUND, origin: 'mock' },
  ALERT_RULE_NOT_FOUND: { status: 404, meaning: 'No alert rule with this id', details: NOT_FOUND, origin: 'mock' },
  INSUFFICIENT_STOCK: {
    status: 422,
    meaning: 'The location holds less of the item than the movement takes',
    details: '[{ field?, itemId, itemCode, locationId, onHand, requested, date? }]',
    origin: 'mock',
  },

  // Purchasing.
  SUPPLIER_NOT_FOUND: { status: 404, meaning: 'No supplier with this id', details: NOT_FOUND, origin: 'spec' },
  PO_ALREADY_SENT: {
    status: 422,
    meaning: 'The purchase order was sent already',
    details: STATE_RULE,
    origin: 'spec',
  },
  INSUFFICIENT_APPROVAL_LIMIT: {
    status: 403,
    meaning: "The approver's approval limit is below the document's total",
    details: '[{ approverId, approvalLimit, documentTotal }]',
    origin: 'spec',
  },
  BILL_ALREADY_PAID: {
    status: 422,
    meaning: 'The bill is fully paid already',
    details: STATE_RULE,
    origin: 'spec',
  },
  INVALID_SUPPLIER_INVOICE: {
    status: 409,
    meaning: "The supplier's invoice number is entered on another bill already",
    details: '[{ field: "supplierInvoiceNumber", value, billId, billNumber }]',
    origin: 'spec',
  },
  PO_ITEMS_FULLY_RECEIVED: {
    status: 422,
    meaning: 'Every line of the purchase order is received already',
    details: STATE_RULE,
    origin: 'spec',
  },
  REQUISITION_ALREADY_APPROVED: {
    status: 422,
    meaning: 'The requisition is approved (or converted) already',
    details: STATE_RULE,
    origin: 'spec',
  },
  BILL_NOT_FOUND: { status: 404, meaning: 'No bill with this id', details: NOT_FOUND, origin: 'mock' },
  PURCHASE_ORDER_NOT_FOUND: { status: 404, meaning: 'No purchase order with this id', details: NOT_FOUND, origin: 'mock' },
  REQUISITION_NOT_FOUND: { status: 404, meaning: 'No purchase requisition with this id', details: NOT_FOUND, origin: 'mock' },
  RFQ_NOT_FOUND: { status: 404, meaning: 'No request for quotation with this id', details: NOT_FOUND, origin: 'mock' },
  APPROVAL_NOT_FOUND: { status: 404, meaning: 'No approval with this id', details: NOT_FOUND, origin: 'mock' },
  APPROVAL_RULE_NOT_FOUND: { status: 404, meaning: 'No approval rule with this id', details: NOT_FOUND, origin: 'mock' },
  PURCHASE_RETURN_NOT_FOUND: { status: 404, meaning: 'No purchase return with this id', details: NOT_FOUND, origin: 'mock' },
  APPROVAL_ALREADY_DECIDED: {
    status: 422,
    meaning: 'The approval step was approved or rejected already',
    details: STATE_RULE,
    origin: 'mock',
  },
  APPROVER_NOT_ELIGIBLE: {
    status: 403,
    meaning: 'The user is not an approver of this step',
    details: '[{ approverId, step, eligibleApproverIds }]',
    origin: 'mock',
  },

  // E-invoicing (spec document 3, "Errors").
  INVALID_INVOICE_DATA: {
    status: 400,
    meaning: 'The document does not meet the e-invoice requirements (a supplier tax id or line tax code missing)',
    details: '[{ field, message, code? }]',
    origin: 'spec',
  },
  EINVOICE_VALIDATION_FAILED: {
    status: 422,
    meaning: 'The tax portal rejected the document; the envelope carries its governmentResponse',
    details:
      '[{ code, message, field, severity?, xpath? }] and error.governmentResponse { portal, errorCode, errorMessage, validationId, timestamp }',
    origin: 'spec',
  },
  EINVOICE_ALREADY_SUBMITTED: {
    status: 409,
    meaning: 'The e-invoice was submitted and accepted already',
    details: '[{ einvoiceId, status, submissionId, submittedAt }]',
    origin: 'spec',
  },
  EINVOICE_CANCELLATION_WINDOW_CLOSED: {
    status: 422,
    meaning: 'The portal allows cancellation only within 72 hours of acceptance',
    details: '[{ einvoiceId, status, acceptanceTime, cancellableUntil }]',
    origin: 'mock',
  },
  NOT_A_PURCHASE_DOCUMENT: {
    status: 400,
    meaning: 'Only a purchase invoice or a supplier credit or debit note becomes a self-billed document',
    details: '[{ field, serverDocType }]',
    origin: 'mock',
  },
  SUPPLIER_ENTITY_NOT_FILLED: {
    status: 400,
    meaning: "The document's supplier entity must be filled before self-billed conversion",
    details: ITEM,
    origin: 'mock',
  },
  DOCUMENT_ALREADY_SELF_BILLED: {
    status: 409,
    meaning: 'The document is a self-billed document already',
    details: '[{ field, docNumber }]',
    origin: 'mock',
  },
  TO_IRB_NOT_RESUBMITTABLE: {
    status: 409,
    meaning: 'Only a Pending or Invalid e-invoice record is saved and resubmitted',
    details: '[{ field: "toIrbHdrGuid", status }]',
    origin: 'mock',
  },
  POOL_DOC_ALREADY_PROCESSED: {
    status: 409,
    meaning: 'The pool document was submitted or consolidated already',
    details: '[{ field, toIrbHdrGuid }]',
    origin: 'mock',
  },
  INVALID_GUID_FORMAT: { status: 400, meaning: 'A guid of the data-management API is not a UUID', details: ITEM, origin: 'mock' },
  DUPLICATE_VALUE: {
    status: 400,
    meaning: 'A list of guids names one document twice',
    details: '[{ field, code: "DUPLICATE_VALUE" }]',
    origin: 'mock',
  },

  // Reports.
  INVALID_DATE_RANGE: {
    status: 400,
    meaning: 'The date range is invalid or too large',
    details: '[{ field, message, value, code? }]',
    origin: 'spec',
  },
  REPORT_GENERATION_TIMEOUT: {
    status: 422,
    meaning: 'The report needs more work than a synchronous request allows: use a smaller range, or run it asynchronously',
    details: '[{ reportType, work, limit, suggestion }]',
    origin: 'spec',
  },
  INSUFFICIENT_DATA: {
    status: 422,
    meaning: 'The books hold nothing the report could be computed from',
    details: '[{ message, ...facts }]',
    origin: 'spec',
  },
  INVALID_PARAMETERS: {
    status: 400,
    meaning: 'The report parameters break a rule',
    details: '[{ field, message, value? }]',
    origin: 'spec',
  },
  REPORT_NOT_FOUND: {
    status: 404,
    meaning: 'No saved report (or report job) with this id, or its report type is no longer offered',
    details: '[{ field, resource?, id }]',
    origin: 'spec',
  },
  FORMAT_NOT_SUPPORTED: {
    status: 400,
    meaning: 'The format is none of json, pdf, excel, csv',
    details: '[{ field: "format", message, value, constraint }]',
    origin: 'spec',
  },
  REPORT_LINK_EXPIRED: {
    status: 410,
    meaning: 'The report link expired; ask for the report to be sent again',
    details: '[{ field: "linkId", expiresAt }]',
    origin: 'mock',
  },
  BUDGET_NOT_FOUND: { status: 404, meaning: 'No budget with this id', details: NOT_FOUND, origin: 'mock' },

  // Batch operations.
  BATCH_JOB_NOT_FOUND: { status: 404, meaning: 'No asynchronous batch job with this id', details: NOT_FOUND, origin: 'mock' },
  BATCH_JOB_NOT_FINISHED: {
    status: 409,
    meaning: 'The batch job has not finished; its results are ready once it has',
    details: '[{ field: "jobId", jobId, status, processedRecords, totalRecords }]',
    origin: 'mock',
  },
  ROLLBACK_NOT_SUPPORTED: { status: 422, meaning: 'rollbackOnError cannot undo an asynchronous batch', details: ITEM, origin: 'mock' },
  OPERATION_NOT_ALLOWED: { status: 422, meaning: 'The record type does not take this operation in a batch', details: ITEM, origin: 'mock' },

  // Integrations.
  AUTH_FAILED: { status: 422, meaning: 'The upstream refused the integration credentials', details: ITEM, origin: 'spec' },
  INVALID_CREDENTIALS: { status: 400, meaning: "The credentials are not of the connector's shape", details: ITEM, origin: 'spec' },
  WEBHOOK_VERIFICATION_FAILED: {
    status: 400,
    meaning: "The upstream webhook's signature is missing or does not match",
    details: ITEM,
    origin: 'spec',
  },
  DATA_MAPPING_ERROR: {
    status: 422,
    meaning: 'A field mapping (or a record the mapping names) is wrong',
    details: '[{ field, message, code?, ... }]',
    origin: 'spec',
  },
  DUPLICATE_RECORD: { status: 409, meaning: 'The records were synced before', details: ITEM, origin: 'spec' },
  CONNECTOR_NOT_FOUND: { status: 404, meaning: 'No connector of the catalogue has this id', details: ITEM, origin: 'mock' },
  INTEGRATION_NOT_FOUND: { status: 404, meaning: 'No integration of this company has this id', details: ITEM, origin: 'mock' },
  SYNC_NOT_FOUND: { status: 404, meaning: 'No sync of this integration has this id', details: NOT_FOUND, origin: 'mock' },
  RETRY_LIMIT_REACHED: { status: 422, meaning: 'The sync was retried maxRetries times already', details: ITEM, origin: 'mock' },
  ORDER_NOT_SYNCED: {
    status: 422,
    meaning: 'A settlement names an order not in the books: sync the orders first',
    details: 'none',
    origin: 'mock',
  },

  // Platform: webhooks, OAuth sign-in, the data-management API's tenant surface.
  WEBHOOK_NOT_FOUND: { status: 404, meaning: 'No webhook subscription with this id', details: NOT_FOUND, origin: 'mock' },
  USER_NOT_FOUND: { status: 404, meaning: 'No sandbox user with this id, email or guid', details: NOT_FOUND, origin: 'mock' },
  CLIENT_VALIDATION_TENANT_CODE_IS_NULL: {
    status: 400,
    meaning: 'The tenant surface needs the X-Tenant-Code header',
    details: ITEM,
    origin: 'mock',
  },
  CLIENT_AUTH_ACCESS_KEY_NOT_OFFERED: {
    status: 401,
    meaning: 'An API key on the data-management API, where only a signed-in user is offered',
    details: '[{ field: "authorization", message, code }]',
    origin: 'mock',
  },

  // Audit trail (spec document 3, "Audit trail").
  CLIENT_AUTH_USER_NOT_AUTHORIZED: {
    status: 403,
    meaning: "The caller's permissions do not include the operation",
    details: '[{ field, message, required }]',
    origin: 'spec',
  },
  CLIENT_VALIDATION_GUIDDOESNOTEXIST: { status: 404, meaning: 'No record with this guid', details: ITEM, origin: 'spec' },
  CLIENT_VALIDATION_GUID_ALREADY_EXISTS: { status: 409, meaning: 'A record with this guid exists already', details: ITEM, origin: 'mock' },
  CLIENT_VALIDATION_REVISION_MISMATCH: {
    status: 409,
    meaning: 'The record changed since it was read: read it again and resend with its revision',
    details: '[{ code, field: "revision", message, value, current }]',
    origin: 'mock',
  },
  API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_GUID_IS_NULL: {
    status: 400,
    meaning: 'The guid is null and could not be defaulted (the first failed check names the code)',
    details: '[{ code, field, message }] for every failed check',
    origin: 'spec',
  },
  API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_STATUS_IS_NULL_OR_EMPTY: {
    status: 400,
    meaning: 'The status is null or empty',
    details: '[{ code, field, message }] for every failed check',
    origin: 'spec',
  },
  API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_REVISION_IS_NULL: {
    status: 400,
    meaning: 'The revision is null',
    details: '[{ code, field, message }] for every failed check',
    origin: 'spec',
  },
  API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_APPLET_GUID_DOES_NOT_EXISTS: {
    status: 400,
    meaning: 'applet_guid names no applet, or a DELETED one',
    details: '[{ code, field, message }] for every failed check',
    origin: 'spec',
  },
  API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_CREATED_BY_SUBJECT_GUID_DOES_NOT_EXIST: {
    status: 400,
    meaning: "The credential's subject is not a login subject",
    details: '[{ code, field, message }] for every failed check',
    origin: 'spec',
  },
  API_PLATFORM_DM_APPLET_AUDIT_TRAIL_OBJECT_STATUS_IS_RESPONSE_ONLY: {
    status: 400,
    meaning: 'PERMISSION_DENIED is a response-only status, never written',
    details: '[{ code, field, message }] for every failed check',
    origin: 'mock',
  },
} as const);

/** A code of the catalogue: what the service answers in `error.code`. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes answered with one of the statuses `S` (`ErrorCodeOf<404>`: `NOT_FOUND`, `CUSTOMER_NOT_FOUND`, ...). */
export type ErrorCodeOf<S extends number> = { [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never }[ErrorCode];

/**
 * Codes the SDK gives an error of its own, one no response carried (or a response without the envelope):
 * the service never answers them.
 */
export const CLIENT_ERROR_CODES = defineClientCodes({
  CONNECTION_ERROR: 'No response: DNS, a refused or reset connection, offline',
  TIMEOUT: 'No response within the timeout, on the last attempt',
  ABORTED: "The caller's signal aborted the call",
  CREDENTIAL_ERROR: 'The credential provider threw something that is not an Error',
  RESPONSE_VALIDATION_ERROR: "A response does not match the contract (validate: 'strict'), or a success body is not JSON",
  CONFIGURATION_ERROR: 'Client options that cannot work together; thrown before any request',
  INVALID_ARGUMENT: 'A method argument the SDK refuses before sending',
  NO_NEXT_PAGE: 'getNextPage() on the last page',
  BAD_REQUEST: 'A 400 whose body is not the failure envelope',
  SERVER_ERROR: 'A 5xx whose body is not the failure envelope and whose status has no code here',
  STREAM_CONNECT_FAILED: 'The stream could not connect',
  STREAM_PROTOCOL_ERROR: 'The stream server sent a message outside the protocol',
  STREAM_CLOSED: 'The stream was closed for good by the server',
  MALFORMED_MESSAGE: 'The stream server closed the link over a message it could not read (close code 4400)',
});

/** A code the SDK gives an error of its own. */
export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;
