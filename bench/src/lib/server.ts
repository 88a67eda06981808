// The bench runs the production build (server/dist/main.js) as deployed, through the test kit's
// launcher; this file only holds the bench's settings.
import { startProduct, type Product } from '@halcyon/test-kit';
import { serverMain } from './paths';

export const BENCH_ADMIN = { email: 'bench-admin@halcyon.test', password: 'bench-admin-password-1' };
/** Fixed so that tokens stay valid across a restart (the crash test relies on it). */
const TOKEN_SECRET = 'bench-token-secret-0123456789abcdef0123456789';

export interface ServerOptions {
  /** PostgreSQL URL; without it the server runs on PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
}

export function startServer(options: ServerOptions = {}): Promise<Product> {
  return startProduct({
    launch: 'built',
    serverMain,
    admin: BENCH_ADMIN,
    ...options,
    // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', to profile the server under load.
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    env: { TOKEN_SECRET, ...options.env },
  });
}

