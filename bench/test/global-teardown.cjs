// Drops the scratch database global-setup.cjs created (none when the caller passed DATABASE_URL).
const { Client } = require('pg');

module.exports = async function globalTeardown() {
  const name = process.env.BENCH_SCRATCH_DB;
  if (!name) return;
  const admin = new Client({ connectionString: process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
};
