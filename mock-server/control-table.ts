import { z } from 'zod';
import { ClockRangeError } from './kernel/clock.js';
import { ServiceError, validationError } from './kernel/errors.js';
import { boundText } from './kernel/echo.js';
import { SNAPSHOT_MAX_NAMED, SNAPSHOT_NAME, type MockSnapshot } from './service-snapshots.js';
import { HttpFaultOptions, wholeNumber } from './kernel/faults.js';
import { filterOfQuery, JOURNAL_PAGE_DEFAULT, RequestsQuery } from './kernel/journal-filter.js';
import { WebhookFaultSchema } from './events/webhook-delivery.js';
import type { MockService } from './service.js';
import { controlIndex, controlIndexPage, prefersHtml } from './control-index.js';
import { Answer, Page, type Control } from './control-types.js';
import { DASHBOARD_CONTROLS } from './control-dashboard.js';

export { Answer, FileAnswer, Page, type Control, type ControlCall } from './control-types.js';

/** Bounds of the numeric control inputs: a clock jump of at most 10,000 years in any unit, counts a test can use (a fault's beside its schema: kernel/faults.ts, events/webhook-delivery.ts). */
const YEARS_10K_MS = 10_000 * 365.25 * 86_400_000;
const CONTROL_LIMITS = {
  days: YEARS_10K_MS / 86_400_000,
  hours: YEARS_10K_MS / 3_600_000,
  minutes: YEARS_10K_MS / 60_000,
  seconds: YEARS_10K_MS / 1000,
  afterEvents: 1_000_000,
} as const;

const span = (max: number) => z.number().min(-max).max(max).optional();
const Advance = z.strictObject({
  days: span(CONTROL_LIMITS.days),
  hours: span(CONTROL_LIMITS.hours),
  minutes: span(CONTROL_LIMITS.minutes),
  seconds: span(CONTROL_LIMITS.seconds),
});
const SetClock = z.strictObject({ now: z.iso.datetime({ offset: true }) });
const WebhookFail = WebhookFaultSchema.strict();
const SignIn = z.strictObject({ user: z.string().min(1).max(200) });
const SnapshotName = z.strictObject({ name: z.string().regex(SNAPSHOT_NAME, "1 to 64 letters, digits, '.', '_' or '-'") });
const ExportQuery = z.strictObject({ company: z.string().min(1).max(100).optional() });
const StreamFault = z.strictObject({ afterEvents: wholeNumber(0, CONTROL_LIMITS.afterEvents).optional() });

