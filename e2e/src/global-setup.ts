// Starts the product exactly as the README does (`pnpm start` at the repo root: it builds what is
// missing, then serves shell, remotes and API on one port) on a fresh database, and waits until
// GET /api/health answers 200. E2E_BASE_URL skips all this and targets a product already running.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';
import { repoRoot, resultsDir, writeRunInfo } from './run-info';

const STARTUP_LIMIT_MS = 6 * 60_000; // first run builds four packages on two cores

export default async function globalSetup(): Promise<void> {
  const adminEmail = process.env.E2E_ADMIN_EMAIL ?? 'root-admin@halcyon.test';
  const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'Root-admin-pass-1';
  const databaseUrl = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
  const database = databaseUrl ? 'postgresql' : 'pglite';
  if (process.env.E2E_BASE_URL) {
    writeRunInfo({ baseUrl: process.env.E2E_BASE_URL.replace(/\/$/, ''), adminEmail, adminPassword, database });
    return;
  }

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'halcyon-e2e-'));
  mkdirSync(resultsDir, { recursive: true });
  const log = createWriteStream(join(resultsDir, 'server.log'));
  const [cmd, args] = pnpmCommand(['start']);
  // The README runs `pnpm start` in a plain shell: do not leak jest's NODE_ENV=test into it.
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_ENV;
  const child = spawn(cmd, args, {
    cwd: repoRoot,
    detached: true, // own process group, so teardown stops pnpm, node and anything they spawned
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: join(dataDir, 'data'),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      DATABASE_URL: databaseUrl,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  (globalThis as Record<string, unknown>).__halcyonServer = { pid: child.pid, dataDir };

  const baseUrl = `http://127.0.0.1:${port}`;
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? 1;
  });
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`pnpm start exited with ${exited}; see e2e/results/server.log`);
    if (await healthy(baseUrl)) {
      writeRunInfo({ baseUrl, adminEmail, adminPassword, database });
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${STARTUP_LIMIT_MS / 1000}s; see e2e/results/server.log`);
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The pnpm that runs us (npm_execpath), else the README's `npx -y pnpm@10.34.9`. */
function pnpmCommand(args: string[]): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath?.includes('pnpm')) return [process.execPath, [execPath, ...args]];
  return ['npx', ['-y', 'pnpm@10.34.9', ...args]];
}
