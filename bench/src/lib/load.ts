// autocannon, promisified, with the figures the benchmarks report.
import autocannon from 'autocannon';

export interface LoadResult {
  /** 2xx answers per second over the measured window */
  okPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  p50ms: number;
  p99ms: number;
  statusCodes: Record<string, number>;
}

function summarize(r: autocannon.Result): LoadResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = (stat as { count: number }).count;
  return {
    okPerSecond: r['2xx'] / r.duration,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    seconds: r.duration,
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    statusCodes,
  };
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon(options);
  return summarize(result);
}
