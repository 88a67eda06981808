// CPU milliseconds per transfer of the server process, all PostgreSQL processes and the load
// generator, over a 15 s money-moves run: where a transfer's cost goes on this machine.
// `pnpm --filter ./bench run cpu-split` (Linux: reads /proc).
import { readFileSync, readdirSync } from 'node:fs';
import { startServer } from './lib/server';
import { createScratchDb } from '@halcyon/test-kit';
import { benchEnv } from './lib/env';
import { runMoneyMoves } from './benchmarks/money';

/** utime + stime of a process, in clock ticks (10 ms). */
const ticks = (pid: number): number => {
  try {
    const f = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0; // the process is gone
  }
};
const pgTicks = (): number =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres') ? sum + ticks(Number(d)) : sum;
      } catch {
        return sum;
      }
    }, 0);
(async () => {
  const db = await createScratchDb(benchEnv.pgAdminUrl, 'halcyon_cpu');
  const s = await startServer({ databaseUrl: db.url });
  let t0: number[] = [];
  try {
    const { result } = await runMoneyMoves({ base: s.baseUrl, clients: 10, seconds: 15, users: 20, tag: 'cpu', log: (l) => { if (l.includes('load:')) t0 = [ticks(s.pid), pgTicks(), ticks(process.pid)]; } });
    const t1 = [ticks(s.pid), pgTicks(), ticks(process.pid)];
    const ms = t1.map((v, i) => ((v - (t0[i] ?? 0)) * 10) / result.ok);
    console.log(`transfers ${result.ok} (${result.okPerSecond.toFixed(0)}/s); CPU ms per transfer: node server ${ms[0]?.toFixed(2)}, postgres ${ms[1]?.toFixed(2)}, load generator ${ms[2]?.toFixed(2)}`);
  } finally { await s.stop(); await db.drop(); }
})().catch((e) => { console.error(e); process.exit(1); });
