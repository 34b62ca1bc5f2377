import type { z } from 'zod';
import type { MockRequest } from './kernel/request.js';
import type { MockService } from './service.js';

/** What a control's code is given: the request, the service and readers of its body, path and query. */
export interface ControlCall {
  req: MockRequest;
  mock: MockService;
  /** The JSON body as sent (undefined when there is none). */
  json: unknown;
  /** The JSON body checked with `schema` (an absent body is `{}`); a 422 when it does not fit. */
  body<S extends z.ZodType>(schema: S, what: string): z.output<S>;
  /** The values of the path's `{param}`s (`/__mock/snapshots/{name}/restore`). */
  params: Record<string, string>;
  /** The query string's parameters checked with `schema`; a 422 when they do not fit (a repeated one among them). */
  query<S extends z.ZodType>(schema: S, what: string): z.output<S>;
}
type Run = (call: ControlCall) => unknown;
/** One control: what it does in one line (the index at `GET /__mock` shows it), and the code. */
export interface Control {
  does: string;
  run: Run;
}
/** A page for a browser, instead of the envelope, with headers of its own (a security policy). */
export class Page {
  constructor(
    readonly html: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** A file's bytes (a sent message's PDF), instead of the envelope. */
export class FileAnswer {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
    readonly filename: string,
  ) {}
}

/** A control's answer with a status other than 200, or a list's page. */
export class Answer {
  constructor(
    readonly data: unknown,
    readonly status: number,
    /** A list's `pagination` beside its `data` (spec document 1, "Pagination"). */
    readonly pagination?: unknown,
  ) {}
}
