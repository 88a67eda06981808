import { createHash } from 'node:crypto';
import { LIABILITY_COLUMNS, checkInclusionProof, type InclusionProof, type LiabilitySnapshot } from '@halcyon/api-client/contract';
import { buildSumTree } from '../../src/ledger/liabilities';
import { sealLedger } from '../../src/ledger/seals';
import { setupTestServer } from '../harness';
import { createPlan, fund, invest, setupCast } from './helpers';

// Proof of liabilities (issue 13 item 4; docs/ledger.md "Proof of liabilities").
const t = setupTestServer();
const { admin, ann, bob, cat } = setupCast(t, { ann: {}, bob: {}, cat: {} });
const sha256Hex = async (m: string) => createHash('sha256').update(m, 'utf8').digest('hex');

/** Ann: 1000 USDT of which 400 invested and 100 held for a withdrawal, 50 earnings; Bob: 250 BTC; Cat: nothing. */
async function moneyEverywhere() {
  await fund(t(), admin, ann, 1000);
  await fund(t(), admin, bob, 250, 'bitcoin');
  const plan = await createPlan(t(), admin, { returns: 10 });
  const inv = await invest(t(), ann, plan, 400);
  await t().call('approveInvestment', { token: admin.token, params: { id: inv } });
  const credited = await t().call('creditEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount: 50, plan_id: plan, investment_id: inv, reason: 'Bonus' }, headers: { 'idempotency-key': 'e1' } });
  expect(credited.status).toBe(201);
  const withdrawn = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 100, to: ann.uid, address: 'TXyz-usdt-address' }, headers: { 'idempotency-key': 'w1' } });
  expect(withdrawn.status).toBe(201);
}

async function publish(): Promise<LiabilitySnapshot> {
  const res = await t().call('publishLiabilities', { token: admin.token });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('Proof of liabilities published.');
  return res.body.data as LiabilitySnapshot;
}

async function proofOf(token: string): Promise<InclusionProof> {
  const res = await t().call('getLiabilityProof', { token });
  expect(res.status).toBe(200);
  return res.body.data as InclusionProof;
}

/** The ledger's own totals per column: every user account, straight from `accounts`. */
async function ledgerTotals(): Promise<string[]> {
  const { rows } = await t().db.query<{ kind: string; asset: string; total: string }>(
    'SELECT kind, asset, SUM(balance)::text AS total FROM accounts WHERE owner IS NOT NULL GROUP BY kind, asset',
  );
  return LIABILITY_COLUMNS.map((column) =>
    rows
      .filter((r) => (column === 'earnings' ? r.kind === 'earnings' : r.asset === column && ['available', 'held', 'invested'].includes(r.kind)))
      .reduce((sum, r) => sum + BigInt(r.total), 0n)
      .toString(),
  );
}

/** Runs `sql` as the database owner with triggers off: what a rogue operator could do. */
const tamper = (sql: string, params: unknown[] = []) =>
  t().db.tx(async (q) => {
    await q.exec('SET LOCAL session_replication_role = replica');
    await q.query(sql, params);
  });

test('every investor proof leads to the published root, and the published totals equal the ledger to the cent', async () => {
  await moneyEverywhere();
  const snapshot = await publish();
  expect(snapshot).toMatchObject({ columns: [...LIABILITY_COLUMNS], leafCount: 3, depth: 2 });
  // The seal chain's head at publication goes out with the root (nothing sealed yet here: null).
  expect(snapshot.ledgerHead).toBeNull();
  expect(snapshot.totals).toEqual(await ledgerTotals());
  // USDT: Ann's 1000 (available 500 + held 100 + invested 400); BTC: Bob's 250; earnings 50.
  expect(snapshot.totals).toEqual(['25000', '100000', '0', '0', '5000']);

  const publicView = await t().call('latestLiabilities');
  expect(publicView.status).toBe(200);
  expect(publicView.body.data).toEqual(snapshot);
  for (const user of [ann, bob, cat]) {
    const proof = await proofOf(user.token);
    expect(proof.uid).toBe(user.uid);
    expect(await checkInclusionProof(proof, snapshot, sha256Hex, { uid: user.uid })).toEqual({ ok: true });
  }
  expect((await proofOf(ann.token)).balances).toEqual(['0', '100000', '0', '0', '5000']);
  expect((await proofOf(cat.token)).balances).toEqual(['0', '0', '0', '0', '0']);
  expect((await t().call('auditLiabilities', { token: admin.token })).body.data).toEqual({ snapshotId: snapshot.id, ok: true, problem: null, leafCount: 3 });
});

