import { openPostgres } from '../../src/db/postgres';
import type { Db } from '../../src/db/types';

// Named statements on real PostgreSQL (PGlite has no pool): a table change under a prepared
// `SELECT *` fails once, and the broken connection is dropped instead of failing forever.
const url = process.env.DATABASE_URL;
const schema = `ps_${process.pid}_${Date.now().toString(36)}`;
const onPostgres = url ? describe : describe.skip;
let db: Db;

onPostgres('prepared statements (PostgreSQL)', () => {
  beforeAll(async () => {
    const admin = openPostgres({ url: url ?? '', poolSize: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    // One connection, so every query below reuses the same prepared statement.
    db = openPostgres({ url: url ?? '', poolSize: 1, schema });
    await db.exec('CREATE TABLE t (a int)');
    await db.query('INSERT INTO t VALUES ($1)', [1]);
  });
  afterAll(async () => {
    await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });

  it('re-runs the same parameterized SQL on one connection and recovers from a changed table', async () => {
    const read = (q: Pick<Db, 'query'>) => q.query<Record<string, unknown>>('SELECT * FROM t WHERE a = $1', [1]);
    expect((await db.tx(read)).rows).toEqual([{ a: 1 }]);
    expect((await db.tx(read)).rows).toEqual([{ a: 1 }]);
    await db.exec('ALTER TABLE t ADD COLUMN b int');
    await expect(db.tx(read)).rejects.toThrow('cached plan must not change result type');
    // The connection holding the stale statement was discarded: a fresh one prepares it anew.
    expect((await db.tx(read)).rows).toEqual([{ a: 1, b: null }]);
    expect((await read(db)).rows).toEqual([{ a: 1, b: null }]);
  });
});
