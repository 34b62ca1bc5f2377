/**
 * acs-sdk: TypeScript client of the Accounting and Commerce Service.
 * @packageDocumentation
 * @module acs-sdk
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
  type AcsErrorCode,
  type ServiceCodeOf,
  type ErrorDetails,
  type GovernmentResponse,
  type ResponseIssue,
} from './core/errors.js';

export { ApiPromise, type ApiResponse } from './core/api-promise.js';
export { Page, CursorPage, OffsetPage, PageNumberPage, PagePromise, type ToArrayOptions } from './core/pagination.js';
export type { RequestOptions, HeadersInput } from './core/request-options.js';
export type { RateLimit } from './core/rate-limit.js';
export type { LogLevel, Logger, LevelledLogger } from './core/logger.js';
export type { ResponseContract, ValidateMode, ValidateOptions } from './core/validation.js';
export {
  Resource,
  type Method,
  type ListMethod,
  type FileMethod,
  type DownloadQuery,
  type SdkMethod,
  type MethodCore,
} from './core/resource.js';
export { ReportFile, type FileFormat } from './core/report-file.js';
export type {
  Route,
  ListRoute,
  FileRoute,
  SocketRoute,
  PagingForm,
  HttpMethod,
  ApiFamily,
  RouteList,
  RequestContentType,
} from './core/route.js';
export type { FilterCondition, FilterKind, FilterOperator, FilterOperatorsByKind } from './core/filters.js';
export * from './resources/index.js';
export type { AccessTokenProvider } from './core/options.js';
// The catalogue's types only: its data (ERROR_CODES, CLIENT_ERROR_CODES) is in acs-sdk/contract, outside the SDK's bundle.
export type { ClientErrorCode, ErrorCode, ErrorCodeEntry, ErrorCodeOf } from './contract/errors.js';
export { WEBHOOK_EVENTS, type WebhookEventName } from './contract/platform/webhook-events.js';
export { BULK_LIMITS } from './contract/bulk/limits.js';

// Every record, request body, query and list item of the API, by name (generated from the contract: src/generated).
export type * from './generated/types.js';
export type { CursorPagination, OffsetPagination, PageNumberPagination, ErrorDetail } from './generated/index.js';
// The three shapes of `error.details` most codes share (PLAT-47).
export type { ValidationErrorItem, NotFoundDetail, StateRuleDetail } from './generated/index.js';

// The WebSocket stream of `acs.stream()`; the whole API (errors, options, AcsStream for use without the client) is in acs-sdk/stream.
export type { AcsStream, AnyStreamEvent, StreamChannel, StreamEvent, StreamMethod, StreamOptions } from './stream/index.js';
