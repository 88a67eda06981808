// Issue 29 item 2: open dashboards following GET /api/user/live on one server process. What 10,000
// open streams cost the process (memory, CPU while idle) and what they do to the time from an
// admin's decision to the investor's page hearing of it, against one open stream in the same run.
import { get, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { createDeposit, type Investor } from '../lib/fixtures';
import { liveEventReader } from '@halcyon/api-client/contract';
import { expectApi } from '@halcyon/test-kit';
import { pool } from '../lib/http';

export interface LiveStreams {
  /** Resolves at the investor's next `change` event: ms since `since`. */
  nextChange(uid: string, since: number): Promise<number>;
  close(): void;
  open: number;
}

/** Opens `perInvestor` streams for each investor, `concurrency` at a time, each on its own socket. */
export async function openStreams(base: string, investors: readonly Investor[], perInvestor: number, concurrency = 200): Promise<LiveStreams> {
  const requests: ClientRequest[] = [];
  const waiters = new Map<string, Array<() => void>>();
  const jobs = investors.flatMap((inv) => Array.from({ length: perInvestor }, () => inv));
  await pool(jobs, concurrency, (inv) => openOne(base, inv, requests, waiters));
  return {
    open: requests.length,
    nextChange: (uid, since) =>
      new Promise((resolve) => {
        const list = waiters.get(uid) ?? [];
        list.push(() => resolve(performance.now() - since));
        waiters.set(uid, list);
      }),
    close: () => {
      for (const r of requests) r.destroy();
    },
  };
}

function openOne(base: string, inv: Investor, requests: ClientRequest[], waiters: Map<string, Array<() => void>>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = get(`${base}/api/user/live`, { agent: false, headers: { authorization: `Bearer ${inv.token}` } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/user/live answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on(
        'data',
        liveEventReader((event) => {
          if (event === 'ready') resolve();
          if (event === 'change') {
            // The first of the investor's streams to hear it answers the waiter.
            const list = waiters.get(inv.uid);
            waiters.delete(inv.uid);
            for (const w of list ?? []) w();
          }
        }),
      );
    });
    req.on('error', reject);
    requests.push(req);
  });
}

/** ms from each approval's request to its investor's `change` event, one decision at a time. */
export async function decisionLatencies(base: string, adminToken: string, streams: LiveStreams, investors: readonly Investor[]): Promise<number[]> {
  const deposits = await pool(investors, 4, (inv) => createDeposit(base, inv, 'bitcoin', 50));
  const out: number[] = [];
  for (const [i, dep] of deposits.entries()) {
    const inv = investors[i] as Investor;
    const start = performance.now();
    const heard = streams.nextChange(inv.uid, start);
    await expectApi(base, 'PATCH', `/admin/deposits/${dep.id}/bitcoin/approve`, 200, { token: adminToken });
    out.push(await heard);
  }
  return out;
}

/** The server process's resident memory (MB) and CPU time so far (s), from /proc. */
export function processUsage(pid: number): { rssMb: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: rssKb / 1024, cpuSeconds: ticks / 100 };
}
