import { Client } from 'pg';
import { createScratchDb, pgAdminUrl, scratchDbOrSkip } from './scratch-db.cjs';

const exists = async (name: string): Promise<boolean> => {
  const admin = new Client({ connectionString: pgAdminUrl() });
  await admin.connect();
  try {
    return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
};

// Needs the PostgreSQL server of PG_ADMIN_URL, as the server's PostgreSQL suite does; without
// one the whole file is reported as skipped (under CI=true the first test fails instead).
const reachable = async () => scratchDbOrSkip('halcyon_testkit', 'the scratch-db tests');

// CREATE and DROP DATABASE write and sync a whole template database: well under a second here, but
// CI's fresh machine once needed more than jest's default 5 s (stop 23).
jest.setTimeout(60_000);

test('creates a fresh database, hands out its URL, and drops it WITH (FORCE) even while a client is connected', async () => {
  const got = await reachable();
  if ('skip' in got) return console.warn(got.skip);
  const { db } = got;
  expect(db.name).toMatch(/^halcyon_testkit_\d+_\d+_\d+$/);
  expect(new URL(db.url).pathname).toBe(`/${db.name}`);
  const client = new Client({ connectionString: db.url });
  await client.connect();
  client.on('error', () => undefined); // the forced drop cuts this connection
  expect((await client.query<{ d: string }>('SELECT current_database() AS d')).rows[0]?.d).toBe(db.name);
  await db.drop();
  expect(await exists(db.name)).toBe(false);
  await client.end().catch(() => undefined);
});

test('two databases made at once have different names', async () => {
  const got = await reachable();
  if ('skip' in got) return console.warn(got.skip);
  const second = await createScratchDb(pgAdminUrl(), 'halcyon_testkit');
  try {
    expect(second.name).not.toBe(got.db.name);
    expect(await exists(second.name)).toBe(true);
  } finally {
    await Promise.all([got.db.drop(), second.drop()]);
  }
});

test('an unreachable server means skip with a notice, or an error under CI=true', async () => {
  const dead = 'postgres://postgres@127.0.0.1:1/postgres';
  const ci = process.env.CI;
  try {
    process.env.CI = 'false';
    const got = await scratchDbOrSkip('halcyon_testkit', 'the widget suite', dead);
    expect(got).toEqual({ skip: expect.stringMatching(/^PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:1\/postgres \(.+\)\. Skipping the widget suite; set PG_ADMIN_URL to run it\.$/) });
    process.env.CI = 'true';
    await expect(scratchDbOrSkip('halcyon_testkit', 'the widget suite', dead)).rejects.toThrow('Under CI=true the widget suite is required.');
  } finally {
    process.env.CI = ci;
  }
});

test('a prefix that is not a plain identifier is refused before any SQL runs', async () => {
  await expect(createScratchDb('postgres://postgres@127.0.0.1:1/postgres', 'x; DROP DATABASE postgres')).rejects.toThrow('is not a plain identifier');
});
