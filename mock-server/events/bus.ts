import type { MockClock } from '../kernel/clock.js';
import type { CompanyContext } from '../store/context.js';
import type { Change, Row, Store } from '../store/index.js';

/** A domain event as webhooks and the stream deliver it: the record, as the API shows it, is `data`. */
export interface DomainEvent<T = unknown> {
  /** `evt_<sequence>`: increasing, so a stream client can ask for what it missed. */
  id: string;
  sequence: number;
  event: string;
  companyId: string;
  timestamp: string;
  data: T;
  requestId: string | null;
}

/** A committed change of a table whose rows are `R` (the store keeps one row type a table). */
export interface TableChange<R extends Row = Row> extends Change {
  before: R | null;
  after: R | null;
}

/**
 * Which committed change is which event. A module declares its rules beside its tables, so the bus,
 * webhooks and the stream need no code per module (ARCHITECTURE.md: everything reads the one write path).
 */
export interface EventRule<R extends Row = Row> {
  table: string;
  event: string;
  /** Default: on insert. `ctx` reads the company's books as the commit left them. */
  when?(change: TableChange<R>, ctx: CompanyContext): boolean;
  /** The record as the API shows it (default: the stored row). */
  present?(change: TableChange<R>, ctx: CompanyContext): unknown;
  /** Derived only while someone wants the event (a listener of its name, or a demand), as it is costly to compute. */
  onDemand?: boolean;
}

/** The rule of a table whose rows are `R`, so its `when` and `present` read typed rows: `tableRule<InvoiceRow>({ table: INVOICES, ... })`. */
export const tableRule = <R extends Row>(rule: EventRule<R>): EventRule => rule;

/** Whether a consumer (an open stream subscription) wants `event` of `companyId` now. */
export type EventDemand = (event: string, companyId: string) => boolean;

export const onInsert = (change: Change) => change.before === null && change.after !== null;
export const onUpdate = (change: Change) => change.before !== null && change.after !== null;
/** An update that moved `field` from another value to one of `values` (any value when omitted). */
export const onFieldChange =
  <R extends Row>(field: keyof R & string, values?: readonly unknown[]) =>
  (change: TableChange<R>): boolean => {
    if (!change.before || !change.after) return false;
    const from = change.before[field];
    const to = change.after[field];
    return from !== to && (values === undefined || values.includes(to));
  };

type Listener = (event: DomainEvent) => void;

/** `evt_<sequence>`, zero-padded so that ids sort as their sequence does. */
export const eventIdOf = (sequence: number): string => `evt_${String(sequence).padStart(10, '0')}`;

/** Publishes domain events derived from the store's committed changes; keeps a bounded history. */
export class DomainEventBus {
  /** The most recent events, oldest first (at most `historyLimit`). */
  readonly history: DomainEvent[] = [];
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #rules = new Map<string, EventRule[]>();
  readonly #demands = new Set<EventDemand>();
  #sequence = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: MockClock,
    rules: readonly EventRule[],
    readonly historyLimit = 1000,
  ) {
    for (const rule of rules) {
      const list = this.#rules.get(rule.table) ?? [];
      list.push(rule);
      this.#rules.set(rule.table, list);
    }
    store.onCommit((changes) => this.#onCommit(changes));
  }

  /** Listens to one event name, or `*` for all; returns the unsubscribe function. */
  on(event: string, listener: Listener): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Registers who wants on-demand events (`EventRule.onDemand`); returns the function that withdraws it. */
  demand(demand: EventDemand): () => void {
    this.#demands.add(demand);
    return () => this.#demands.delete(demand);
  }

  /** Whether an on-demand event would reach anyone: a listener of its name (not `*`), or a demand. */
  wanted(event: string, companyId: string): boolean {
    if ((this.#listeners.get(event)?.size ?? 0) > 0) return true;
    for (const demand of this.#demands) if (demand(event, companyId)) return true;
    return false;
  }

  /** Sequence number of the newest event published (0: none yet); it survives `clear()`. */
  get lastSequence(): number {
    return this.#sequence;
  }

  /** Id of the newest event published (`evt_0000000000` when none): a stream's resume point before its first event. */
  get lastEventId(): string {
    return eventIdOf(this.#sequence);
  }

  /**
   * Publishes an event that no store change carries (`report.generated`, `kpi.updates`, a test's
   * burst): it gets the next id, enters the history and reaches every listener, like derived events.
   */
  publish<T>(input: { event: string; companyId: string; data: T; timestamp?: string; requestId?: string | null }): DomainEvent<T> {
    if (typeof input?.event !== 'string' || input.event === '') throw new TypeError('events.publish() needs an event name');
    if (typeof input.companyId !== 'string' || input.companyId === '') throw new TypeError('events.publish() needs a companyId');
    const sequence = ++this.#sequence;
    const event: DomainEvent<T> = {
      id: eventIdOf(sequence),
      sequence,
      event: input.event,
      companyId: input.companyId,
      timestamp: input.timestamp ?? this.clock.iso(),
      data: input.data,
      requestId: input.requestId ?? null,
    };
    this.#deliver([event]);
    return event;
  }

  /** Events published after `sequence` (for a stream's resume), oldest first. */
  since(sequence: number): DomainEvent[] {
    return this.history.filter((e) => e.sequence > sequence);
  }

  /** The history as it stands, for a snapshot of the service; restored, sequence numbers still go on (MOCK-28). */
  snapshotState(): readonly DomainEvent[] {
    return [...this.history];
  }

  restoreState(history: readonly DomainEvent[]): void {
    this.history.length = 0;
    this.history.push(...history);
  }

  /** The history and the sequence a data folder kept (MOCK-44): a stream client resumes across the restart, and ids go on. */
  load(history: readonly DomainEvent[], sequence: number): void {
    this.restoreState(history.slice(-this.historyLimit));
    this.#sequence = Math.max(sequence, history.at(-1)?.sequence ?? 0);
  }

  /** Forgets the history (on `mock.reset()`); sequence numbers keep increasing. */
  clear(): void {
    this.history.length = 0;
  }

  #onCommit(changes: Change[]): void {
    if (this.#rules.size === 0) return;
    const events: DomainEvent[] = [];
    for (const change of changes) {
      if (change.internal) continue;
      for (const rule of this.#rules.get(change.table) ?? []) {
        if (rule.onDemand && !this.wanted(rule.event, change.companyId)) continue;
        const ctx: CompanyContext = { store: this.store, clock: this.clock, companyId: change.companyId };
        if (!(rule.when ?? onInsert)(change, ctx)) continue;
        const sequence = ++this.#sequence;
        events.push({
          id: eventIdOf(sequence),
          sequence,
          event: rule.event,
          companyId: change.companyId,
          timestamp: change.at,
          data: rule.present ? rule.present(change, ctx) : (change.after ?? change.before),
          requestId: change.requestId,
        });
      }
    }
    this.#deliver(events);
  }

  /** Records events in the history, then hands each to its listeners, in order. */
  #deliver(events: DomainEvent[]): void {
    for (const event of events) {
      this.history.push(event);
      if (this.history.length > this.historyLimit) this.history.shift();
      for (const key of [event.event, '*']) {
        for (const listener of this.#listeners.get(key) ?? []) {
          // A listener's failure (a test's assertion, a webhook bug) must not undo or fail the write.
          try {
            listener(event);
          } catch (error) {
            console.error(`acs-mock: a listener of ${event.event} threw`, error);
          }
        }
      }
    }
  }
}
