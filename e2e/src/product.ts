// Starts the product exactly as the README does (`pnpm start` at the repo root: it builds what
// is missing, then serves shell, remotes and API on one port) on a fresh database, and waits
// until GET /api/health answers 200.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';
import { repoRoot, resultsDir } from './run-info';

const STARTUP_LIMIT_MS = 6 * 60_000; // a first run builds four packages on two cores

export interface Product { baseUrl: string; pid: number; dataDir: string }

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'root-admin@halcyon.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Root-admin-pass-1',
};

export async function startProduct(options: { name: string; databaseUrl?: string; env?: Record<string, string> }): Promise<Product> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'halcyon-e2e-'));
  mkdirSync(resultsDir, { recursive: true });
  const log = createWriteStream(join(resultsDir, `${options.name}.log`));
  // The README runs `pnpm start` in a plain shell: do not leak jest's NODE_ENV=test into it.
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_ENV;
  const [cmd, args] = pnpmCommand(['start']);
  const child = spawn(cmd, args, {
    cwd: repoRoot,
    detached: true, // own process group: stopping it stops pnpm, node and whatever they spawned
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: join(dataDir, 'data'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: options.databaseUrl ?? '',
      // Journeys register and log in far more often per minute than a person; the limits
      // themselves are covered by the server suite.
      RATE_LIMIT_LOGIN: '0',
      RATE_LIMIT_REGISTER: '0',
      RATE_LIMIT_RESET: '0',
      ...options.env,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const pid = child.pid;
  if (!pid) throw new Error('could not spawn pnpm start');
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? 1;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`pnpm start exited with ${exited}; see e2e/results/${options.name}.log`);
    if (await healthy(baseUrl)) return { baseUrl, pid, dataDir };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stopProduct({ baseUrl, pid, dataDir });
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${STARTUP_LIMIT_MS / 1000}s; see e2e/results/${options.name}.log`);
}

/** Stops the process group and removes its temporary data folder. */
export async function stopProduct(product: Product): Promise<void> {
  if (signal(product.pid, 'SIGTERM')) {
    // The server closes its database on SIGTERM; give it a moment before forcing.
    for (let i = 0; i < 40 && signal(product.pid, 0); i++) await new Promise((r) => setTimeout(r, 250));
    signal(product.pid, 'SIGKILL');
  }
  rmSync(product.dataDir, { recursive: true, force: true });
}

function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, sig);
    return true;
  } catch {
    return false;
  }
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
