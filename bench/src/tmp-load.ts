import { startServer } from './lib/server';
import { createScratchDb } from '@halcyon/test-kit';
import { benchEnv } from './lib/env';
import { runMoneyMoves } from './benchmarks/money';
import { load } from './lib/load';
import { Client } from 'pg';
import { writeFileSync } from 'node:fs';
async function main() {
  const db = await createScratchDb(benchEnv.pgAdminUrl, 'halcyon_cpu');
  const s = await startServer({ databaseUrl: db.url });
  try {
    const { investors } = await runMoneyMoves({ base: s.baseUrl, clients: 10, seconds: 5, users: 100, tag: 'cpu' });
    const c = new Client(db.url); await c.connect(); await c.query('VACUUM ANALYZE'); await c.end();
    writeFileSync('/tmp/load-ready', String(s.pid));
    const mode = process.env.MODE ?? 'read';
    const r = mode === 'read'
      ? await load({ url: s.baseUrl, connections: 10, duration: 20, requests: investors.map((inv) => ({ method: 'GET', path: '/api/user/profile', headers: { authorization: `Bearer ${inv.token}` } })) })
      : (await runMoneyMoves({ base: s.baseUrl, clients: 10, seconds: 20, users: 100, tag: 'cpu2' })).result;
    console.log(`${mode}: ${r.okPerSecond.toFixed(0)}/s codes ${JSON.stringify(r.statusCodes)}`);
  } finally { await s.stop(); await db.drop(); }
}
void main();