/** Every control, by `METHOD path`; each returns its `data` (or an `Answer`), or a promise of it (MOCK-21). */
export const CONTROLS: Record<string, Control> = {
  'GET /__mock': {
    does: 'this index of every control (HTML when the request prefers text/html)',
    run: ({ req }) => {
      const index = controlIndex(CONTROLS);
      return prefersHtml(req.headers.get('accept')) ? new Page(controlIndexPage(index)) : index;
    },
  },
  'POST /__mock/reset': {
    does: 'back to the seed: data, faults, idempotency keys, rate windows, webhook journal; the clock stays',
    run: ({ mock }) => {
      mock.reset();
      return { reset: true };
    },
  },
  'GET /__mock/clock': {
    does: 'the mock clock: { now }',
    run: ({ mock }) => ({ now: mock.clock.iso() }),
  },
  'POST /__mock/clock/advance': {
    does: 'moves the clock by { days, hours, minutes, seconds }',
    run: ({ mock, body }) => {
      const by = body(Advance, 'clock advance');
      return { now: moveClock(() => mock.clock.advance(by), by).toISOString() };
    },
  },
  'POST /__mock/clock/set': {
    does: 'puts the clock at { now }, an ISO datetime',
    run: ({ mock, body }) => {
      const { now } = body(SetClock, 'clock setting');
      return { now: moveClock(() => mock.clock.set(now), now).toISOString() };
    },
  },
  'GET /__mock/faults': {
    does: 'the request faults still armed',
    run: ({ mock }) => mock.faults.list().map(describeFault),
  },
  'POST /__mock/faults': {
    does: 'arms a request fault (the faults.inject options)',
    run: ({ mock, body }) => new Answer(describeFault(mock.faults.inject(body(HttpFaultOptions, 'fault'))), 201),
  },
  'DELETE /__mock/faults': {
    does: 'disarms every request fault',
    run: ({ mock }) => {
      const cleared = mock.faults.list().length;
      mock.faults.clear();
      return { cleared };
    },
  },
  'GET /__mock/outbox': {
    does: 'every message the mock "sent" (quotes, invoices), oldest first',
    run: ({ mock }) => mock.outbox,
  },
  'GET /__mock/webhooks/deliveries': {
    does: 'the webhook delivery journal, oldest first',
    run: ({ mock }) => mock.webhooks.deliveries,
  },
  'GET /__mock/webhooks/scheduled': {
    does: 'webhook deliveries waiting for a retry',
    run: ({ mock }) => mock.webhooks.scheduled,
  },
  'POST /__mock/webhooks/flush': {
    does: 'sends the retries due by the mock clock, waits until none is in flight',
    run: async ({ mock }) => {
      await mock.webhooks.flush();
      return { deliveries: mock.webhooks.deliveries.length, scheduled: mock.webhooks.scheduled.length };
    },
  },
  'GET /__mock/webhooks/faults': {
    does: 'the webhook faults still armed',
    run: ({ mock }) => mock.webhooks.faults,
  },
  'POST /__mock/webhooks/faults': {
    does: 'the next { times } deliveries fail with { status } or a refused connection',
    run: ({ mock, body }) => new Answer(mock.webhooks.fail(body(WebhookFail, 'webhook fault')), 201),
  },
  'DELETE /__mock/webhooks/faults': {
    does: 'disarms every webhook fault',
    run: ({ mock }) => {
      const cleared = mock.webhooks.faults.length;
      mock.webhooks.clearFaults();
      return { cleared };
    },
  },
  // A seeded user's access token without the browser round trip (the data-management API serves signed-in users).
  'POST /__mock/sign-in': {
    does: "a seeded { user }'s access token, for the data-management API",
    run: ({ mock, body }) => ({ accessToken: mock.signIn(body(SignIn, 'sign-in').user), tokenType: 'Bearer' }),
  },
  'GET /__mock/requests': {
    does: 'the request journal, newest first; filters method, path, status, company, since; limit, cursor',
    run: ({ mock, query }) => {
      const checked = query(RequestsQuery, 'request journal query');
      const { data, pagination } = mock.requests.page(filterOfQuery(checked), checked.limit ?? JOURNAL_PAGE_DEFAULT, cursorOf(checked));
      return new Answer(data, 200, pagination);
    },
  },
  'DELETE /__mock/requests': {
    does: 'empties the request journal',
    run: ({ mock }) => {
      const cleared = mock.requests.count();
      mock.requests.clear();
      return { cleared };
    },
  },
  'GET /__mock/snapshots': {
    does: 'the snapshots kept by name, each with the mock-clock time it holds',
    run: ({ mock }) => mock.snapshots.list(),
  },
  'POST /__mock/snapshots': {
    does: 'takes a snapshot of the whole service and keeps it under { name } (201)',
    run: ({ mock, body }) => {
      const { name } = body(SnapshotName, 'snapshot');
      if (!mock.snapshots.get(name) && mock.snapshots.list().length >= SNAPSHOT_MAX_NAMED) {
        throw new ServiceError('CONFLICT', `At most ${SNAPSHOT_MAX_NAMED} snapshots are kept; delete one first`, [
          { field: 'name', code: 'MAX_VALUE', constraint: SNAPSHOT_MAX_NAMED },
        ]);
      }
      return new Answer(mock.snapshot(name), 201);
    },
  },
  'POST /__mock/snapshots/{name}/restore': {
    does: 'puts the whole service back where the snapshot {name} was, clock included',
    run: ({ mock, params }) => mock.restore(keptSnapshot(mock, params.name)),
  },
  'DELETE /__mock/snapshots/{name}': {
    does: 'forgets the snapshot {name}',
    run: ({ mock, params }) => {
      keptSnapshot(mock, params.name);
      return { deleted: mock.snapshots.delete(params.name) };
    },
  },
  'GET /__mock/export': {
    does: 'the current state of every company, or of ?company=, as a fixture that --fixture loads (MOCK-34)',
    run: ({ mock, query }) => mock.export(query(ExportQuery, 'export query').company),
  },
  'GET /__mock/stream': {
    does: 'open stream connections',
    run: ({ mock }) => ({ connections: mock.stream.connections }),
  },
  'POST /__mock/stream/drop': {
    does: 'cuts every open stream connection after { afterEvents } more events',
    run: ({ mock, body }) => ({ armed: mock.stream.drop(body(StreamFault, 'stream fault')) }),
  },
  'POST /__mock/stream/stall': {
    does: 'lets every open stream connection go silent after { afterEvents } more events',
    run: ({ mock, body }) => ({ armed: mock.stream.stall(body(StreamFault, 'stream fault')) }),
  },
  // The dashboard and what it reads beyond the controls above (MOCK-37, MOCK-38).
  ...DASHBOARD_CONTROLS,
};

/** A clock move, with one the clock refuses (past the years it can write) answered as 422 on the body. */
function moveClock(move: () => Date, value: unknown): Date {
  try {
    return move();
  } catch (error) {
    if (!(error instanceof ClockRangeError)) throw error;
    throw validationError([{ field: 'body', code: 'DATE_CONSTRAINT', message: error.message, value }], 'The clock cannot move there');
  }
}

/** The snapshot kept under `name`; a 404 when there is none. */
function keptSnapshot(mock: MockService, name: string): MockSnapshot {
  const snapshot = mock.snapshots.get(name);
  if (!snapshot)
    throw new ServiceError('NOT_FOUND', `No snapshot ${boundText(JSON.stringify(name))}`, [
      { resource: 'snapshot', id: boundText(name), field: 'name' },
    ]);
  return snapshot;
}

/** The page's cursor: the sequence of the last entry the previous page gave. */
const cursorOf = (query: RequestsQuery): number | undefined => (query.cursor === undefined ? undefined : Number(query.cursor));

function describeFault(fault: { id: number; remaining: number; options: object }) {
  return { id: fault.id, remaining: Number.isFinite(fault.remaining) ? fault.remaining : null, ...fault.options };
}
