/**
 * acs-sdk: TypeScript client of the Accounting and Commerce Service.
 * @packageDocumentation
 */
import { AcsClient } from './client.js';

export { AcsClient };
export default AcsClient;
export type { ClientOptions } from './core/options.js';
export { VERSION } from './version.js';
export { ENVIRONMENTS, type Environment, type EnvironmentUrls } from './core/environments.js';

export {
  AcsError,
  InvalidRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  ValidationError,
  BusinessRuleError,
  RateLimitError,
  ServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseValidationError,
  ConfigurationError,
  InvalidArgumentError,
  type ErrorDetails,
  type ResponseIssue,
} from './core/errors.js';

export { ApiPromise, type ApiResponse } from './core/api-promise.js';
export { Page, CursorPage, OffsetPage, PageNumberPage, PagePromise, type ToArrayOptions } from './core/pagination.js';
export type { RequestOptions, HeadersInput } from './core/request-options.js';
export type { RateLimit } from './core/rate-limit.js';
export type { LogLevel, Logger, LevelledLogger } from './core/logger.js';
export type { ValidateMode } from './core/envelope.js';
export type { SdkMethod, ListQuery, MethodArgs } from './core/method.js';
export { Accounts, Auth, CompanyResource, JournalEntries, Bulk } from './resources/index.js';
export { Customers, CustomerContacts, Items, TaxCodes } from './resources/index.js';
export { SalesOrders, Quotes, Invoices, InvoicePayments, Analytics } from './resources/index.js';
export { Webhooks } from './resources/index.js';
export { OAuth } from './resources/index.js';
export type { AccessTokenProvider } from './core/options.js';
export type { OAuthAuthorizeParams, AuthorizeRedirect, OAuthTokenParams, TokenResponse, OAuthErrorBody } from './contract/index.js';
export {
  WEBHOOK_EVENTS,
  type WebhookEventName,
  type WebhookListParams,
  type WebhookSubscribeParams,
  type WebhookSubscription,
  type WebhookUpdateParams,
} from './contract/index.js';
export { BULK_LIMITS, type BulkResult, type BulkItemError } from './contract/bulk/bulk.js';

export type {
  Account,
  AccountBalance,
  AccountCategory,
  AccountCreateParams,
  AccountLedger,
  AccountType,
  AccountUpdateParams,
  AuthVerification,
  Company,
  DeletedRecord,
  ErrorDetail,
  FilterCondition,
  FilterOperator,
  JournalEntry,
  JournalEntryCreateParams,
  JournalEntryLine,
  JournalEntryLineCreate,
  JournalEntryStatus,
  JournalEntryVoidParams,
  LedgerLine,
  CursorPagination,
  OffsetPagination,
  PageNumberPagination,
} from './contract/index.js';

// Customers, contacts, the item catalogue and tax codes.
export type {
  Contact,
  ContactCreateParams,
  ContactUpdateParams,
  Customer,
  CustomerContact,
  CustomerCreateParams,
  CustomerListParams,
  CustomerStatus,
  CustomerType,
  CustomerUpdateParams,
  Item,
  ItemAccounting,
  ItemCreateParams,
  ItemImage,
  ItemInventory,
  ItemListParams,
  ItemPricing,
  ItemTax,
  ItemType,
  ItemUpdateParams,
  ItemVariant,
  PostalAddress,
  TaxCode,
} from './contract/index.js';

// Sales documents: sales orders, quotes, invoices, payments, the customer summary and the sales funnel.
export type {
  CustomerRef,
  CustomerSummary,
  DocumentLine,
  DocumentLineCreate,
  Invoice,
  InvoiceCancelParams,
  InvoiceCreateParams,
  InvoiceLine,
  InvoiceSendParams,
  InvoiceStatus,
  InvoiceUpdateParams,
  Payment,
  PaymentCreateParams,
  PaymentMethod,
  PaymentStatus,
  Quote,
  QuoteCreateParams,
  QuoteSendParams,
  QuoteStatus,
  SalesFunnel,
  SalesOrder,
  SalesOrderConvertToInvoiceParams,
  SalesOrderCreateParams,
  SalesOrderLine,
  SalesOrderLineCreate,
  SalesOrderPriority,
  SalesOrderStatus,
  SalesOrderUpdateParams,
  SalesOrderUpdateStatusParams,
} from './contract/index.js';

// The WebSocket stream of `acs.stream()`; the whole API (errors, options, AcsStream for use without the client) is in acs-sdk/stream.
export type { AcsStream, AnyStreamEvent, StreamChannel, StreamEvent, StreamMethod, StreamOptions } from './stream/index.js';
