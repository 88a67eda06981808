// Starts the production build (server/dist/main.js) as a child process, the way it is deployed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';
import { repoRoot, serverMain } from './paths';

export const BENCH_ADMIN = { email: 'bench-admin@halcyon.test', password: 'bench-admin-password-1' };
/** Fixed so that tokens stay valid across a restart (the crash test relies on it). */
const TOKEN_SECRET = 'bench-token-secret-0123456789abcdef0123456789';

export interface ServerOptions {
  /** PostgreSQL URL; without it the server runs on PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
}

export interface ServerHandle {
  base: string;
  port: number;
  pid: number;
  logFile: string;
  dataDir: string;
  options: ServerOptions;
  /** SIGTERM and wait; `kill()` is the crash: SIGKILL without any chance to clean up. */
  stop(): Promise<void>;
  kill(): Promise<void>;
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));

export async function waitForHealth(base: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${base} not healthy within ${timeoutMs} ms`);
}

export async function startServer(options: ServerOptions = {}): Promise<ServerHandle> {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`pnpm --filter ./server run build\` first`);
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'halcyon-bench-data-'));
  const logFile = join(tmpdir(), `halcyon-bench-server-${port}-${Date.now()}.log`);
  const log = createWriteStream(logFile);
  // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', to profile the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverMain], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      TOKEN_SECRET,
      STATIC_ROOT: repoRoot,
      // Setup registers and logs in many investors from one address: the auth rate limits would
      // answer 429 to the benchmark, not to an attacker.
      RATE_LIMIT_LOGIN: '0',
      RATE_LIMIT_REGISTER: '0',
      RATE_LIMIT_RESET: '0',
      ...options.env,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, 90_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message} (log: ${logFile})`, { cause: error });
  }
  return {
    base,
    port,
    pid: child.pid ?? 0,
    logFile,
    dataDir,
    options: { ...options, dataDir, port },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

/** Starts the same server again (same port, database and data folder), e.g. after a crash. */
export function restartServer(previous: ServerHandle, env?: Record<string, string>): Promise<ServerHandle> {
  return startServer({ ...previous.options, env: { ...previous.options.env, ...env } });
}
