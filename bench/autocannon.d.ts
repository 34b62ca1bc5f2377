declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    duration?: number;
    connections?: number;
    pipelining?: number;
    method?: string;
    body?: string;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; average: number };
    non2xx: number;
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
