import type { Db } from '../db/types';

/** The database still answers (a query), and which kind it is. */
export async function databaseHealth(db: Db): Promise<{ status: 'ok'; database: Db['kind'] }> {
  await db.query('SELECT 1');
  return { status: 'ok', database: db.kind };
}
