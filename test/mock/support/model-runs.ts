/**
 * Runs and seed of the books' model-based tests. A fixed seed by default, so that their counts of the
 * operations each run exercised (a model that never allocates proves nothing) do not depend on chance;
 * `MODEL_SEED=random` draws a fresh one, `MODEL_RUNS` raises the runs.
 */
export function modelRuns(defaultRuns: number): { numRuns: number; seed?: number } {
  const runs = Number(process.env.MODEL_RUNS ?? defaultRuns);
  const seed = process.env.MODEL_SEED;
  return seed === 'random' ? { numRuns: runs } : { numRuns: runs, seed: Number(seed ?? 20261201) };
}
