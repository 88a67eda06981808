import type { TxQueryable } from '../../src/db/types';
import { GENESIS_HASH, sealLedger, verifyLedger } from '../../src/ledger/seals';
import { setupTestServer } from '../harness';
import { fund, setupCast } from './helpers';

// Seals (docs/ledger.md "Seals"): the verifier must catch every rewrite a database superuser can
// make with the immutability triggers off.
const t = setupTestServer();
const { admin, user } = setupCast(t, { user: { name: 'Seal Tester' } });

/** Runs `fn` as the superuser with triggers off (what an operator with database access could do). */
const tamper = (fn: (q: TxQueryable) => Promise<unknown>) =>
  t().db.tx(async (q) => {
    await q.exec('SET LOCAL session_replication_role = replica');
    await fn(q);
  });

/** A test that breaks the ledger on purpose: the database is emptied after it, so the suite's invariant check sees a sane ledger. */
const tampering = (name: string, fn: () => Promise<void>) =>
  test(name, async () => {
    try {
      await fn();
    } finally {
      await t().reset();
    }
  });

const transferIds = async () => (await t().db.query<{ id: string }>('SELECT id::text AS id FROM transfers ORDER BY id')).rows.map((r) => r.id);

async function sealedLedger(moves = 4): Promise<string[]> {
  for (let i = 0; i < moves; i++) await fund(t(), admin, user, 10 + i);
  expect(await sealLedger(t().db)).toBe(moves);
  return transferIds();
}

test('the job seals every final transfer in a chain; new transfers are sealed by the next run and chained', async () => {
  const ids = await sealedLedger(3);
  let v = await verifyLedger(t().db);
  expect(v).toMatchObject({ ok: true, seals: 1, sealedTransfers: 3, unsealedTransfers: 0, firstBroken: null, head: { seal: 1, lastTransfer: ids.at(-1) } });
  const first = await t().db.query<{ prev_hash: string; hash: string }>('SELECT prev_hash, hash FROM ledger_seals WHERE id = 1');
  expect(first.rows[0]?.prev_hash).toBe(GENESIS_HASH);

  await fund(t(), admin, user, 5);
  expect((await verifyLedger(t().db)).unsealedTransfers).toBe(1);
  expect(await sealLedger(t().db)).toBe(1);
  expect(await sealLedger(t().db)).toBe(0);
  v = await verifyLedger(t().db);
  expect(v).toMatchObject({ ok: true, seals: 2, sealedTransfers: 4, unsealedTransfers: 0 });
  const second = await t().db.query<{ prev_hash: string }>('SELECT prev_hash FROM ledger_seals WHERE id = 2');
  expect(second.rows[0]?.prev_hash).toBe(first.rows[0]?.hash);
});

test('a long chain (more seals than one digit, ids past 9) stays in numeric order', async () => {
  for (let i = 0; i < 11; i++) {
    await fund(t(), admin, user, 1 + i);
    expect(await sealLedger(t().db)).toBe(1);
  }
  expect(await verifyLedger(t().db)).toMatchObject({ ok: true, seals: 11, sealedTransfers: 11, head: { seal: 11 } });
});

tampering('an edited transfer is caught, naming the seal and the transfer', async () => {
  const ids = await sealedLedger();
  await tamper((q) => q.query('UPDATE transfers SET amount_cents = amount_cents + 1 WHERE id = $1', [ids[2]]));
  expect((await verifyLedger(t().db)).firstBroken).toEqual({ seal: 1, transferId: ids[2], problem: 'a sealed transfer was changed' });
});

tampering('an edit of a field other than the amount (the reason, the time) is caught too', async () => {
  const ids = await sealedLedger();
  await tamper((q) => q.query("UPDATE transfers SET created_at = created_at + interval '1 microsecond' WHERE id = $1", [ids[1]]));
  expect((await verifyLedger(t().db)).firstBroken).toMatchObject({ transferId: ids[1], problem: 'a sealed transfer was changed' });
});

