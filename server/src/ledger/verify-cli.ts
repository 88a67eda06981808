// `pnpm verify-ledger`: recomputes the ledger's seals in the configured database (PGlite in
// DATA_DIR, or DATABASE_URL) and names the first broken seal and transfer. Exit code 1 when broken.
// With PGlite, stop the server first: one data folder cannot be opened by two processes.
import { loadConfig } from '../config';
import { migrateDb, openDb } from '../db';
import { verifyLedger } from './seals';

async function main(): Promise<void> {
  const db = await openDb(loadConfig());
  try {
    // A database the server never started on gets its (empty) tables first.
    await migrateDb(db);
    const result = await verifyLedger(db);
    console.log(JSON.stringify(result, null, 2));
    if (!result.ok) {
      const b = result.firstBroken;
      console.error(`Ledger seal ${b?.seal} is broken${b?.transferId ? ` at transfer ${b.transferId}` : ''}: ${b?.problem}`);
      process.exitCode = 1;
    } else {
      console.log(`Ledger intact: ${result.seals} seals over ${result.sealedTransfers} transfers (${result.unsealedTransfers} not sealed yet). Head ${result.head?.hash ?? 'none'}.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
