// Read path: GET /api/user/profile (figures derived from the ledger) against a bare Fastify
// hello-world started in the same run, same connections and duration.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { load, type LoadResult } from '../lib/load';
import { freePort } from '@halcyon/test-kit';
import type { Investor } from '../lib/fixtures';

export interface ReadResult {
  profile: LoadResult;
  hello: LoadResult;
  /** hello-world plus one `SELECT 1` round trip, when a database URL was given */
  helloDb?: LoadResult;
  ratio: number;
}

async function runHello(clients: number, seconds: number, dbUrl?: string): Promise<LoadResult> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HELLO_DB_URL: dbUrl ?? '' };
  const child = fork(join(__dirname, 'hello-server.mjs'), [], { env, stdio: 'ignore' });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`hello server exited with ${code}`)));
    });
    return await load({ url: `http://127.0.0.1:${port}/${dbUrl ? 'hello-db' : 'hello'}`, connections: clients, duration: seconds });
  } finally {
    child.kill('SIGKILL');
  }
}

async function runProfileReads(base: string, investors: Investor[], clients: number, seconds: number): Promise<LoadResult> {
  // One fixed request per investor, which every connection cycles through: autocannon builds each
  // once, as it builds the baselines' one request, so the load generator's own cost per request is
  // the same on both sides of the ratio (a setupRequest per request cost it ~70 µs of CPU each).
  return load({
    url: base,
    connections: clients,
    duration: seconds,
    requests: investors.map((inv) => ({ method: 'GET', path: '/api/user/profile', headers: { authorization: `Bearer ${inv.token}` } })),
  });
}

export async function runReadPath(base: string, investors: Investor[], clients: number, seconds: number, dbUrl?: string): Promise<ReadResult> {
  const profile = await runProfileReads(base, investors, clients, seconds);
  const hello = await runHello(clients, seconds);
  const helloDb = dbUrl ? await runHello(clients, seconds, dbUrl) : undefined;
  return { profile, hello, ...(helloDb ? { helloDb } : {}), ratio: profile.okPerSecond / hello.okPerSecond };
}
