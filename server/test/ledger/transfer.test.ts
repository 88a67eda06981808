import { migrateDb } from '../../src/db';
import { openPglite } from '../../src/db/pglite';
import type { Db } from '../../src/db/types';
import { available, custody, earnings, held, returns } from '../../src/ledger/accounts';
import { TRANSFER_KINDS, transfer, type TransferInput } from '../../src/ledger/transfer';
import { AppError } from '../../src/errors';
import { assertLedgerInvariants } from '../hooks';

// The ledger core straight on PGlite, without HTTP: transfer, its refusals and the database rules.
let db: Db;

beforeAll(async () => {
  db = await openPglite('memory://');
  await migrateDb(db);
  await db.query(
    `INSERT INTO users (id, name, username, email, password_hash, role) VALUES
     ('u1', 'Ann Lee', 'ann', 'ann@example.com', 'x', 'user'), ('u2', 'Bo Chen', 'bo', 'bo@example.com', 'x', 'user')`,
  );
}, 60_000);
afterAll(() => db.close());
afterEach(() => assertLedgerInvariants(db));

const base = { actor: 'system', reason: 'test' };
let refs = 0;
// Each move its own record: a record has at most one transfer of each kind (migration 007).
const move = (t: Omit<TransferInput, 'actor' | 'reason' | 'ref'>) => db.tx((q) => transfer(q, { ...base, ref: { type: 'adjustment', id: `test-${refs++}` }, ...t }));
const balance = async (id: string): Promise<string | undefined> =>
  (await db.query<{ balance: string }>('SELECT balance FROM accounts WHERE id = $1', [id])).rows[0]?.balance;

test('a deposit credit moves cents from custody to the user and records one transfer', async () => {
  const { id } = await move({ debit: custody('btc'), credit: available('u1', 'btc'), amountCents: 10_000, kind: 'deposit' });
  expect(await balance('available:btc:u1')).toBe('10000');
  expect(await balance('custody:btc')).toBe('-10000');
  const t = await db.query('SELECT debit_account, credit_account, asset, amount_cents, kind, actor FROM transfers WHERE id = $1', [id]);
  expect(t.rows[0]).toEqual({ debit_account: 'custody:btc', credit_account: 'available:btc:u1', asset: 'btc', amount_cents: '10000', kind: 'deposit', actor: 'system' });
});

test('a debit beyond the balance is refused with 422 Insufficient balance and changes nothing', async () => {
  const before = await db.query('SELECT count(*)::int AS n FROM transfers');
  const error = await move({ debit: available('u1', 'btc'), credit: held('u1', 'btc'), amountCents: 10_001, kind: 'withdrawal_hold' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 422, message: 'Insufficient balance' });
  expect(await balance('available:btc:u1')).toBe('10000');
  expect(await db.query('SELECT count(*)::int AS n FROM transfers')).toEqual(before);
});

test('a debit of an account that does not exist yet is insufficient, not an error of another kind', async () => {
  await expect(move({ debit: available('u2', 'eth'), credit: held('u2', 'eth'), amountCents: 1, kind: 'withdrawal_hold' })).rejects.toMatchObject({ status: 422 });
});

test('a refused debit whose credit account sorts first (credited first) leaves the credit unchanged too', async () => {
  // 'available:…' < 'held:…': the credit is written before the debit is tried, then rolled back.
  const before = await db.query('SELECT count(*)::int AS n FROM transfers');
  await expect(move({ debit: held('u1', 'btc'), credit: available('u1', 'btc'), amountCents: 1, kind: 'withdrawal_release' })).rejects.toMatchObject({
    status: 422, message: 'Insufficient balance',
  });
  expect(await balance('available:btc:u1')).toBe('10000');
  expect(await db.query('SELECT count(*)::int AS n FROM transfers')).toEqual(before);
});

test('the exact balance can be moved, leaving zero', async () => {
  await move({ debit: available('u1', 'btc'), credit: held('u1', 'btc'), amountCents: 10_000, kind: 'withdrawal_hold' });
  expect(await balance('available:btc:u1')).toBe('0');
  expect(await balance('held:btc:u1')).toBe('10000');
  // back, so the held-vs-withdrawals invariant (no withdrawal rows here) holds again
  await move({ debit: held('u1', 'btc'), credit: available('u1', 'btc'), amountCents: 10_000, kind: 'withdrawal_release' });
});

test('platform accounts may go negative: returns pays earnings', async () => {
  await move({ debit: returns(), credit: earnings('u2'), amountCents: 250, kind: 'earnings_credit' });
  expect(await balance('returns:usd')).toBe('-250');
  expect(await balance('earnings:usd:u2')).toBe('250');
});

test('transfers between assets, to the same account, or of non-positive or fractional cents are refused', async () => {
  await expect(move({ debit: custody('btc'), credit: available('u1', 'eth'), amountCents: 1, kind: 'deposit' })).rejects.toThrow(/between assets/);
  await expect(move({ debit: custody('btc'), credit: custody('btc'), amountCents: 1, kind: 'deposit' })).rejects.toThrow(/same account/);
  for (const amountCents of [0, -5, 1.5, Number.NaN]) {
    await expect(move({ debit: custody('btc'), credit: available('u1', 'btc'), amountCents, kind: 'deposit' })).rejects.toThrow(RangeError);
  }
});

test('the database itself refuses a negative user balance (CHECK), even when code skips the guard', async () => {
  await expect(db.query("UPDATE accounts SET balance = -1 WHERE id = 'available:btc:u1'")).rejects.toThrow(/accounts_user_balance_nonnegative/);
});

