// One product for the whole run, on a fresh PGlite folder, or on the PostgreSQL database named
// by E2E_DATABASE_URL (or DATABASE_URL). E2E_BASE_URL targets a product already running instead.
// The product watches local chains (Anvil, litecoind regtest) started here once for the run; with
// no platform keys set it behaves as the spec's manual flow, and the chain journey sets them.
import { CHAIN_NODES_ENV, chainServerEnv, ownChainNodesSkip, startChainNodes } from '@halcyon/test-kit/chain';
import { ADMIN, startProduct } from './product';
import { writeRunInfo } from './run-info';

/** Confirmations on the journey's chains: few, so that a payment is credited within seconds. */
export const E2E_CONFIRMATIONS = 2;

export default async function globalSetup(): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
  const database = databaseUrl ? 'postgresql' : 'pglite';
  if (process.env.E2E_BASE_URL) {
    writeRunInfo({ baseUrl: process.env.E2E_BASE_URL.replace(/\/$/, ''), adminEmail: ADMIN.email, adminPassword: ADMIN.password, database });
    return;
  }
  // Without litecoind (a dev machine) the product watches no chain and the chain journey skips; CI installs it.
  // E2E_CHAINS=0: none either, as the README's `pnpm start` runs (pnpm test's PGlite smoke step).
  const watchChains = process.env.E2E_CHAINS !== '0' && ownChainNodesSkip('the chain journey') === null;
  const nodes = watchChains ? await startChainNodes() : null;
  if (nodes) process.env[CHAIN_NODES_ENV] = JSON.stringify(nodes.description);
  // Named for its database: two PostgreSQL runs side by side (pnpm test's two halves) keep their own logs.
  const name = databaseUrl ? `server-${new URL(databaseUrl).pathname.slice(1) || database}` : 'server-pglite';
  const product = await startProduct({ name, databaseUrl, ...(nodes ? { env: chainServerEnv(nodes.description, { confirmations: E2E_CONFIRMATIONS, pollMs: 500 }) } : {}) });
  Object.assign(globalThis as Record<string, unknown>, { __halcyonProduct: product, __halcyonChainNodes: nodes });
  writeRunInfo({ baseUrl: product.baseUrl, adminEmail: ADMIN.email, adminPassword: ADMIN.password, database });
}
