// The node processes: where their binaries are, how they are tied to our process, how they end.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The Anvil binary of the installed `@foundry-rs/anvil` (its per-platform optional package). */
export function anvilPath(): string {
  const fromAnvil = createRequire(require.resolve('@foundry-rs/anvil/package.json'));
  const platform = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  const binary = join(dirname(fromAnvil.resolve(`${platform}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: reinstall @foundry-rs/anvil`);
  return binary;
}

/**
 * The litecoind binary: Debian's real one (its /usr/bin/litecoind is a shell wrapper that first
 * writes ~/.litecoin/litecoin.conf, for the default datadir we never use), else `litecoind` on PATH.
 */
export function litecoindPath(): string | undefined {
  const debian = '/usr/lib/litecoin/litecoind';
  if (existsSync(debian)) return debian;
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    const candidate = join(dir, 'litecoind');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

const SETPRIV = '/usr/bin/setpriv';

/**
 * The command that runs `cmd` so that it dies with the process that spawns it, even when that
 * process is killed with SIGKILL (jest killed, a terminal closed): util-linux's `setpriv
 * --pdeathsig SIGKILL` sets the kernel's parent-death signal and execs `cmd` (same pid). Without
 * setpriv (not Linux), `cmd` as is: then only the `exit` handler of `startChainNodes` stops it.
 */
export function tiedCommand(cmd: string, args: readonly string[]): [string, string[]] {
  if (process.platform === 'linux' && existsSync(SETPRIV)) return [SETPRIV, ['--pdeathsig', 'SIGKILL', '--', cmd, ...args]];
  return [cmd, [...args]];
}

export interface NodeProcess {
  name: string;
  pid: number;
  logFile: string;
  child: ChildProcess;
  /** Resolves when the process has exited (at once if it already has). */
  exited: Promise<void>;
  /** The exit code or signal once it has exited, else undefined. */
  exitStatus(): string | undefined;
}

/** Starts a node tied to this process (tiedCommand), its stdout and stderr in `logFile`. */
export function spawnNode(name: string, cmd: string, args: readonly string[], logFile: string): NodeProcess {
  const [command, commandArgs] = tiedCommand(cmd, args);
  const log = openSync(logFile, 'a');
  const child = spawn(command, commandArgs, { stdio: ['ignore', log, log] });
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${name} (${cmd})`);
  let status: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      status = signal ?? String(code);
      resolve();
    });
    child.once('error', (error) => {
      status = error.message;
      resolve();
    });
  });
  return { name, pid, logFile, child, exited, exitStatus: () => status };
}

/** The last lines of a log, for an error message. */
function logTail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Whether a process with this pid runs (signal 0; on Linux a zombie, dead but not yet reaped, does not count). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; the command may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `probe` until it resolves, every 50 ms, failing early when the node exits. The nodes'
 * data is thrown away, so nothing is waited for but the RPC answering.
 */
export async function waitUntilReady<T>(node: NodeProcess, probe: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const status = node.exitStatus();
    if (status !== undefined) throw new Error(`${node.name} exited (${status}) before answering RPC; its log ${node.logFile}:\n${logTail(node.logFile)}`);
    try {
      return await probe();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${node.name} did not answer RPC within ${timeoutMs / 1000} s (${String(lastError)}); its log ${node.logFile}:\n${logTail(node.logFile)}`);
    }
    await sleep(50);
  }
}

/** SIGKILL (the nodes keep nothing worth a clean shutdown) and waits for the exit. */
export async function killNode(node: NodeProcess): Promise<void> {
  if (node.exitStatus() === undefined) node.child.kill('SIGKILL');
  await node.exited;
}