test('transfers are immutable: UPDATE, DELETE and TRUNCATE raise', async () => {
  await expect(db.query('UPDATE transfers SET amount_cents = 1')).rejects.toThrow(/transfers are immutable: UPDATE/);
  await expect(db.query('DELETE FROM transfers')).rejects.toThrow(/transfers are immutable: DELETE/);
  await expect(db.query('TRUNCATE transfers')).rejects.toThrow(/transfers are immutable: TRUNCATE/);
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM transfers')).rows[0]?.n).toBeGreaterThan(0);
});

test('a failure later in the same transaction rolls the transfer back', async () => {
  const before = await balance('available:btc:u1');
  await expect(
    db.tx(async (q) => {
      await transfer(q, { ...base, ref: { type: 'deposit', id: 'rolled-back' }, debit: custody('btc'), credit: available('u1', 'btc'), amountCents: 500, kind: 'deposit' });
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(await balance('available:btc:u1')).toBe(before);
});

test('the invariant check catches a balance that drifted from its transfers', async () => {
  await db.query("UPDATE accounts SET balance = balance + 1 WHERE id = 'custody:sol'");
  await expect(assertLedgerInvariants(db)).rejects.toThrow(/asset sol: balances sum to 1[\s\S]*account custody:sol: balance 1 but transfers sum to 0/);
  await db.query("UPDATE accounts SET balance = balance - 1 WHERE id = 'custody:sol'");
});

test('the invariant check catches held funds that do not match the open withdrawals', async () => {
  await move({ debit: custody('usdt'), credit: available('u2', 'usdt'), amountCents: 300, kind: 'deposit' });
  await move({ debit: available('u2', 'usdt'), credit: held('u2', 'usdt'), amountCents: 300, kind: 'withdrawal_hold' });
  await expect(assertLedgerInvariants(db)).rejects.toThrow('held:usdt:u2: balance 300 but its open requests sum to 0');
  await move({ debit: held('u2', 'usdt'), credit: available('u2', 'usdt'), amountCents: 300, kind: 'withdrawal_release' });
  // And the other way round: an open withdrawal whose funds were never held.
  await db.query("INSERT INTO withdrawals (id, uid, method, asset, amount_cents) VALUES ('w-x', 'u2', 'bitcoin', 'btc', 5)");
  await expect(assertLedgerInvariants(db)).rejects.toThrow('held:btc:u2: balance 0 but its open requests sum to 5');
  await db.query("UPDATE withdrawals SET status = 'declined' WHERE id = 'w-x'");
});

test('a record\'s second transfer of the same kind is refused by the database and answers 409, nothing moves', async () => {
  const ref = { type: 'deposit' as const, id: 'dep-once' };
  const credit = () => db.tx((q) => transfer(q, { ...base, ref, debit: custody('eth'), credit: available('u2', 'eth'), amountCents: 100, kind: 'deposit' }));
  await credit();
  const again = await credit().catch((e: unknown) => e);
  expect(again).toMatchObject({ status: 409, code: 'ALREADY_RECORDED', message: 'This money movement is already recorded' });
  expect(await balance('available:eth:u2')).toBe('100');
  // Earnings adjustments may repeat on one investment.
  const inv = { type: 'investment' as const, id: 'inv-many' };
  for (let i = 0; i < 2; i++) await db.tx((q) => transfer(q, { ...base, ref: inv, debit: returns(), credit: earnings('u2'), amountCents: 10, kind: 'earnings_credit' }));
});

test('the database knows the transfer kinds the code writes, and refuses any other', async () => {
  const check = await db.query<{ def: string }>("SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'transfers_kind_known'");
  const inCheck = [...(check.rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  expect([...inCheck].sort()).toEqual([...TRANSFER_KINDS].sort());
  await move({ debit: custody('usdt'), credit: available('u1', 'usdt'), amountCents: 100, kind: 'deposit' });
  await expect(
    db.query("INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id) VALUES ('custody:usdt', 'available:usdt:u1', 'usdt', 1, 'gift', 'system', 'x', 'adjustment', 'k1')"),
  ).rejects.toMatchObject({ code: '23514' });
});

test("a transfer's accounts exist in its asset: an account of another asset is refused by the foreign keys", async () => {
  await move({ debit: custody('btc'), credit: available('u2', 'btc'), amountCents: 100, kind: 'deposit' });
  // available:btc:u2 exists, but holds btc: a usdt transfer into it names no usdt account.
  await expect(
    db.query("INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id) VALUES ('custody:usdt', 'available:btc:u2', 'usdt', 1, 'deposit', 'system', 'x', 'adjustment', 'k2')"),
  ).rejects.toMatchObject({ code: '23503' });
});

test('a movement groups its legs: a later leg names the first transfer, and only an existing one', async () => {
  const first = await move({ debit: custody('usdt'), credit: available('u1', 'usdt'), amountCents: 100, kind: 'deposit' });
  const leg = await db.tx((q) => transfer(q, { ...base, ref: { type: 'adjustment', id: `test-${refs++}` }, debit: returns(), credit: earnings('u1'), amountCents: 5, kind: 'earnings_credit', movement: first.id }));
  const rows = await db.query<{ id: string; movement: string }>('SELECT id::text, COALESCE(movement_id, id)::text AS movement FROM transfers WHERE id = ANY($1::bigint[]) ORDER BY id', [[first.id, leg.id]]);
  expect(rows.rows.map((r) => r.movement)).toEqual([first.id, first.id]);
  await expect(
    db.tx((q) => transfer(q, { ...base, ref: { type: 'adjustment', id: `test-${refs++}` }, debit: returns(), credit: earnings('u1'), amountCents: 5, kind: 'earnings_credit', movement: '999999' })),
  ).rejects.toMatchObject({ code: '23503' });
});
