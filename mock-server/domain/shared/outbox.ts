import type { CompanyContext } from '../../store/context.js';
import { GLOBAL, type Store } from '../../store/index.js';

/** A message the sandbox "sent" (quotes, invoices, reminders): nothing leaves the machine; tests read `mock.outbox`. */
export interface OutboxMessage {
  id: string;
  companyId: string;
  /** What was sent: `invoice`, `quote`, `reminder`, ... */
  kind: string;
  documentId: string;
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  attachPDF: boolean;
  sentAt: string;
  /** Files sent with it (a report's PDF, REP-87): made when first read, since the file writers are asynchronous. */
  attachments?: OutboxAttachment[];
}

/** A file of a sent message: `await attachment.bytes()` gives its content (the same bytes on every call). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  bytes(): Promise<Uint8Array>;
}

export const OUTBOX = 'outbox';

export function defineOutboxTable(store: Store): void {
  store.defineTable(OUTBOX, { prefix: 'msg', indexes: ['documentId'] });
}

/** Records a sent message through the write path, so a refused send leaves no message and reset clears them. */
export function recordOutboxMessage(ctx: CompanyContext, message: Omit<OutboxMessage, 'id' | 'companyId' | 'sentAt'>): OutboxMessage {
  const table = ctx.store.table<OutboxMessage>(GLOBAL, OUTBOX);
  return table.insert({ id: table.newId(), companyId: ctx.companyId, sentAt: ctx.clock.iso(), ...message });
}

/** Every message sent so far, oldest first. */
export const readOutbox = (store: Store): OutboxMessage[] => store.table<OutboxMessage>(GLOBAL, OUTBOX).all();
