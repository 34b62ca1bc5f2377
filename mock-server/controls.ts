import { z } from 'zod';
import { ClockRangeError } from './kernel/clock.js';
import { ServiceError, validationError } from './kernel/errors.js';
import { FaultOptions } from './kernel/faults.js';
import { failureBody, successBody } from './kernel/envelope.js';
import type { MockRequest, MockResponse } from './kernel/request.js';
import { parseOrRefuse } from './kernel/validation.js';
import type { MockService } from './service.js';

/** Path prefix of the control endpoints of the standalone server. */
export const CONTROL_PREFIX = '/__mock';
export const CONTROL_TOKEN_HEADER = 'x-mock-control-token';

const finite = z.number().refine(Number.isFinite, { message: 'a finite number' }).optional();
const Advance = z.strictObject({ days: finite, hours: finite, minutes: finite, seconds: finite });
const SetClock = z.strictObject({ now: z.iso.datetime({ offset: true }) });

export interface ControlOptions {
  /** When set, every control call must carry it in `X-Mock-Control-Token` (a non-loopback host). */
  token: string | null;
}

/**
 * The mock's own controls over HTTP, for a client in another process: `POST /__mock/reset`,
 * `GET /__mock/clock`, `POST /__mock/clock/advance`, `POST /__mock/clock/set`, `GET|POST|DELETE
 * /__mock/faults`. Returns null for any other path.
 */
export function handleControl(req: MockRequest, mock: MockService, options: ControlOptions): MockResponse | null {
  if (req.pathname !== CONTROL_PREFIX && !req.pathname.startsWith(`${CONTROL_PREFIX}/`)) return null;
  const requestId = mock.store.ids.next('req', 20);
  const method = req.method.toUpperCase();
  const route = `${method} ${req.pathname.replace(/\/$/, '')}`;
  try {
    if (options.token !== null && req.headers.get(CONTROL_TOKEN_HEADER) !== options.token) {
      throw new ServiceError(403, 'FORBIDDEN', 'Mock controls need the X-Mock-Control-Token printed when the server started');
    }
    const body = () => jsonBody(req);
    switch (route) {
      case 'POST /__mock/reset':
        mock.reset();
        return ok({ reset: true }, requestId, mock);
      case 'GET /__mock/clock':
        return ok({ now: mock.clock.iso() }, requestId, mock);
      case 'POST /__mock/clock/advance': {
        const by = parseOrRefuse(Advance, body() ?? {}, body(), 'body', 'clock advance');
        return ok({ now: moveClock(() => mock.clock.advance(by), by).toISOString() }, requestId, mock);
      }
      case 'POST /__mock/clock/set': {
        const { now } = parseOrRefuse(SetClock, body() ?? {}, body(), 'body', 'clock setting');
        return ok({ now: moveClock(() => mock.clock.set(now), now).toISOString() }, requestId, mock);
      }
      case 'GET /__mock/faults':
        return ok(mock.faults.list().map(describeFault), requestId, mock);
      case 'POST /__mock/faults': {
        const fault = mock.faults.inject(parseOrRefuse(FaultOptions, body() ?? {}, body(), 'body', 'fault'));
        return ok(describeFault(fault), requestId, mock, 201);
      }
      case 'DELETE /__mock/faults': {
        const cleared = mock.faults.list().length;
        mock.faults.clear();
        return ok({ cleared }, requestId, mock);
      }
      default:
        throw new ServiceError(404, 'NOT_FOUND', `No mock control ${route}`, [{ resource: 'control', id: req.pathname, field: 'path' }]);
    }
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return {
      status: error.status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Request-ID': requestId },
      body: failureBody(error, requestId, mock.clock.iso()),
    };
  }
}

/** A clock move, with one the clock refuses (past the years it can write) answered as 422 on the body. */
function moveClock(move: () => Date, value: unknown): Date {
  try {
    return move();
  } catch (error) {
    if (!(error instanceof ClockRangeError)) throw error;
    throw validationError([{ field: 'body', code: 'DATE_CONSTRAINT', message: error.message, value }], 'The clock cannot move there');
  }
}

function ok(data: unknown, requestId: string, mock: MockService, status = 200): MockResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Request-ID': requestId },
    body: successBody(data, requestId, mock.clock.iso()),
  };
}

function jsonBody(req: MockRequest): unknown {
  if (!req.bodyText) return undefined;
  try {
    return JSON.parse(req.bodyText);
  } catch {
    throw new ServiceError(400, 'INVALID_REQUEST', 'The request body is not valid JSON', [{ field: 'body', code: 'INVALID_FORMAT' }]);
  }
}

function describeFault(fault: { id: number; remaining: number; options: object }) {
  return { id: fault.id, remaining: Number.isFinite(fault.remaining) ? fault.remaining : null, ...fault.options };
}
