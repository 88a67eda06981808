// temp: alternate profile reads and hello-db baseline, print per-pair ratios
import { readFileSync, readdirSync } from 'node:fs';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { startServer } from './lib/server';
import { createScratchDb, freePort } from '@halcyon/test-kit';
import { benchEnv } from './lib/env';
import { runMoneyMoves } from './benchmarks/money';
import { load } from './lib/load';
const ticks = (pid: number): number => { try { const f = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' '); return Number(f[11]) + Number(f[12]); } catch { return 0; } };
async function main() {
  const db = await createScratchDb(benchEnv.pgAdminUrl, 'halcyon_ab');
  const s = await startServer({ databaseUrl: db.url, env: process.env.EXTRA_ENV ? JSON.parse(process.env.EXTRA_ENV) : undefined });
  const port = await freePort();
  const child = fork(join(__dirname, 'benchmarks/hello-server.mjs'), [], { env: { ...process.env, PORT: String(port), HELLO_DB_URL: db.url }, stdio: 'ignore' });
  await new Promise((r) => child.once('message', r));
  try {
    const { investors } = await runMoneyMoves({ base: s.baseUrl, clients: 10, seconds: 5, users: 100, tag: 'ab' });
    const c = new Client({ connectionString: db.url }); await c.connect(); await c.query('VACUUM ANALYZE'); await c.end();
    const reqs = investors.map((inv) => ({ method: 'GET' as const, path: process.env.RPATH ?? '/api/user/profile', headers: { authorization: `Bearer ${inv.token}` } }));
    const secs = Number(process.env.SECS ?? 5);
    const ratios: number[] = [];
    for (let i = 0; i < Number(process.env.ROUNDS ?? 4); i++) {
      const n0 = ticks(s.pid);
      const r = await load({ url: s.baseUrl, connections: 10, duration: secs, requests: reqs });
      const nodeUs = ((ticks(s.pid) - n0) * 10000) / r.ok;
      const h = await load({ url: `http://127.0.0.1:${port}/hello-db`, connections: 10, duration: secs });
      ratios.push(r.okPerSecond / h.okPerSecond);
      console.log(`profile ${r.okPerSecond.toFixed(0)}/s (node ${nodeUs.toFixed(0)} µs, non2xx ${r.non2xx}) hello-db ${h.okPerSecond.toFixed(0)}/s ratio ${(r.okPerSecond / h.okPerSecond).toFixed(3)}`);
    }
    ratios.sort(); console.log('median ratio', ratios[Math.floor(ratios.length / 2)]?.toFixed(3));
  } finally { child.kill('SIGKILL'); await s.stop(); await db.drop(); }
}
void main();
