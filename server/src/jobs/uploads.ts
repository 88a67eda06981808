import type { Db } from '../db/types';
import { REFERENCED_UPLOAD_NAMES } from '../db/uploads';
import type { Storage } from '../storage/storage';

const BATCH = 100;
const UNREFERENCED = `NOT EXISTS (SELECT 1 FROM (${REFERENCED_UPLOAD_NAMES}) r WHERE r.name = u.name)`;

/**
 * Deletes uploads older than `graceHours` that no row references (db/uploads.ts lists the
 * columns): the row, then the stored file. Returns the names removed.
 * Safe with several processes and against a concurrent reference: candidates are locked with
 * SKIP LOCKED (another sweeper takes other rows; a profile or trader save holding the upload
 * FOR SHARE is skipped), and the DELETE checks the references again in its own, newer snapshot,
 * which sees any reference committed before our lock was granted.
 */
export async function sweepUnreferencedUploads(db: Db, storage: Storage, graceHours: number): Promise<string[]> {
  const removed: string[] = [];
  for (;;) {
    const names = await db.tx(async (q) => {
      const candidates = await q.query<{ name: string }>(
        `SELECT u.name FROM uploads u WHERE u.created_at < now() - make_interval(hours => $1) AND ${UNREFERENCED}
         ORDER BY u.created_at, u.name LIMIT $2 FOR UPDATE OF u SKIP LOCKED`,
        [graceHours, BATCH],
      );
      if (!candidates.rows.length) return null;
      const deleted = await q.query<{ name: string }>(`DELETE FROM uploads u WHERE u.name = ANY($1::text[]) AND ${UNREFERENCED} RETURNING u.name`, [
        candidates.rows.map((r) => r.name),
      ]);
      return deleted.rows.map((r) => r.name);
    });
    if (!names) return removed;
    // After the commit: a failed commit must not leave a recorded upload without its file.
    for (const name of names) await storage.delete(name);
    removed.push(...names);
  }
}
