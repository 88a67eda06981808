// Gives the fault tests the server build and a PostgreSQL database: DATABASE_URL when the caller
// made one (pnpm test's `faults` step), else a scratch database on PG_ADMIN_URL, dropped in
// teardown. Without a reachable PostgreSQL the tests skip with a notice, except under CI=true.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { scratchDbOrSkip, type ScratchDb } from '@halcyon/test-kit';
import { repoRoot, serverMain } from '../src/lib/paths';

export interface BenchGlobals {
  __benchScratchDb?: ScratchDb;
}

export default async function globalSetup(): Promise<void> {
  if (!existsSync(serverMain)) {
    const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
    const r = spawnSync(pnpm[0] as string, [...pnpm.slice(1), '--filter', './server', 'run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('server build failed');
  }
  if (process.env.DATABASE_URL) return;
  const got = await scratchDbOrSkip('halcyon_faults', 'the fault tests');
  if ('skip' in got) {
    console.log(`\n${got.skip}`);
    process.env.BENCH_SKIP_FAULTS = got.skip;
    return;
  }
  process.env.DATABASE_URL = got.db.url;
  (globalThis as BenchGlobals).__benchScratchDb = got.db; // teardown runs in this same process
}
