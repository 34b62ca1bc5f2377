/** The stages of a request the router can time, in the order it runs them. */
export const STAGES = ['match', 'admission', 'body', 'validation', 'store', 'check', 'serialise', 'headers', 'transaction'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * Milliseconds spent per stage, summed over requests; the router fills one only when a bench sets
 * `router.stageProfile` (the request path pays a null check otherwise).
 */
export class StageProfile {
  readonly totals: Record<Stage, number> = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  requests = 0;

  /** Adds the time since `since` to `stage`; returns now, the start of the next stage. */
  lap(stage: Stage, since: number): number {
    const at = performance.now();
    this.totals[stage] += at - since;
    return at;
  }

  reset(): void {
    for (const s of STAGES) this.totals[s] = 0;
    this.requests = 0;
  }
}
