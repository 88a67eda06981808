import { setupTestServer } from '../harness';

// What an unexpected (500) database error leaves in the log: the SQLSTATE and the names of the
// table and constraint, never the failing row, the query's parameters or values quoted in messages.
const logs: string[] = [];
const t = setupTestServer({ logLevel: 'error' }, { logStream: { write: (line: string) => void logs.push(line) } });

interface ErrorLine {
  msg: string;
  err: Record<string, unknown>;
}
const errorLines = () => logs.map((l) => JSON.parse(l) as ErrorLine).filter((l) => l.msg === 'unexpected error');

beforeEach(() => {
  logs.length = 0;
});

test('a users-table failure on register logs neither the row (password hash) nor the parameters', async () => {
  // A constraint only this test has, so the INSERT into users fails after the password is hashed.
  await t().db.exec("ALTER TABLE users ADD CONSTRAINT t_no_boom CHECK (name <> 'Boom Boom')");
  try {
    const reply = await t().call('register', { body: { name: 'Boom Boom', username: 'boom_user', email: 'boom@example.com', phone: '+14155550123', password: 'Sup3rSecretPw!' } });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: 'Internal error', code: 'INTERNAL' });
  } finally {
    await t().db.exec('ALTER TABLE users DROP CONSTRAINT t_no_boom');
  }
  const [line, ...more] = errorLines();
  expect(more).toEqual([]);
  expect(line?.err).toEqual(expect.objectContaining({ code: '23514', table: 'users', constraint: 't_no_boom', message: 'new row for relation "users" violates check constraint "t_no_boom"' }));
  const text = logs.join('\n');
  for (const secret of ['scrypt$', 'boom@example.com', 'boom_user', 'Boom Boom', '+14155550123', 'Sup3rSecretPw!', 'Failing row']) expect(text).not.toContain(secret);
  expect(Object.keys(line?.err ?? {}).filter((k) => ['detail', 'where', 'hint', 'query', 'params', 'parameters', 'internalQuery'].includes(k))).toEqual([]);
});

test('a value PostgreSQL quotes in an error message is masked', async () => {
  // A constraint casting the name to uuid, so valid API input fails inside the database with the name quoted.
  await t().db.exec("ALTER TABLE users ADD CONSTRAINT t_no_boom CHECK (email::text <> 'x' AND (CASE WHEN name = 'Quote Me' THEN name::uuid IS NULL ELSE true END))");
  try {
    const reply = await t().call('register', { body: { name: 'Quote Me', username: 'quote_user', email: 'quote@example.com', phone: '+14155550123', password: 'Sup3rSecretPw!' } });
    expect(reply.status).toBe(500);
  } finally {
    await t().db.exec('ALTER TABLE users DROP CONSTRAINT t_no_boom');
  }
  const [line] = errorLines();
  expect(line?.err).toEqual(expect.objectContaining({ code: '22P02', message: 'invalid input syntax for type uuid: "[redacted]"' }));
  expect(logs.join('\n')).not.toContain('Quote Me');
});
