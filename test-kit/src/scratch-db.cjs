// Scratch PostgreSQL databases: created on PG_ADMIN_URL for one run, handed out by URL, dropped
// WITH (FORCE) after it. Plain CommonJS (types in scratch-db.d.cts) because scripts/test-all.mjs
// runs on bare Node, without a TypeScript loader, and uses this same file.
const { Client } = require('pg');

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

let created = 0;

const pgAdminUrl = () => process.env.PG_ADMIN_URL || DEFAULT_ADMIN_URL;

async function withAdmin(adminUrl, fn) {
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createScratchDb(adminUrl, prefix) {
  // pid + clock + counter: unique per call, and a valid unquoted identifier.
  const name = `${prefix}_${process.pid}_${Date.now()}_${created++}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`scratch database prefix "${prefix}" is not a plain identifier`);
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function scratchDbOrSkip(prefix, what, adminUrl = pgAdminUrl()) {
  try {
    await withAdmin(adminUrl, (c) => c.query('SELECT 1'));
  } catch (error) {
    const message = `PostgreSQL is not reachable at ${adminUrl} (${error.message}).`;
    if (process.env.CI === 'true') throw new Error(`${message} Under CI=true ${what} is required.`, { cause: error });
    return { skip: `${message} Skipping ${what}; set PG_ADMIN_URL to run it.` };
  }
  return { db: await createScratchDb(adminUrl, prefix) };
}

module.exports = { pgAdminUrl, createScratchDb, scratchDbOrSkip };
