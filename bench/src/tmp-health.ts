import { readFileSync, readdirSync } from 'node:fs';
import { startServer } from './lib/server';
import { createScratchDb } from '@halcyon/test-kit';
import { benchEnv } from './lib/env';
import { load } from './lib/load';
import { registerInvestors } from './lib/fixtures';
const ticks = (pid: number): number => { try { const f = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' '); return Number(f[11]) + Number(f[12]); } catch { return 0; } };
const pgTicks = (): number => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).reduce((sum, d) => { try { return readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres') ? sum + ticks(Number(d)) : sum; } catch { return sum; } }, 0);
async function main() {
  const db = await createScratchDb(benchEnv.pgAdminUrl, 'halcyon_cpu');
  const s = await startServer({ databaseUrl: db.url });
  try {
    const investors = await registerInvestors(s.baseUrl, 100, 'h');
    const all: Array<[string, Parameters<typeof load>[0]['requests']]> = [
      ['health', [{ method: 'GET', path: '/api/health' }]],
      ['profile', investors.map((inv) => ({ method: 'GET' as const, path: '/api/user/profile', headers: { authorization: `Bearer ${inv.token}` } }))],
    ];
    const cases = all.filter(([n]) => !process.env.ONLY || process.env.ONLY === n);
    for (const [name, requests] of cases) {
      const t0 = [ticks(s.pid), pgTicks(), ticks(process.pid)];
      const r = await load({ url: s.baseUrl, connections: 10, duration: 8, requests });
      const t1 = [ticks(s.pid), pgTicks(), ticks(process.pid)];
      const us = t1.map((v, i) => ((v - (t0[i] ?? 0)) * 10000) / r.ok);
      console.log(`${name}: ${r.okPerSecond.toFixed(0)}/s codes ${JSON.stringify(r.statusCodes)}; CPU µs per request: node ${us[0]?.toFixed(0)}, postgres ${us[1]?.toFixed(0)}, loadgen ${us[2]?.toFixed(0)}`);
    }
  } finally { await s.stop(); await db.drop(); }
}
void main();
