// Serves the production build (API + shell + remotes on one port, PGlite) and measures both pages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../lib/server';
import { expectApi } from '@halcyon/test-kit';
import { registerInvestors } from '../lib/fixtures';
import { PAGES, type PageName } from '../lib/budget';
import { launch, measurePage, type PageMeasure, type Storage } from './bundles';

/** api-client's STORAGE_KEYS.user (session.ts); importing it would pull jotai into Node. */
const USER_SESSION_KEY = 'halcyon:user';

/** localStorage that signs `token`'s investor in, as the shell stores a session after login. */
export async function investorSession(base: string, token: string): Promise<Storage> {
  const profile = await expectApi<{ data: unknown }>(base, 'GET', '/user/profile', 200, { token });
  const session = { user: profile.data, token, remember: true, deposit: [], withdraw: [], allHistory: [], investment: [], image: '' };
  return { [USER_SESSION_KEY]: JSON.stringify(session) };
}

/**
 * Both pages' bytes, from a product on `databaseUrl` (a fresh PostgreSQL database: `pnpm test`'s
 * budget step) or on PGlite. The bytes do not depend on the database; PGlite's first start (initdb
 * and the migrations, in wasm) was most of the step's CPU.
 */
export async function measureBundles(databaseUrl?: string): Promise<Record<PageName, PageMeasure>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'halcyon-bench-bundles-'));
  const server = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const browser = await launch();
  try {
    const [investor] = await registerInvestors(server.baseUrl, 1, 'bundles');
    if (!investor) throw new Error('no investor registered');
    const login = await measurePage(browser, server.baseUrl, PAGES.login);
    const dashboard = await measurePage(browser, server.baseUrl, PAGES.dashboard, await investorSession(server.baseUrl, investor.token));
    return { login, dashboard };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
