// Baseline: pgbench's built-in TPC-B-like workload on a scratch database of the same server.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDb } from '@halcyon/test-kit';

const run = promisify(execFile);

export interface PgbenchResult {
  /** tps of each run (without initial connection time) */
  runs: number[];
  median: number;
  scale: number;
  clients: number;
  seconds: number;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Parses "tps = 1234.56 (without initial connection time)" from pgbench's report. */
export function parseTps(output: string): number {
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!m?.[1]) throw new Error(`no tps in pgbench output:\n${output}`);
  return Number(m[1]);
}

/** pgbench on its own scratch database, initialized once, for runs interleaved with other loads. */
export interface PgbenchSession {
  scale: number;
  /** One run of `seconds`: its tps. */
  run(seconds: number): Promise<number>;
  close(): Promise<void>;
}

export async function openPgbench(opts: { adminUrl: string; clients: number }): Promise<PgbenchSession> {
  // TPC-B's rule: the scale (branches) is at least the client count, else clients queue on rows.
  const scale = opts.clients;
  await run('pgbench', ['--version']).catch((error: unknown) => {
    throw new Error('pgbench is not on the PATH (Debian: apt-get install postgresql-client)', { cause: error });
  });
  const db = await createScratchDb(opts.adminUrl, 'halcyon_pgbench');
  try {
    await run('pgbench', ['-i', '-q', '-s', String(scale), db.url], { maxBuffer: 1 << 24 });
  } catch (error) {
    await db.drop();
    throw error;
  }
  return {
    scale,
    async run(seconds) {
      const { stdout } = await run('pgbench', ['-c', String(opts.clients), '-j', '2', '-T', String(seconds), db.url], { maxBuffer: 1 << 24 });
      return parseTps(stdout);
    },
    close: () => db.drop(),
  };
}

export async function runPgbench(opts: { adminUrl: string; clients: number; seconds: number; repeats: number }): Promise<PgbenchResult> {
  const session = await openPgbench(opts);
  try {
    const runs: number[] = [];
    for (let i = 0; i < opts.repeats; i++) runs.push(await session.run(opts.seconds));
    return { runs, median: median(runs), scale: session.scale, clients: opts.clients, seconds: opts.seconds };
  } finally {
    await session.close();
  }
}