test('a proof is the newest snapshot\'s; an investor who joined after it has none yet', async () => {
  expect((await t().call('latestLiabilities')).body.data).toBeNull();
  expect((await t().call('getLiabilityProof', { token: ann.token })).body).toMatchObject({ message: 'No published snapshot includes your account yet.' });
  const first = await publish();
  await fund(t(), admin, ann, 10);
  const second = await publish();
  expect(second.id).not.toBe(first.id);
  expect((await t().call('latestLiabilities')).body.data?.id).toBe(second.id);
  const proof = await proofOf(ann.token);
  expect(proof.snapshotId).toBe(second.id);
  expect(proof.balances[1]).toBe('1000');
  const late = await t().registerUser();
  const res = await t().call('getLiabilityProof', { token: late.token });
  expect(res.status).toBe(404);
});

test('the proof route answers only the caller\'s own proof, and the check refuses it on anyone else\'s screen', async () => {
  await moneyEverywhere();
  const snapshot = await publish();
  const annProof = await proofOf(ann.token);
  const bobProof = await proofOf(bob.token);
  expect([annProof.uid, bobProof.uid]).toEqual([ann.uid, bob.uid]);
  expect(annProof.index).not.toBe(bobProof.index);
  // Naming someone else changes nothing: the route reads the caller from the token only.
  for (const ask of [`?uid=${bob.uid}`, `?id=${bob.uid}`, `?user=${bob.uid}`]) {
    const res = await t().fetch(`/api/user/liabilities/proof${ask}`, { headers: { authorization: `Bearer ${ann.token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: InclusionProof }).data).toEqual(annProof);
  }
  // Bob's proof is valid for Bob, and refused on Ann's screen, also when relabelled with her uid.
  expect(await checkInclusionProof(bobProof, snapshot, sha256Hex, { uid: bob.uid })).toEqual({ ok: true });
  expect(await checkInclusionProof(bobProof, snapshot, sha256Hex, { uid: ann.uid })).toEqual({ ok: false, problem: "This proof is for another investor's account, not yours." });
  expect(await checkInclusionProof({ ...bobProof, uid: ann.uid }, snapshot, sha256Hex, { uid: ann.uid })).toMatchObject({ ok: false, problem: expect.stringMatching(/does not lead to the published root/) });
  // Her balances as her own ledger shows them (each asset's newest "balance after") are the ones in her leaf.
  const own = await Promise.all(
    (['btc', 'usdt', 'eth', 'sol', 'usd'] as const).map(async (asset) => {
      const res = await t().call('getLedger', { token: ann.token, query: { asset, limit: 1 } });
      return [String(Math.round((res.body.data[0]?.assetBalanceAfter ?? 0) * 100))];
    }),
  );
  expect(own).toEqual([['0'], ['100000'], ['0'], ['0'], ['5000']]);
  expect(await checkInclusionProof(annProof, snapshot, sha256Hex, { uid: ann.uid, balances: own })).toEqual({ ok: true });
  expect(await checkInclusionProof(bobProof, snapshot, sha256Hex, { uid: bob.uid, balances: own })).toMatchObject({ ok: false });
});

test('only admins publish and audit; a proof needs the investor\'s own token', async () => {
  expect((await t().call('publishLiabilities', { token: ann.token })).status).toBe(403);
  expect((await t().call('auditLiabilities', { token: ann.token })).status).toBe(403);
  expect((await t().call('getLiabilityProof')).status).toBe(401);
  expect((await t().call('getLiabilityProof', { token: admin.token })).status).toBe(403);
});

test('a snapshot publishes the ledger seal head of its moment', async () => {
  await moneyEverywhere();
  await sealLedger(t().db);
  const head = (await t().call('verifyLedger', { token: admin.token })).body.data?.head;
  const snapshot = await publish();
  expect(snapshot.ledgerHead).toEqual({ seal: head?.seal, hash: head?.hash });
});

test('snapshots cannot be changed through the database\'s normal paths', async () => {
  const snapshot = await publish();
  await expect(t().db.query("UPDATE liability_nodes SET sums = '0,0,0,0,0' WHERE snapshot_id = $1", [snapshot.id])).rejects.toThrow(/immutable/);
  await expect(t().db.query('DELETE FROM liability_leaves WHERE snapshot_id = $1', [snapshot.id])).rejects.toThrow(/immutable/);
});

describe('a dishonest tree is rejected', () => {
  test('omitting an account: the investor\'s proof cannot reach the published root, and the audit names the account', async () => {
    await moneyEverywhere();
    const honest = await publish();
    const annProof = await proofOf(ann.token);
    // The same balances without Ann's leaf: a smaller total to publish.
    const leaves = [bob, cat].map((u, i) => ({ uid: u.uid, nonce: `n${i}`, balances: ['0', '0', '0', '0', '0'] }));
    const short = buildSumTree(honest.id, leaves);
    const root = short.levels[short.levels.length - 1]?.[0];
    const forged = { id: honest.id, rootHash: root?.hash ?? '', totals: root?.sums ?? [], depth: short.levels.length - 1 };
    const check = await checkInclusionProof(annProof, forged, sha256Hex, { uid: ann.uid });
    expect(check.ok).toBe(false);

    // In the stored tree: an investor who existed when the snapshot was taken but has no leaf.
    const hidden = await t().registerUser();
    await tamper("UPDATE users SET created_at = now() - interval '1 day' WHERE id = $1", [hidden.uid]);
    expect((await t().call('auditLiabilities', { token: admin.token })).body.data).toMatchObject({ ok: false, problem: `The account ${hidden.uid} is missing from the tree` });
  });

  test('a negative balance: refused by the proof check and by the audit', async () => {
    await moneyEverywhere();
    const snapshot = await publish();
    const proof = await proofOf(bob.token);
    const sibling = proof.siblings[0];
    if (!sibling) throw new Error('no sibling');
    const negative = { ...proof, siblings: [{ ...sibling, sums: ['-25000', '0', '0', '0', '0'] }, ...proof.siblings.slice(1)] };
    expect(await checkInclusionProof(negative, snapshot, sha256Hex, { uid: bob.uid })).toEqual({ ok: false, problem: 'Step 1 of the proof carries a negative or malformed sum.' });

    await tamper("UPDATE liability_nodes SET sums = '0,-100,0,0,0' WHERE snapshot_id = $1 AND level = 0 AND idx = 0", [snapshot.id]);
    expect((await t().call('auditLiabilities', { token: admin.token })).body.data).toMatchObject({ ok: false, problem: 'Node 0/0 has a negative or malformed sum' });
  });

  test('a wrong sum: a sibling\'s sums changed breaks the path to the root; a node not adding up fails the audit', async () => {
    await moneyEverywhere();
    const snapshot = await publish();
    const proof = await proofOf(cat.token);
    const top = proof.siblings[proof.siblings.length - 1];
    if (!top) throw new Error('no sibling');
    // Lower one subtree's liabilities and raise nothing: the parent committed to the old sums.
    const lowered = { ...proof, siblings: [...proof.siblings.slice(0, -1), { ...top, sums: top.sums.map(() => '0') }] };
    expect(await checkInclusionProof(lowered, snapshot, sha256Hex, { uid: cat.uid })).toMatchObject({ ok: false, problem: expect.stringMatching(/published root|other totals/) });

    await tamper("UPDATE liability_nodes SET sums = '0,0,0,0,0' WHERE snapshot_id = $1 AND level = 1 AND idx = 0", [snapshot.id]);
    expect((await t().call('auditLiabilities', { token: admin.token })).body.data).toMatchObject({ ok: false, problem: expect.stringMatching(/is not made of its children|not the published one/) });
  });
});

test('trees of every small size have proofs for every leaf (padding at odd levels)', async () => {
  for (let n = 0; n <= 9; n++) {
    const leaves = Array.from({ length: n }, (_v, i) => ({ uid: `u${i}`, nonce: `nonce${i}`, balances: [String(i), '0', '1', '0', String(2 * i)] }));
    const tree = buildSumTree('snap', leaves);
    const depth = tree.levels.length - 1;
    const root = tree.levels[depth]?.[0];
    const published = { id: 'snap', rootHash: root?.hash ?? '', totals: root?.sums ?? [], depth };
    expect(root?.sums).toEqual([String((n * (n - 1)) / 2), '0', String(n), '0', String(n * (n - 1))]);
    for (const leaf of leaves) {
      const index = tree.positions.get(leaf.uid) ?? -1;
      const siblings = Array.from({ length: depth }, (_v, level) => tree.levels[level]?.[(index >> level) ^ 1] ?? { hash: '', sums: [] });
      expect(await checkInclusionProof({ snapshotId: 'snap', uid: leaf.uid, index, nonce: leaf.nonce, balances: leaf.balances, siblings }, published, sha256Hex, { uid: leaf.uid })).toEqual({ ok: true });
    }
  }
});
