/** What every query site needs: PGlite and node-postgres both fit behind it (PostgreSQL dialect). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

/** The rows of the last statement of a multi-statement script. */
export interface ScriptResult {
  rows: Array<Record<string, unknown>>;
}

/** Inside a transaction: also runs multi-statement SQL without parameters (migrations). */
export interface TxQueryable extends Queryable {
  exec(sql: string): Promise<ScriptResult>;
}

/**
 * Both drivers return the same JS types: int8 and numeric as strings (exact), timestamptz as Date,
 * date as 'YYYY-MM-DD' strings, json/jsonb parsed, arrays as JS arrays.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction (READ COMMITTED) on one connection; rolls back if it throws. */
  tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T>;
  /** Multi-statement SQL without parameters, outside a transaction. */
  exec(sql: string): Promise<ScriptResult>;
  /**
   * LISTENs on `channel` for as long as the returned stop is not called: `message` gets each
   * NOTIFY's payload; `resync` is called after the connection was lost and is back (what was
   * notified in between is gone: listeners read afresh).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  message(payload: string): void;
  resync(): void;
}
