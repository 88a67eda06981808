// Starts the whole product (API + built frontends on one port) as a child process on a free port
// with its own data folder or PostgreSQL database, waits for GET /api/health = 200, stops it.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS_OFF, SPAM_LIMITS_OFF } from './limits-off';
import { freePort } from './ports';

const repoRoot = join(__dirname, '..', '..');
const builtMain = join(repoRoot, 'server', 'dist', 'main.js');

export interface ProductOptions {
  /**
   * `built`: `node server/dist/main.js` in production mode, as deployed (it must be built).
   * `pnpm-start`: `pnpm start` at the root, as the README runs it (it builds what is stale).
   */
  launch: 'built' | 'pnpm-start';
  /** The bootstrap admin (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin: { email: string; password: string };
  /** PostgreSQL URL; without it the product runs on PGlite in `dataDir`. */
  databaseUrl?: string;
  /** DATA_DIR; default: a new temp folder, deleted by `stop()`. */
  dataDir?: string;
  port?: number;
  /** Server output goes here; default: a file in the temp folder. */
  logFile?: string;
  /** Extra or overriding environment of the server. */
  env?: Record<string, string>;
  startupTimeoutMs?: number;
  /** `built` only: Node flags (e.g. --cpu-prof) and another bundle to run. */
  nodeArgs?: string[];
  serverMain?: string;
}

export interface Product {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  port: number;
  /** The child's pid, leader of its own process group (`built`: the server itself). */
  pid: number;
  dataDir: string;
  logFile: string;
  /** The options it runs with, port and data folder filled in: `restartProduct` reuses them. */
  options: ProductOptions & { dataDir: string; port: number };
  /** SIGTERM to the process group, SIGKILL after 10 s; deletes the data folder it created. */
  stop(): Promise<void>;
  /** The crash: SIGKILL without any chance to clean up; the data folder stays for a restart. */
  kill(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signals the whole group (pnpm, node and whatever they spawned); false when it is gone. */
function signalGroup(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, sig);
    return true;
  } catch {
    return false;
  }
}

async function groupGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (signalGroup(pid, 0)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false; // not listening yet
  }
}

/** The pnpm that runs us (npm_execpath), else the README's `npx -y pnpm@10.34.9`. */
function pnpmCommand(args: string[]): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath?.includes('pnpm')) return [process.execPath, [execPath, ...args]];
  return ['npx', ['-y', 'pnpm@10.34.9', ...args]];
}

function command(options: ProductOptions): [string, string[]] {
  if (options.launch === 'pnpm-start') return pnpmCommand(['start']);
  const main = options.serverMain ?? builtMain;
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`pnpm --filter ./server run build\` first`);
  return [process.execPath, [...(options.nodeArgs ?? []), main]];
}

export async function startProduct(options: ProductOptions): Promise<Product> {
  return launch(options, options.dataDir === undefined);
}

/** The same product again (same port, database and data folder), e.g. after `kill()`. */
export function restartProduct(previous: Product, env?: Record<string, string>): Promise<Product> {
  return launch({ ...previous.options, env: { ...previous.options.env, ...env } }, false);
}

async function launch(options: ProductOptions, ownsDataDir: boolean): Promise<Product> {
  const [cmd, args] = command(options);
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'halcyon-product-'));
  const logFile = options.logFile ?? join(tmpdir(), `halcyon-product-${port}-${Date.now()}.log`);
  const log = createWriteStream(logFile);
  // `pnpm start` is what a person types in a plain shell: jest's NODE_ENV=test must not leak in.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.NODE_ENV;
  const child = spawn(cmd, args, {
    cwd: repoRoot,
    detached: true, // own process group: stopping it stops everything it spawned
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      ...(options.launch === 'built' ? { NODE_ENV: 'production' } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      STATIC_ROOT: repoRoot,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      ...LIMITS_OFF,
      ...SPAM_LIMITS_OFF,
      ...options.env,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const pid = child.pid;
  if (!pid) throw new Error(`could not spawn ${cmd}`);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? 1;
      resolve();
    }),
  );

  const product: Product = {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid,
    dataDir,
    logFile,
    options: { ...options, dataDir, port },
    async stop() {
      if (signalGroup(pid, 'SIGTERM') && !(await groupGone(pid, 10_000))) signalGroup(pid, 'SIGKILL');
      await exited;
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      signalGroup(pid, 'SIGKILL');
      await exited;
      await groupGone(pid, 10_000);
    },
  };

  const timeoutMs = options.startupTimeoutMs ?? 90_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      await product.stop();
      throw new Error(`the product exited with ${String(exitCode)} before it was ready; see ${logFile}`);
    }
    if (await healthy(product.baseUrl)) return product;
    await sleep(250);
  }
  await product.stop();
  throw new Error(`GET ${product.baseUrl}/api/health did not answer 200 within ${timeoutMs / 1000} s; see ${logFile}`);
}
