import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrations, migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import type { Db } from '../../src/db/types';

// The Db interface and the migration runner, on whichever driver the suite runs with.
const url = process.env.DATABASE_URL;
const schema = `m_${process.pid}_${Date.now().toString(36)}`;
let db: Db;
let second: Db | undefined;
const dir = mkdtempSync(join(tmpdir(), 'halcyon-mig-'));

beforeAll(async () => {
  if (url) {
    const admin = openPostgres({ url, poolSize: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    db = openPostgres({ url, poolSize: 4, schema });
    second = openPostgres({ url, poolSize: 4, schema });
  } else {
    db = await openPglite('memory://');
  }
}, 60_000);
afterAll(async () => {
  await second?.close();
  if (url) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('migrations apply in name order, once, recorded in schema_migrations', async () => {
  writeFileSync(join(dir, '002_more.sql'), 'ALTER TABLE things ADD COLUMN size int; INSERT INTO things (name, size) VALUES (\'b\', 2);');
  writeFileSync(join(dir, '001_first.sql'), "CREATE TABLE things (name text PRIMARY KEY); INSERT INTO things VALUES ('a');");
  writeFileSync(join(dir, 'notes.txt'), 'not a migration');
  expect(loadMigrations(dir).map((m) => m.version)).toEqual(['001_first', '002_more']);
  // Two runners at once (two processes starting together on PostgreSQL): each migration applies once.
  const [a, b] = await Promise.all([migrate(db, loadMigrations(dir)), migrate(second ?? db, loadMigrations(dir))]);
  expect([...a, ...b].sort()).toEqual(['001_first', '002_more']);
  expect(await migrate(db, loadMigrations(dir))).toEqual([]);
  expect((await db.query('SELECT name, size FROM things ORDER BY name')).rows).toEqual([{ name: 'a', size: null }, { name: 'b', size: 2 }]);
  expect((await db.query('SELECT version FROM schema_migrations ORDER BY version')).rows).toEqual([{ version: '001_first' }, { version: '002_more' }]);
});

test('a failing migration rolls back entirely and is not recorded', async () => {
  writeFileSync(join(dir, '003_bad.sql'), "INSERT INTO things (name) VALUES ('c'); SELECT no_such_function();");
  await expect(migrate(db, loadMigrations(dir))).rejects.toThrow();
  expect((await db.query("SELECT 1 FROM things WHERE name = 'c'")).rows).toEqual([]);
  expect((await db.query("SELECT 1 FROM schema_migrations WHERE version = '003_bad'")).rows).toEqual([]);
  rmSync(join(dir, '003_bad.sql'));
});

test('both drivers return the same JS types: int8/numeric as strings, timestamptz as Date, date as text', async () => {
  const { rows } = await db.query<Record<string, unknown>>(
    "SELECT 9007199254740993::int8 AS big, 12.50::numeric AS num, 42::int AS n, '2024-02-29'::date AS d, now() AS ts, ARRAY['x','y'] AS arr, '{\"a\":1}'::jsonb AS j",
  );
  expect(rows[0]).toEqual({ big: '9007199254740993', num: '12.50', n: 42, d: '2024-02-29', ts: expect.any(Date), arr: ['x', 'y'], j: { a: 1 } });
});

test('tx commits on success and rolls back when the function throws; rowCount counts changed rows', async () => {
  await db.tx(async (q) => {
    await q.query("INSERT INTO things (name) VALUES ('tx1')");
  });
  await expect(
    db.tx(async (q) => {
      await q.query("INSERT INTO things (name) VALUES ('tx2')");
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect((await db.query("SELECT name FROM things WHERE name LIKE 'tx%'")).rows).toEqual([{ name: 'tx1' }]);
  expect((await db.query("UPDATE things SET size = 1 WHERE name IN ('a', 'b')")).rowCount).toBe(2);
});
