import type { Exchange } from './exchange.js';
import { describeExchange } from './checks.js';

/** Statuses seen, by endpoint and property kind (printed by the long run). */
export class FuzzStats {
  readonly byEndpoint = new Map<string, Map<number, number>>();
  readonly byKind = new Map<string, number>();
  /** The first answer of 500 or more per endpoint. */
  readonly serverErrors = new Map<string, string>();
  cases = 0;

  record(endpointId: string, kind: string, status: number, x?: Exchange): void {
    this.cases++;
    if (status >= 500 && x && !this.serverErrors.has(endpointId)) this.serverErrors.set(endpointId, `${kind}: ${describeExchange(x)}`);
    let statuses = this.byEndpoint.get(endpointId);
    if (!statuses) this.byEndpoint.set(endpointId, (statuses = new Map()));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
  }

  totals(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const statuses of this.byEndpoint.values()) for (const [status, n] of statuses) out[status] = (out[status] ?? 0) + n;
    return out;
  }

  toJSON(): unknown {
    return {
      endpoints: this.byEndpoint.size,
      cases: this.cases,
      statuses: this.totals(),
      byKind: Object.fromEntries(this.byKind),
      serverErrors: Object.fromEntries(this.serverErrors),
      byEndpoint: Object.fromEntries([...this.byEndpoint].map(([id, s]) => [id, Object.fromEntries(s)])),
    };
  }
}
