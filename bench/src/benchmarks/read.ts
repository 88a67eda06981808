// Read path: GET /api/user/profile (figures derived from the ledger) against Fastify plus one
// `SELECT 1` (and, as context, a bare Fastify hello-world) started in the same run, same
// connections and duration. The profile and the one-query baseline run in alternation, so a
// machine that drifts (a shared VM) moves both sides of each pair alike.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { load, type LoadResult } from '../lib/load';
import { freePort } from '@halcyon/test-kit';
import type { Investor } from '../lib/fixtures';
import { median } from './pgbench';

interface ReadPair {
  profile: LoadResult;
  helloDb: LoadResult;
}

export interface ReadResult {
  pairs: ReadPair[];
  hello: LoadResult;
  /** Median over the pairs of profile ÷ one-query baseline. */
  perQuery: number;
  /** Median profile req/s ÷ hello-world req/s (context). */
  perHello: number;
}

interface Hello {
  url: string;
  stop(): void;
}

/** The baseline server (hello-server.mjs): `/hello`, and `/hello-db` when given a database. */
async function startHello(dbUrl?: string): Promise<Hello> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HELLO_DB_URL: dbUrl ?? '' };
  const child: ChildProcess = fork(join(__dirname, 'hello-server.mjs'), [], { env, stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`hello server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/${dbUrl ? 'hello-db' : 'hello'}`, stop: () => child.kill('SIGKILL') };
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

export async function runReadPath(o: { base: string; investors: Investor[]; clients: number; seconds: number; rounds: number; dbUrl: string }): Promise<ReadResult> {
  const helloDb = await startHello(o.dbUrl);
  const pairs: ReadPair[] = [];
  try {
    for (let i = 0; i < o.rounds; i++) {
      const profile = await runProfileReads(o.base, o.investors, o.clients, o.seconds);
      pairs.push({ profile, helloDb: await load({ url: helloDb.url, connections: o.clients, duration: o.seconds }) });
    }
  } finally {
    helloDb.stop();
  }
  const bare = await startHello();
  let hello: LoadResult;
  try {
    hello = await load({ url: bare.url, connections: o.clients, duration: o.seconds });
  } finally {
    bare.stop();
  }
  return {
    pairs,
    hello,
    perQuery: median(pairs.map((p) => p.profile.okPerSecond / p.helloDb.okPerSecond)),
    perHello: median(pairs.map((p) => p.profile.okPerSecond)) / hello.okPerSecond,
  };
}
