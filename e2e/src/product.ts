// The product under test, started exactly as the README does (`pnpm start` at the repo root: it
// builds what is missing, then serves shell, remotes and API on one port) by the test kit's
// launcher, on a free port and a fresh data folder; server output in e2e/results/<name>.log.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startProduct as launch, type Product } from '@halcyon/test-kit';
import { resultsDir } from './run-info';

export type { Product };

const STARTUP_LIMIT_MS = 6 * 60_000; // a first run builds four packages on two cores

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'root-admin@halcyon.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Root-admin-pass-1',
};

export function startProduct(options: { name: string; databaseUrl?: string; env?: Record<string, string> }): Promise<Product> {
  mkdirSync(resultsDir, { recursive: true });
  return launch({
    launch: 'pnpm-start',
    admin: ADMIN,
    logFile: join(resultsDir, `${options.name}.log`),
    startupTimeoutMs: STARTUP_LIMIT_MS,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
}
