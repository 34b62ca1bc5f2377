import type { MockClock } from './clock.js';
import type { Store } from '../store/index.js';

/** What a domain function works on: the store, the clock and the company the request acts for. */
export interface CompanyContext {
  store: Store;
  clock: MockClock;
  companyId: string;
}
