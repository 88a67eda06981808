import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, TxQueryable } from '../../src/db/types';
import { MAIL_JOB } from '../../src/mail/outbox';
import { setupTestServer } from '../harness';

// forgot_password does the same work for an unknown email as for a known one, and only after its
// answer has been sent (issue 30 item 4; docs/security.md "Same work and same answer"). What is
// compared is the work itself (each statement the database is sent), never a time: bench
// `reset-timing` measures the times (docs/bench.md).
const t = setupTestServer();

/** Every statement `db` is sent until stop(), inside transactions too (the app shares this Db object). */
function watch(db: Db): { statements: string[]; stop(): void } {
  const statements: string[] = [];
  const { query, tx } = db;
  const note = (sql: string) => statements.push(sql.replace(/\s+/g, ' ').trim());
  db.query = ((sql: string, params?: unknown[]) => (note(sql), query.call(db, sql, params))) as Db['query'];
  db.tx = (<T>(fn: (q: TxQueryable) => Promise<T>) =>
    tx.call(db, (q: TxQueryable) =>
      fn({ query: ((sql: string, params?: unknown[]) => (note(`tx: ${sql}`), q.query(sql, params))) as TxQueryable['query'], exec: (sql: string) => (note(`tx: ${sql}`), q.exec(sql)) }),
    )) as Db['tx'];
  return {
    statements,
    stop() {
      db.query = query;
      db.tx = tx;
    },
  };
}

/** One forgot_password as a client sends it, and the statements of the work it starts. */
async function forgotPassword(email: string): Promise<string[]> {
  const seen = watch(t().db);
  try {
    const res = await t().fetch('/api/auth/forgot_password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect(res.status).toBe(200);
    await t().app.background.idle();
  } finally {
    seen.stop();
  }
  await t().app.jobs.settle(MAIL_JOB);
  return seen.statements;
}

/** What anyone could see of the work: reset tokens, recorded mails, their delivery jobs, mails sent. */
const visible = async () => {
  const { rows } = await t().db.query<{ tokens: string; mails: string; jobs: string }>(
    `SELECT (SELECT count(*) FROM password_reset_tokens) AS tokens, (SELECT count(*) FROM mail_outbox) AS mails,
            (SELECT count(*) FROM ${t().config.jobs.schema}.job WHERE name = $1) AS jobs`,
    [MAIL_JOB],
  );
  return { tokens: Number(rows[0]?.tokens), mails: Number(rows[0]?.mails), jobs: Number(rows[0]?.jobs), delivered: t().mails.length };
};

test('the work starts only once the answer has been handed to the network, not when the handler returns', async () => {
  const user = await t().registerUser();
  // This answer reaches the network only when the test lets it go (as behind a slow connection):
  // Fastify's end() is held, so 'finish' comes long after the handler returned.
  let ended!: () => void;
  const endCalled = new Promise<void>((resolve) => (ended = resolve));
  let release = () => undefined as void;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== '/api/auth/forgot_password') return;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      release = () => void end(...args);
      ended();
      return res;
    }) as ServerResponse['end'];
  };
  t().app.server.prependListener('request', onRequest);
  const seen = watch(t().db);
  try {
    const answer = t().fetch('/api/auth/forgot_password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email }) });
    await endCalled;
    // Several turns of the event loop after the answer was ended (the old code started at the next one).
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(seen.statements).toEqual([]);
    release();
    expect((await answer).status).toBe(200);
    await t().app.background.idle();
    expect(seen.statements.length).toBeGreaterThan(3);
  } finally {
    seen.stop();
    t().app.server.off('request', onRequest);
  }
});

test('an unknown or closed account gets the same statements as a known one, and nothing of it is kept or sent', async () => {
  const known = await t().registerUser();
  const closed = await t().registerUser();
  await t().db.query('UPDATE users SET closed_at = now() WHERE id = $1', [closed.uid]);
  t().mails.length = 0;
  const before = await visible();

  const work = {
    known: await forgotPassword(known.email),
    afterKnown: await visible(),
    unknown: await forgotPassword('nobody-at-all@example.com'),
    closed: await forgotPassword(closed.email),
    afterDecoys: await visible(),
  };
  const shape = (statements: string[]) => statements.map((s) => s.replace(/(RELEASE|ROLLBACK TO) SAVEPOINT/, 'END SAVEPOINT'));
  expect(shape(work.unknown)).toEqual(shape(work.known));
  expect(shape(work.closed)).toEqual(shape(work.known));
  // Any account's id (the decoy's), the lookup, then one transaction: savepoint, used-up links,
  // the new token, the outbox row, its delivery job, savepoint released or rolled back.
  expect(shape(work.known)).toEqual([
    'SELECT id FROM users LIMIT 1',
    expect.stringMatching(/^SELECT .* FROM users WHERE email = \$1$/),
    'tx: SAVEPOINT reset_link',
    'tx: UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
    'tx: INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)',
    'tx: SELECT mail_outbox_add($1, $2, $3, $4)',
    expect.stringMatching(/^tx: .*INSERT INTO .*job/i),
    'tx: END SAVEPOINT reset_link',
  ]);
  expect(work.known.at(-1)).toBe('tx: RELEASE SAVEPOINT reset_link');
  expect(work.unknown.at(-1)).toBe('tx: ROLLBACK TO SAVEPOINT reset_link');

  // The known email: a token, a recorded mail, delivered. The decoys: nothing anyone can see.
  expect(work.afterKnown).toEqual({ tokens: before.tokens + 1, mails: before.mails + 1, jobs: before.jobs + 1, delivered: 1 });
  expect(work.afterDecoys).toEqual(work.afterKnown);
  expect(t().mails.map((m) => m.to)).toEqual([known.email]);
});
