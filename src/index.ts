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
export type { LogLevel, Logger } from './core/logger.js';
export type { ValidateMode } from './core/envelope.js';
export type { SdkMethod, ListQuery, MethodArgs } from './core/method.js';
export { Accounts, Auth, CompanyResource, JournalEntries, Bulk } from './resources/index.js';
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