tampering('a deleted transfer is caught', async () => {
  const ids = await sealedLedger();
  await tamper((q) => q.query('DELETE FROM transfers WHERE id = $1', [ids[1]]));
  expect((await verifyLedger(t().db)).firstBroken).toEqual({ seal: 1, transferId: ids[1], problem: 'a sealed transfer is missing' });
});

tampering('reordered transfers (two rows swap their contents) are caught', async () => {
  const ids = await sealedLedger();
  const [a, b] = [ids[0], ids[3]];
  // ids are GENERATED ALWAYS, so a reorder moves the contents: row a gets b's movement, b gets a's
  // (each keeps its record reference, which the once-per-record index would not let two rows share).
  await tamper((q) =>
    q.query(
      `UPDATE transfers t SET debit_account = s.debit_account, credit_account = s.credit_account, asset = s.asset, amount_cents = s.amount_cents,
         actor = s.actor, reason = s.reason, created_at = s.created_at
       FROM transfers s WHERE (t.id = $1 AND s.id = $2) OR (t.id = $2 AND s.id = $1)`,
      [a, b],
    ),
  );
  expect((await verifyLedger(t().db)).firstBroken).toEqual({ seal: 1, transferId: a, problem: 'a sealed transfer was changed' });
});

tampering('a transfer slipped into a sealed range (into a gap of the id sequence) is caught', async () => {
  await fund(t(), admin, user, 10);
  // A rolled-back transaction leaves a gap in the ids, as in production.
  const gap = (await t().db.query<{ id: string }>("SELECT nextval(pg_get_serial_sequence('transfers', 'id'))::text AS id")).rows[0]?.id ?? '';
  await fund(t(), admin, user, 20);
  await sealLedger(t().db);
  expect((await verifyLedger(t().db)).ok).toBe(true);
  await tamper((q) =>
    q.query(
      `INSERT INTO transfers (id, debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id, created_at)
       OVERRIDING SYSTEM VALUE SELECT $1, debit_account, credit_account, asset, 100000, kind, actor, reason, ref_type, 'forged-record', created_at FROM transfers ORDER BY id LIMIT 1`,
      [gap],
    ),
  );
  expect((await verifyLedger(t().db)).firstBroken).toEqual({ seal: 1, transferId: gap, problem: 'a transfer appeared inside a sealed range' });
});

tampering('a rewritten seal is caught: its hash, or the chain to the next seal', async () => {
  await sealedLedger(2);
  await fund(t(), admin, user, 7);
  await sealLedger(t().db);
  await tamper((q) => q.query("UPDATE ledger_seals SET hash = repeat('a', 64) WHERE id = 1"));
  expect((await verifyLedger(t().db)).firstBroken).toEqual({ seal: 1, transferId: null, problem: 'the seal’s own hash does not match its digests' });
});

test('seals and transfers refuse UPDATE and DELETE with the triggers on', async () => {
  await sealedLedger(1);
  await expect(t().db.query("UPDATE ledger_seals SET hash = 'x'")).rejects.toThrow(/ledger seals are immutable/);
  await expect(t().db.query('DELETE FROM ledger_seals')).rejects.toThrow(/ledger seals are immutable/);
});

test('two sealing runs at once seal each transfer once', async () => {
  for (let i = 0; i < 6; i++) await fund(t(), admin, user, 1 + i);
  const runs = await Promise.all([sealLedger(t().db), sealLedger(t().db), sealLedger(t().db)]);
  const total = runs.reduce((a, b) => a + b, 0);
  // A run that found another sealing stops; the next job run seals what is left.
  if (total < 6) await sealLedger(t().db);
  expect(await verifyLedger(t().db)).toMatchObject({ ok: true, sealedTransfers: 6, unsealedTransfers: 0 });
});

test('GET /admin/ledger/verify answers the verification to admins only', async () => {
  await sealedLedger(2);
  const res = await t().call('verifyLedger', { token: admin.token });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ ok: true, seals: 1, sealedTransfers: 2, unsealedTransfers: 0, firstBroken: null });
  expect((await t().call('verifyLedger', { token: user.token })).status).toBe(403);
  expect((await t().call('verifyLedger')).status).toBe(401);
});
