import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { DEFAULT_PIPELINE_LANES } from '../src/config';
import { migrateDb } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { JobQueue } from '../src/jobs/queue';
import { snapshotSeedRows, type SeedRows } from './seed-rows';

// The database every server test file starts from, made once per run (global-setup.ts): migrated,
// with the job queue's own tables. Each file then gets a copy of it instead of running every
// migration again: on PostgreSQL a `CREATE DATABASE … TEMPLATE` of it, on PGlite a copy of its
// data folder (opened as the product opens DATA_DIR/pgdata; that also skips initdb, seconds per file).

/** Where global-setup.ts tells the test files what it made (workers inherit the environment). */
const PGLITE_DIR_ENV = 'HALCYON_TEST_PGLITE_TEMPLATE';
const PG_TEMPLATE_ENV = 'HALCYON_TEST_PG_TEMPLATE';
/** The template's seed rows (seed-rows.ts), as JSON: read once here, not by every file (0.5 s a file on PGlite). */
const SEED_ROWS_ENV = 'HALCYON_TEST_SEED_ROWS';

/** The job queue's schema in the template: the config's default, which the harness keeps. */
export const TEST_JOBS_SCHEMA = 'pgboss';

interface TestDb {
  db: Db;
  /** The copy's PostgreSQL URL (a second connection to the same data); undefined on PGlite. */
  url: string | undefined;
  /** Closes nothing: removes the copy once the caller closed its connections. */
  drop(): Promise<void>;
  /** What a reset puts back (a fresh object: the caller adds its first admin's row). */
  seed: SeedRows;
}

/** A copy of the URL pointing at another database of the same server. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrations plus the job queue's schema: the part of a start that is the same for every file.
 * The seed rows go to `<dir>/seed-rows.json`.
 */
async function prepare(db: Db, dir: string): Promise<void> {
  await migrateDb(db);
  const queue = new JobQueue(db, { schema: TEST_JOBS_SCHEMA, pollIntervalMs: 1000, log: pino({ level: 'silent' }), work: false });
  await queue.start();
  await queue.stop();
  const file = join(dir, 'seed-rows.json');
  writeFileSync(file, JSON.stringify(await snapshotSeedRows(db)));
  process.env[SEED_ROWS_ENV] = file;
}

/**
 * Makes the run's template and returns how to remove it. With DATABASE_URL: a database beside it,
 * `<name>_tpl`, that no test connects to (PostgreSQL copies only a database nobody uses); else a
 * PGlite data folder in a temp folder.
 */
export async function makeTemplate(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  // The template's folder (PGlite's data, and the seed rows on either database).
  const dir = mkdtempSync(join(tmpdir(), 'halcyon-template-'));
  if (url) {
    const name = `${new URL(url).pathname.slice(1)}_tpl`.toLowerCase();
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`DATABASE_URL's database name gives no plain template name (${name})`);
    const admin = openPostgres({ url, poolSize: 1 });
    // Separate statements: CREATE DATABASE cannot run in the implicit transaction of a script.
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.exec(`CREATE DATABASE ${name}`);
    const db = openPostgres({ url: withDatabase(url, name), poolSize: 1 });
    await prepare(db, dir);
    await db.close();
    process.env[PG_TEMPLATE_ENV] = name;
    return async () => {
      // Copies too: a file whose worker died never dropped its own.
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${name}_`]);
      for (const { datname } of rows) await admin.exec(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const db = await openPglite(join(dir, 'pgdata'));
  await prepare(db, dir);
  await db.close();
  process.env[PGLITE_DIR_ENV] = join(dir, 'pgdata');
  return async () => rmSync(dir, { recursive: true, force: true });
}

function required(env: string): string {
  const value = process.env[env];
  if (!value) throw new Error(`${env} is not set: the server tests run under jest.config.cjs, whose global setup makes the template`);
  return value;
}

/** A fresh copy of the template for one test file (or one test that needs a database of its own). */
export async function copyTemplate(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // A plain file copy (native, tens of milliseconds); PGlite's own dump and load of a tarball
    // went through JavaScript, most of a second of CPU per file.
    const dir = mkdtempSync(join(tmpdir(), 'halcyon-db-'));
    cpSync(required(PGLITE_DIR_ENV), join(dir, 'pgdata'), { recursive: true });
    const db = await openPglite(join(dir, 'pgdata'));
    return { db, url: undefined, drop: async () => rmSync(dir, { recursive: true, force: true }), seed: seedRows() };
  }
  const template = required(PG_TEMPLATE_ENV);
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  const admin = openPostgres({ url, poolSize: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.close();
  }
  const copyUrl = withDatabase(url, name);
  return {
    db: openPostgres({ url: copyUrl, poolSize: 20, pipelineLanes: DEFAULT_PIPELINE_LANES }),
    url: copyUrl,
    drop: async () => {
      const cleaner = openPostgres({ url, poolSize: 1 });
      await cleaner.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.close();
    },
    seed: seedRows(),
  };
}

/** The template's seed rows, as prepare() wrote them. */
function seedRows(): SeedRows {
  return JSON.parse(readFileSync(required(SEED_ROWS_ENV), 'utf8')) as SeedRows;
}
