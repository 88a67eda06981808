import type { Db } from '../src/db/types';

// The rows a test's reset puts back: what the migrations inserted (the platform's accounts, ...),
// read once per run from the template (template.ts), plus the first admin each server creates.

const SKIP_TABLES = "('schema_migrations', 'app_secrets')";

/** Rows a reset puts back into one table. */
export interface TableRows {
  table: string;
  /** The rows, as JSON. */
  json: string;
  /** The columns an INSERT may set: all but generated ones (users.search_text). */
  columns: string;
}

export interface SeedRows {
  /** Every table a reset empties. */
  tables: string[];
  /** The rows the migrations inserted (e.g. the platform's accounts), and the first admin. */
  rows: TableRows[];
}

/** `table`'s rows matching `where`, with its insertable columns; null when there are none. */
export async function rowsOf(db: Db, table: string, where = 'TRUE'): Promise<TableRows | null> {
  const { rows } = await db.query<{ json: string | null; columns: string }>(
    `SELECT (SELECT json_agg(t)::text FROM ${table} t WHERE ${where}) AS json,
            (SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) FROM information_schema.columns
              WHERE table_schema = current_schema() AND quote_ident(table_name) = $1 AND is_generated = 'NEVER') AS columns`,
    [table],
  );
  const r = rows[0];
  return r?.json ? { table, json: r.json, columns: r.columns } : null;
}

/** The tables and the migrations' own rows, so a reset can put exactly those back. */
export async function snapshotSeedRows(db: Db): Promise<SeedRows> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ${SKIP_TABLES}`,
  );
  const out: TableRows[] = [];
  for (const { name } of rows) {
    const r = await rowsOf(db, name);
    if (r) out.push(r);
  }
  return { tables: rows.map((r) => r.name), rows: out };
}
