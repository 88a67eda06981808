import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Db, ListenHandlers, ScriptResult, TxQueryable } from './types';

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const asText = (v: string): string => v;

/** `memory://` (tests) or a data folder; PGlite does not create the folder's parent itself. */
export async function openPglite(dataDir: string): Promise<Db> {
  // Loaded lazily: the wasm module is only needed when PGlite is the chosen driver.
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  // Search indexes (migration 014) need pg_trgm, which PGlite ships as a loadable extension.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let target = dataDir;
  if (!dataDir.startsWith('memory://')) {
    target = resolve(dataDir);
    mkdirSync(dirname(target), { recursive: true });
  }
  const pg = await PGliteClass.create(target, { parsers: { [INT8]: asText, [NUMERIC]: asText, [DATE]: asText }, extensions: { pg_trgm } });
  return wrapPglite(pg);
}

function wrapPglite(pg: PGlite): Db {
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pg.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    exec: async (sql: string) => lastRows(await pg.exec(sql)),
    tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> {
      return pg.transaction(async (t) =>
        fn({
          async query<R>(sql: string, params?: unknown[]) {
            const r = await t.query<R>(sql, params);
            return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
          },
          exec: async (sql: string) => lastRows(await t.exec(sql)),
        }),
      );
    },
    // One process, one database: the connection cannot be lost, so there is never a resync.
    listen: async (channel: string, handlers: ListenHandlers) => pg.listen(channel, (payload) => handlers.message(payload)),
    close: () => pg.close(),
  };
}

function lastRows(results: Array<{ rows: unknown[] }>): ScriptResult {
  return { rows: (results[results.length - 1]?.rows ?? []) as ScriptResult['rows'] };
}
