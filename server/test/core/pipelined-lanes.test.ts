import { openPostgres } from '../../src/db/postgres';
import { LANE_NAME } from '../../src/db/pipelined-lanes';
import type { Db } from '../../src/db/types';

// Single statements pipelined on a few connections (db/pipelined-lanes.ts), on real PostgreSQL
// (PGlite has one connection and no lanes).
const url = process.env.DATABASE_URL ?? '';
const schema = `pl_${process.pid}_${Date.now().toString(36)}`;
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('pipelined lanes (PostgreSQL)', () => {
  let db: Db;
  let admin: Db;
  beforeAll(async () => {
    admin = openPostgres({ url, poolSize: 2 });
    await admin.exec(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (id int PRIMARY KEY, a int NOT NULL)`);
    await admin.query(`INSERT INTO ${schema}.t VALUES ($1, 0)`, [1]);
    // One pool connection: beyond the lanes' room, statements queue for it.
    db = openPostgres({ url, poolSize: 1, pipelineLanes: 2, schema, laneLockTimeoutMs: 300 });
  });
  afterAll(async () => {
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  });

  test('concurrent statements each get their own answer, and a failing one fails alone', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, (_, i) => db.query<{ n: number }>('SELECT 1000 / $1::int AS n, $2::int AS i', [i % 7 === 3 ? 0 : 1, i])),
    );
    results.forEach((r, i) => {
      if (i % 7 === 3) expect(r).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      else expect(r).toEqual({ status: 'fulfilled', value: { rows: [{ n: 1000, i }], rowCount: 1 } });
    });
    // They went over the lanes and the one pool connection only.
    const pids = await Promise.all(Array.from({ length: 40 }, () => db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid WHERE $1', [true])));
    expect(new Set(pids.map((r) => r.rows[0]?.pid)).size).toBeLessThanOrEqual(3);
  });

  test('writes on lanes commit one by one: 200 concurrent increments of one row add up', async () => {
    await Promise.all(Array.from({ length: 200 }, () => db.query('UPDATE t SET a = a + 1 WHERE id = $1', [1])));
    expect((await db.query<{ a: number }>('SELECT a FROM t WHERE id = $1', [1])).rows).toEqual([{ a: 200 }]);
  });

  test('a lane whose connection was cut is replaced: statements after it succeed', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => db.query('SELECT $1::int AS i', [i])));
    const { rows } = await admin.query<{ n: number }>('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()', [LANE_NAME]);
    expect(rows[0]?.n).toBeGreaterThan(0);
    // Statements already on a cut connection fail, as on a pool connection; later ones get a new lane.
    await Promise.allSettled(Array.from({ length: 10 }, (_, i) => db.query('SELECT $1::int AS i', [i])));
    const after = await Promise.all(Array.from({ length: 30 }, (_, i) => db.query<{ i: number }>('SELECT $1::int AS i', [i])));
    expect(after.map((r) => r.rows[0]?.i)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  test('a transaction that sends a statement through a lane behind one waiting for its lock does not hang', async () => {
    const held = db.tx(async (q) => {
      await q.query('SELECT a FROM t WHERE id = $1 FOR UPDATE', [1]);
      // Waits for the lock held above, on a lane…
      const waiting = db.query('UPDATE t SET a = a + 1 WHERE id = $1', [1]);
      // …and these, sent while the lock is held, share the lanes with it.
      const behind = await Promise.all(Array.from({ length: 4 }, (_, i) => db.query<{ i: number }>('SELECT $1::int AS i', [i])));
      return { waiting: await waiting.then(() => 'updated', (e: { code?: string }) => e.code), behind: behind.map((r) => r.rows[0]?.i) };
    });
    // The waiting statement gives up after the lanes' lock timeout (55P03) instead of waiting forever.
    await expect(held).resolves.toEqual({ waiting: '55P03', behind: [0, 1, 2, 3] });
  });

  test('a statement whose table changed under it is prepared anew on a fresh lane', async () => {
    const read = () => db.query<Record<string, unknown>>('SELECT * FROM t WHERE id = $1', [1]);
    await Promise.all([read(), read(), read(), read()]);
    await admin.exec(`ALTER TABLE ${schema}.t ADD COLUMN b int`);
    const settled = await Promise.allSettled([read(), read(), read(), read()]);
    for (const r of settled) if (r.status === 'rejected') expect(String(r.reason)).toMatch('cached plan must not change result type');
    const again = await Promise.all([read(), read(), read(), read()]);
    for (const r of again) expect(r.rows).toEqual([expect.objectContaining({ id: 1, b: null })]);
  });
});
