import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

/** How long a stopping process lets in-flight requests finish before it exits anyway. */
const GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * One server process: listen, and on SIGTERM/SIGINT (or a crash of its own code) close gracefully:
 * no new connections, every request in flight (a money request included) answered, the jobs' run
 * in progress finished, then exit; a stuck request cannot hold the process past GRACE_MS.
 */
async function serve(config: Config): Promise<void> {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, 'shutting down');
    setTimeout(() => process.exit(code || 1), GRACE_MS).unref();
    await app.close();
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  process.on('SIGINT', () => void stop('SIGINT', 0));
  // The primary disconnects a worker to stop it (cluster mode).
  process.on('disconnect', () => void stop('primary disconnected', 0));
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception');
    void stop('uncaughtException', 1);
  });
  process.on('unhandledRejection', (error) => {
    app.log.fatal({ err: error }, 'unhandled rejection');
    void stop('unhandledRejection', 1);
  });
}

/**
 * WORKERS > 1: this primary forks the workers (they share PORT through node:cluster), restarts one
 * that dies unexpectedly (after a delay that grows while they keep dying, so a broken start does
 * not spin), and on SIGTERM/SIGINT stops them all gracefully, then exits.
 */
function supervise(workers: number): void {
  let stopping = false;
  let restartDelay = 500;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${restartDelay} ms`);
    setTimeout(() => cluster.fork(), restartDelay);
    restartDelay = Math.min(restartDelay * 2, 30_000);
  });
  // A worker that has served for a minute resets the back-off.
  cluster.on('online', () => setTimeout(() => (restartDelay = 500), 60_000).unref());
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.disconnect();
    setTimeout(() => process.exit(1), GRACE_MS + 2_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

const config = readConfig();
if (config.workers > 1 && cluster.isPrimary) {
  supervise(config.workers);
} else {
  serve(config).catch((error: unknown) => {
    // A setting found wrong only at start (REDIS_URL's eviction policy): its message, as readConfig's.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
}
