import { join } from 'node:path';
import type { Config } from '../config';
import { loadMigrations, migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db } from './types';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pgdata. */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dbPoolSize' | 'dbPipelineLanes' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return openPostgres({ url: config.databaseUrl, poolSize: config.dbPoolSize, pipelineLanes: config.dbPipelineLanes });
  return openPglite(config.dataDir.startsWith('memory://') ? config.dataDir : join(config.dataDir, 'pgdata'));
}

/** Next to this file in the sources; the bundle copies them next to dist/main.js. */
const migrationsDir = (): string => join(__dirname, 'migrations');

export async function migrateDb(db: Db): Promise<string[]> {
  return migrate(db, loadMigrations(migrationsDir()));
}
