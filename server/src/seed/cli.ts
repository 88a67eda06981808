// `pnpm seed`: the demo data into the configured database (PGlite in DATA_DIR or DATABASE_URL).
// With PGlite, stop the server first: one data folder cannot be opened by two processes.
import pino from 'pino';
import { loadConfig } from '../config';
import { migrateDb, openDb } from '../db';
import { ensureBootstrapAdmin } from '../services/bootstrap-admin';
import { diskStorage } from '../storage/disk';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const db = await openDb(config);
  try {
    await migrateDb(db);
    await ensureBootstrapAdmin(db, config, log);
    const seeded = await seedDemo({ db, config, storage: diskStorage(config.dataDir), log });
    console.log(seeded ? `Demo data seeded. Investor: ${DEMO_EMAIL} / ${DEMO_PASSWORD}` : 'Demo data was already there.');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
