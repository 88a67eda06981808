// Gives the fault tests a PostgreSQL database: DATABASE_URL when the caller made one (pnpm test's
// `faults` step), else a scratch database created here on PG_ADMIN_URL and dropped in teardown.
// Without a reachable PostgreSQL the tests skip with a notice, except under CI=true (failure).
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');
const { Client } = require('pg');

module.exports = async function globalSetup() {
  const main = process.env.BENCH_SERVER_MAIN || join(__dirname, '..', '..', 'server', 'dist', 'main.js');
  if (!existsSync(main)) {
    const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
    const r = spawnSync(pnpm[0], [...pnpm.slice(1), '--filter', './server', 'run', 'build'], { cwd: join(__dirname, '..', '..'), stdio: 'inherit' });
    if (r.status !== 0) throw new Error('server build failed');
  }
  if (process.env.DATABASE_URL) return;
  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const message = `PostgreSQL is not reachable at ${adminUrl} (${error.message}).`;
    if (process.env.CI === 'true') throw new Error(`${message} Under CI=true the fault tests are required.`, { cause: error });
    console.log(`\n${message} Skipping the fault tests; set PG_ADMIN_URL to run them.`);
    process.env.BENCH_SKIP_FAULTS = message;
    return;
  }
  const name = `halcyon_faults_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.BENCH_SCRATCH_DB = name;
};
