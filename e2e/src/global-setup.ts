// One product for the whole run, on a fresh PGlite folder, or on the PostgreSQL database named
// by E2E_DATABASE_URL (or DATABASE_URL). E2E_BASE_URL targets a product already running instead.
import { ADMIN, startProduct } from './product';
import { writeRunInfo } from './run-info';

export default async function globalSetup(): Promise<void> {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
  const database = databaseUrl ? 'postgresql' : 'pglite';
  if (process.env.E2E_BASE_URL) {
    writeRunInfo({ baseUrl: process.env.E2E_BASE_URL.replace(/\/$/, ''), adminEmail: ADMIN.email, adminPassword: ADMIN.password, database });
    return;
  }
  const product = await startProduct({ name: `server-${database}`, databaseUrl });
  (globalThis as Record<string, unknown>).__halcyonProduct = product;
  writeRunInfo({ baseUrl: product.baseUrl, adminEmail: ADMIN.email, adminPassword: ADMIN.password, database });
}
