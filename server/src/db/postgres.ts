import pg from 'pg';
import { openLanes } from './pipelined-lanes';
import { isStalePreparedStatement, statementNamer } from './statement-names';
import { listenPostgres } from './pg-listen';
import type { Db, ListenHandlers, ScriptResult, TxQueryable } from './types';

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const asText = (v: string): string => v;

/** Same JS types as the PGlite driver (see types.ts), per pool rather than process-wide. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC || oid === DATE) return asText;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PostgresOptions {
  url: string;
  poolSize: number;
  /** Connections that pipeline single statements (pipelined-lanes.ts); 0 (default): every statement takes a pool connection. */
  pipelineLanes?: number;
  /** How long a statement on a lane waits for a row lock; default LANE_LOCK_TIMEOUT_MS (tests shorten it). */
  laneLockTimeoutMs?: number;
  /** Schema put first on the search_path of every connection (tests: one schema per file). */
  schema?: string | undefined;
}

/** Statements in flight on a lane before the next one takes a pool connection instead. */
const LANE_DEPTH = 8;
/** A statement on a lane waits at most this long for a row lock (pipelined-lanes.ts). */
const LANE_LOCK_TIMEOUT_MS = 5_000;

export function openPostgres(options: PostgresOptions): Db {
  const connection = { connectionString: options.url, types, ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}) };
  const pool = new pg.Pool({ ...connection, max: options.poolSize });
  const lanes = openLanes({ count: options.pipelineLanes ?? 0, depth: LANE_DEPTH, client: connection, lockTimeoutMs: options.laneLockTimeoutMs ?? LANE_LOCK_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Parameterized queries (always one statement) run as named prepared statements: parsing and
  // planning once per connection instead of per execution (bench/RESULTS.md: +5–51 % throughput).
  // Parameterless calls stay unnamed: `exec` and some `query` calls carry several statements.
  const nameOf = statementNamer();
  const run = async <T>(client: pg.Pool | pg.ClientBase, sql: string, params?: unknown[]) => {
    const name = params ? nameOf(sql) : undefined;
    const r = name ? await client.query({ name, text: sql, values: params }) : await client.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  };
  return {
    kind: 'postgres',
    // A single parameterized statement goes on a lane when one has room; the rest take the pool.
    async query<T>(sql: string, params?: unknown[]) {
      const lane = params ? lanes.acquire() : undefined;
      if (!lane) return run<T>(pool, sql, params);
      let stale = false;
      try {
        return await run<T>(lane.client, sql, params);
      } catch (error) {
        stale = isStalePreparedStatement(error);
        throw error;
      } finally {
        lane.release(stale);
      }
    },
    exec: async (sql: string) => lastRows(await pool.query(sql)),
    async tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let stale = false;
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: <R>(sql: string, params?: unknown[]) => run<R>(client, sql, params),
          exec: async (sql: string) => lastRows(await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        stale = isStalePreparedStatement(error);
        throw error;
      } finally {
        // pool.query already discards a connection whose query failed; a tx's connection is ours to drop.
        client.release(stale);
      }
    },
    listen: (channel: string, handlers: ListenHandlers) => listenPostgres(connection, channel, handlers),
    async close() {
      await lanes.close();
      await pool.end();
    },
  };
}

/** node-postgres answers a multi-statement script with one result per statement. */
function lastRows(result: pg.QueryResult | pg.QueryResult[]): ScriptResult {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return { rows: (last?.rows ?? []) as ScriptResult['rows'] };
}
