import type { z } from 'zod';
import { ServiceError } from './kernel/errors.js';
import { envelopeHeaders, failureBody, successBody } from './kernel/envelope.js';
import type { MockRequest, MockResponse } from './kernel/request.js';
import { checkBodySize, parseJsonBody } from './kernel/body.js';
import { parseOrRefuse } from './kernel/validation.js';
import type { MockService } from './service.js';
import { Answer, CONTROLS, FileAnswer, Page, type Control } from './control-table.js';
import { boundText } from './kernel/echo.js';
import { safeDecode } from './kernel/match.js';

/** Path prefix of the control endpoints of the standalone server. */
export const CONTROL_PREFIX = '/__mock';
export const CONTROL_TOKEN_HEADER = 'x-mock-control-token';

export interface ControlOptions {
  /** When set, every control call must carry it in `X-Mock-Control-Token` (a non-loopback host). */
  token: string | null;
  /** The call comes from a browser page whose origin the CORS policy does not allow: refused. */
  foreignPage?: boolean;
}

/** Whether a path is one of the controls' (`/__mock` and below). */
const isControlPath = (pathname: string): boolean =>
  pathname.startsWith(CONTROL_PREFIX) && (pathname.length === CONTROL_PREFIX.length || pathname[CONTROL_PREFIX.length] === '/');

/** The control routes, `METHOD path` (docs/guides/testing-with-the-mock.md lists them). */
export const CONTROL_ROUTES: readonly string[] = Object.keys(CONTROLS);

/** The controls whose path has a `{param}` (`/__mock/snapshots/{name}`), as patterns. */
const TEMPLATED = CONTROL_ROUTES.filter((route) => route.includes('{')).map((route) => ({
  route,
  names: [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
  pattern: new RegExp(`^${route.replace(/\{\w+\}/g, '([^/]+)')}$`),
}));

/** The control of `METHOD path`, and the values of its `{param}`s. */
function findControl(route: string): { control: Control; params: Record<string, string> } | null {
  if (Object.hasOwn(CONTROLS, route)) return { control: CONTROLS[route], params: {} };
  for (const { route: template, names, pattern } of TEMPLATED) {
    const values = pattern.exec(route);
    if (values)
      return { control: CONTROLS[template], params: Object.fromEntries(names.map((name, i) => [name, safeDecode(values[i + 1])])) };
  }
  return null;
}

/**
 * The mock's own controls over HTTP, for a client in another process (a test in any language): reset,
 * the clock, request faults, webhook deliveries and faults, the stream's faults and the outbox.
 * Returns null, at once, for any path outside `/__mock`.
 */
export function handleControl(req: MockRequest, mock: MockService, options: ControlOptions): Promise<MockResponse> | null {
  return isControlPath(req.pathname) ? runControl(req, mock, options) : null;
}

async function runControl(req: MockRequest, mock: MockService, options: ControlOptions): Promise<MockResponse> {
  const requestId = mock.store.ids.next('req', 20);
  const method = req.method.toUpperCase() === 'HEAD' ? 'GET' : req.method.toUpperCase();
  const route = `${method} ${req.pathname.replace(/\/$/, '')}`;
  try {
    if (options.foreignPage) {
      throw new ServiceError(
        'FORBIDDEN',
        'Mock controls refuse pages of origins outside the CORS policy; allow one with acs-mock --cors <origin>',
      );
    }
    if (options.token !== null && req.headers.get(CONTROL_TOKEN_HEADER) !== options.token) {
      throw new ServiceError('FORBIDDEN', 'Mock controls need the X-Mock-Control-Token printed when the server started');
    }
    const found = findControl(route);
    if (!found)
      throw new ServiceError('NOT_FOUND', `No mock control ${boundText(route)}`, [
        { resource: 'control', id: req.pathname, field: 'path' },
      ]);
    const { control, params } = found;
    const json = readBody(req);
    const body = <S extends z.ZodType>(schema: S, what: string) => parseOrRefuse(schema, json ?? {}, json, 'body', what);
    const query = <S extends z.ZodType>(schema: S, what: string) => {
      const values = queryValues(req.search);
      return parseOrRefuse(schema, values, values, 'query', what);
    };
    const result = await control.run({ req, mock, json, body, query, params });
    if (result instanceof Page)
      return {
        status: 200,
        headers: { ...envelopeHeaders(requestId), 'Content-Type': 'text/html; charset=utf-8', ...result.headers },
        body: result.html,
      };
    if (result instanceof FileAnswer) return fileResponse(result, requestId);
    return result instanceof Answer ? answer(result, requestId, mock) : answer(new Answer(result, 200), requestId, mock);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return {
      status: error.status,
      headers: envelopeHeaders(requestId),
      body: failureBody(error, requestId, mock.clock.iso()),
    };
  }
}

function answer({ data, status, pagination }: Answer, requestId: string, mock: MockService): MockResponse {
  return {
    status,
    headers: envelopeHeaders(requestId),
    body: successBody(data, requestId, mock.clock.iso(), pagination),
  };
}

/** A file shown in the browser (`inline`), under its name. */
function fileResponse(file: FileAnswer, requestId: string): MockResponse {
  const headers = { ...envelopeHeaders(requestId), 'Content-Type': file.contentType };
  return { status: 200, headers: { ...headers, 'Content-Disposition': `inline; filename="${file.filename}"` }, body: file.bytes };
}

/** The query's parameters; one sent twice is an array, which a control's schema of strings refuses. */
function queryValues(search: string): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = values[name];
    values[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return values;
}

/** A control's JSON body, read as the API reads one (size, nesting, syntax). */
function readBody(req: MockRequest): unknown {
  return checkBodySize(req) ? parseJsonBody(req.bodyText!) : undefined;
}
