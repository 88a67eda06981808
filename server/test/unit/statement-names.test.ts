import { isStalePreparedStatement, statementNamer } from '../../src/db/statement-names';

describe('prepared statement names', () => {
  it('gives the same SQL the same name and different SQL different names', () => {
    const nameOf = statementNamer();
    const a = nameOf('SELECT 1 WHERE $1::int = 1');
    expect(a).toMatch(/^s[0-9a-f]{20}$/);
    expect(nameOf('SELECT 1 WHERE $1::int = 1')).toBe(a);
    expect(nameOf('SELECT 2 WHERE $1::int = 1')).not.toBe(a);
    // Names depend on the text only, so every pool (and process) agrees on them.
    expect(statementNamer()('SELECT 1 WHERE $1::int = 1')).toBe(a);
  });

  it('stops naming new texts at the cap but keeps the names it gave', () => {
    const nameOf = statementNamer(2);
    const first = nameOf('q1');
    nameOf('q2');
    expect(nameOf('q3')).toBeUndefined();
    expect(nameOf('q1')).toBe(first);
  });

  it('recognises only the stale-plan error', () => {
    expect(isStalePreparedStatement({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(isStalePreparedStatement({ code: '0A000', message: 'something else' })).toBe(false);
    expect(isStalePreparedStatement({ code: '23505', message: 'cached plan must not change result type' })).toBe(false);
    expect(isStalePreparedStatement(new Error('cached plan must not change result type'))).toBe(false);
  });
});
