import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './types';

/** Any fixed number: every process starting against the same database takes this lock. */
const MIGRATION_LOCK = 7_243_012;

export interface Migration {
  version: string;
  sql: string;
}

/** `NNN_name.sql` files of a folder, in name order. */
export function loadMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') }));
}

/**
 * Applies each migration not yet recorded, in order, each once, in one transaction that holds an
 * advisory lock, so two processes starting together cannot both apply one.
 * Returns the versions applied now.
 */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await q.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
    return applied;
  });
}
