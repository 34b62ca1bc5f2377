import { z } from 'zod';
import { wholeNumber } from '../kernel/faults.js';

/** Options of `mock.webhooks.fail()`. */
export interface WebhookFaultOptions {
  /** How many attempts fail, the next ones first (default 1). */
  times?: number;
  /** The status those attempts get (300 to 599) without reaching the receiver; absent: a refused connection. */
  status?: number;
}

/** An armed webhook fault, as `mock.webhooks.faults` lists it. */
export interface WebhookFault {
  readonly remaining: number;
  readonly status: number | null;
}

/** Most attempts one `fail()` arms. */
export const WEBHOOK_FAULT_MAX_TIMES = 10_000;

/** What `fail()` accepts, checked here and by `POST /__mock/webhooks/faults` (controls.ts). */
export const WebhookFaultSchema = z.object({
  times: wholeNumber(1, WEBHOOK_FAULT_MAX_TIMES).optional(),
  status: wholeNumber(300, 599).optional(),
});
