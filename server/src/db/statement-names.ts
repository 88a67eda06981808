import { createHash } from 'node:crypto';

/** Distinct SQL texts named per pool; beyond this, queries run unnamed (bounds per-connection memory). */
const MAX_NAMED_STATEMENTS = 500;

/**
 * Names for prepared statements: the same SQL text always gets the same name, so node-pg parses and
 * plans it once per connection and afterwards only binds and executes (PostgreSQL re-plans by
 * itself when a table it uses changes). Returns undefined once the cap is reached, so generated
 * SQL with unbounded variants cannot grow every connection's statement cache without limit.
 */
export function statementNamer(max = MAX_NAMED_STATEMENTS): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= max) return known;
    const name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
    return name;
  };
}

/**
 * PostgreSQL refuses a prepared statement whose result columns changed under it (a `SELECT *` after
 * an ALTER TABLE): the connection's cached statement stays broken, so that connection is discarded.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(String((error as { message?: unknown }).message))
  );
}
