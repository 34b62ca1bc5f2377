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
  isAcsError,
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
export type { AuthorizeQuery, AuthorizeRedirect, TokenRequest, TokenResponse, OAuthErrorBody } from './contract/index.js';
export {
  WEBHOOK_EVENTS,
  type WebhookEventName,
  type WebhookListQuery,
  type WebhookSubscribe,
  type WebhookSubscription,
  type WebhookUpdate,
} from './contract/index.js';
export { BULK_LIMITS, type BulkResult, type BulkItemError } from './contract/bulk.js';

export type {
  Account,
  AccountBalance,
  AccountCategory,
  AccountCreate,
  AccountLedger,
  AccountType,
  AccountUpdate,
  AuthVerification,
  Company,
  DeletedRecord,
  ErrorDetail,
  FilterCondition,
  FilterOperator,
  JournalEntry,
  JournalEntryCreate,
  JournalEntryLine,
  JournalEntryLineCreate,
  JournalEntryStatus,
  JournalEntryVoid,
  LedgerLine,
  CursorPagination,
  OffsetPagination,
  PageNumberPagination,
} from './contract/index.js';

// Customers, contacts, the item catalogue and tax codes.
export type {
  Contact,
  ContactCreate,
  ContactUpdate,
  Customer,
  CustomerContact,
  CustomerCreate,
  CustomerListQuery,
  CustomerStatus,
  CustomerType,
  CustomerUpdate,
  Item,
  ItemAccounting,
  ItemCreate,
  ItemImage,
  ItemInventory,
  ItemListQuery,
  ItemPricing,
  ItemTax,
  ItemType,
  ItemUpdate,
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
  InvoiceCancel,
  InvoiceCreate,
  InvoiceLine,
  InvoiceSend,
  InvoiceStatus,
  InvoiceUpdate,
  Payment,
  PaymentCreate,
  PaymentMethod,
  PaymentStatus,
  Quote,
  QuoteCreate,
  QuoteSend,
  QuoteStatus,
  SalesFunnel,
  SalesOrder,
  SalesOrderConvert,
  SalesOrderCreate,
  SalesOrderLine,
  SalesOrderLineCreate,
  SalesOrderPriority,
  SalesOrderStatus,
  SalesOrderStatusChange,
  SalesOrderUpdate,
} from './contract/index.js';

// The WebSocket stream of `acs.stream()`; the whole API (errors, options, AcsStream for use without the client) is in acs-sdk/stream.
export type { AcsStream, AnyStreamEvent, StreamChannel, StreamEvent, StreamMethod, StreamOptions } from './stream/index.js';
