import { measureReserve } from '../../src/jobs/chain-reserves';
import { setupTestServer, type TestServer } from '../harness';
import { balances, chainConfig, CONFIRMATIONS, deposit, follow, newKeys, nodes, price, readDeposit, setKeys, units } from './harness';

// Deposits credited from the chain (issue 26; docs/chain.md), on the run's real nodes: litecoind
// regtest for Bitcoin, Anvil for Ethereum and BSC. Every step a follower takes is one run of its
// job (`follow`), so each test says exactly how many blocks exist when it looks.

const t = setupTestServer({ chain: chainConfig() });

async function withKeys(s: TestServer) {
  const admin = await s.loginAdmin();
  await setKeys(s, admin);
  return admin;
}

beforeEach(async () => {
  await price('btc', 60_000);
  await price('eth', 3_000);
});

test('with no key set, a deposit is the spec\'s manual review, and an admin credits it', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const d = await deposit(t(), user, 'bitcoin', 250);
  expect(d.payment).toBeNull();
  const approved = await t().call('approveDeposit', { token: admin.token, params: { id: d.id, method: 'bitcoin' } });
  expect(approved.status).toBe(200);
  expect(await balances(t(), user)).toMatchObject({ btcBal: 250 });
});

test('Bitcoin: the investor\'s own address and the coin amount at the feed\'s price; credited after 3 confirmations, not before, with no admin', async () => {
  const admin = await withKeys(t());
  const user = await t().registerUser();
  const d = await deposit(t(), user, 'bitcoin', 250);
  const p = d.payment;
  expect(p).toMatchObject({ network: 'bitcoin', coin: 'BTC', cryptoAmount: '0.00416667', confirmationsRequired: CONFIRMATIONS, state: 'waiting', txid: null, confirmations: 0 });
  expect(p?.address).toMatch(/^rltc1q/);
  expect(p?.uri).toBe(`litecoin:${p?.address}?amount=0.00416667`);
  // The same address for the investor's next quote; another investor's is another.
  expect((await deposit(t(), user, 'bitcoin', 10)).payment?.address).toBe(p?.address);
  expect((await deposit(t(), await t().registerUser(), 'bitcoin', 10)).payment?.address).not.toBe(p?.address);

  await follow(t(), 'bitcoin');
  const { txid } = await nodes.sendBtc(p?.address as string, 416_667n);
  await nodes.mineBtc(1);
  await follow(t(), 'bitcoin');
  expect((await readDeposit(t(), user, d.id)).payment).toMatchObject({ state: 'seen', txid, confirmations: 1, paidAmount: '0.00416667', explorerUrl: `https://explorer.test/btc/${txid}` });
  await nodes.mineBtc(1);
  await follow(t(), 'bitcoin');
  expect((await readDeposit(t(), user, d.id)).payment).toMatchObject({ state: 'seen', confirmations: 2 });
  expect(await balances(t(), user)).toMatchObject({ btcBal: 0 });

  await nodes.mineBtc(1);
  await follow(t(), 'bitcoin');
  const credited = await readDeposit(t(), user, d.id);
  expect(credited).toMatchObject({ status: 'approved', amount: 250, payment: { state: 'credited', confirmations: 3 } });
  expect(await balances(t(), user)).toMatchObject({ btcBal: 250 });
  // The reserve: the node's UTXO set at every derived address (three investors, one paid).
  const bitcoin = t().app.deps.chains.watched.bitcoin;
  if (!bitcoin) throw new Error('bitcoin is watched');
  expect(await measureReserve(t().db, bitcoin)).toMatchObject({ units: 416_667n, addresses: 2 });
  // The chain judged it: no review can approve or decline it again.
  const again = await t().call('approveDeposit', { token: admin.token, params: { id: d.id, method: 'bitcoin' } });
  expect(again.status).toBe(409);
  expect((await t().call('declineDeposit', { token: admin.token, params: { id: d.id } })).status).toBe(409);
});

test('Ethereum and BEP-20 USDT: one address on both chains, each credited from its own chain', async () => {
  await withKeys(t());
  const user = await t().registerUser();
  const eth = await deposit(t(), user, 'ethereum', 300);
  const usdt = await deposit(t(), user, 'usdt', 120.5);
  expect(eth.payment).toMatchObject({ network: 'ethereum', coin: 'ETH', cryptoAmount: '0.1', confirmationsRequired: CONFIRMATIONS });
  expect(usdt.payment).toMatchObject({ network: 'bsc', coin: 'USDT', cryptoAmount: '120.5' });
  expect(usdt.payment?.address).toBe(eth.payment?.address);
  expect(eth.payment?.uri).toBe(`ethereum:${eth.payment?.address}@1337?value=${10n ** 17n}`);
  expect(usdt.payment?.uri).toBe(`ethereum:${nodes.contracts.usdt}@56/transfer?address=${usdt.payment?.address}&uint256=${units('120.5', 18)}`);

  await follow(t(), 'ethereum');
  await follow(t(), 'bsc');
  const to = eth.payment?.address as `0x${string}`;
  await nodes.sendEth('ethereum', to, 10n ** 17n);
  await nodes.sendUsdt(to, units('120.5', 18));
  // A value sent on the other chain (BNB on BSC) is no deposit asset: nothing happens.
  await nodes.sendEth('bsc', to, 10n ** 18n);
  await nodes.mineEvm('ethereum', CONFIRMATIONS - 1);
  await nodes.mineEvm('bsc', CONFIRMATIONS);
  await follow(t(), 'ethereum');
  await follow(t(), 'bsc');
  expect((await readDeposit(t(), user, eth.id)).payment).toMatchObject({ state: 'seen', confirmations: CONFIRMATIONS - 1 });
  expect((await readDeposit(t(), user, usdt.id)).payment).toMatchObject({ state: 'credited' });
  await nodes.mineEvm('ethereum', 1);
  await follow(t(), 'ethereum');
  expect((await readDeposit(t(), user, eth.id)).payment).toMatchObject({ state: 'credited' });
  expect(await balances(t(), user)).toMatchObject({ ethBal: 300, usdtBal: 120.5 });
});

test('exactly once: followers at the same time and again afterwards credit a payment once', async () => {
  await withKeys(t());
  const user = await t().registerUser();
  const d = await deposit(t(), user, 'usdt', 50);
  await follow(t(), 'bsc');
  await nodes.sendUsdt(d.payment?.address as `0x${string}`, units('50', 18));
  await nodes.mineEvm('bsc', CONFIRMATIONS);
  await Promise.all([follow(t(), 'bsc'), follow(t(), 'bsc'), follow(t(), 'bsc')]);
  await follow(t(), 'bsc');
  expect(await balances(t(), user)).toMatchObject({ usdtBal: 50 });
  const { rows } = await t().db.query<{ n: string }>("SELECT count(*) AS n FROM transfers WHERE kind = 'deposit' AND ref_id = $1", [d.id]);
  expect(rows[0]?.n).toBe('1');
});

test.each([1, 2])('a reorganisation %i deep below the threshold: the payment is seen in the new branch and credited once', async (depth) => {
  await withKeys(t());
  const user = await t().registerUser();
  const d = await deposit(t(), user, 'bitcoin', 60);
  await follow(t(), 'bitcoin');
  const { txid } = await nodes.sendBtc(d.payment?.address as string, units(d.payment?.cryptoAmount as string, 8));
  await nodes.mineBtc(depth);
  await follow(t(), 'bitcoin');
  const before = await t().db.query<{ block_hash: string }>('SELECT block_hash FROM chain_payments WHERE txid = $1', [txid]);
  // The blocks from the payment's up are replaced by a longer branch that mines it again.
  await nodes.reorgBtc(depth, { keepTxs: true });
  await follow(t(), 'bitcoin');
  const after = await t().db.query<{ block_hash: string; status: string }>('SELECT block_hash, status FROM chain_payments WHERE txid = $1', [txid]);
  expect(after.rows[0]?.block_hash).not.toBe(before.rows[0]?.block_hash);
  const cursor = await t().db.query<{ reorgs: number; deepest_reorg: number }>("SELECT reorgs, deepest_reorg FROM chain_cursors WHERE chain = 'bitcoin'");
  expect(cursor.rows[0]).toMatchObject({ reorgs: 1, deepest_reorg: depth });
  await nodes.mineBtc(CONFIRMATIONS);
  await follow(t(), 'bitcoin');
  expect(await balances(t(), user)).toMatchObject({ btcBal: 60 });
  const { rows } = await t().db.query<{ n: string }>("SELECT count(*) AS n FROM transfers WHERE kind = 'deposit' AND ref_id = $1", [d.id]);
  expect(rows[0]?.n).toBe('1');
});

test('a payment whose block leaves the chain for good is orphaned and never credited', async () => {
  await withKeys(t());
  const user = await t().registerUser();
  const d = await deposit(t(), user, 'ethereum', 30);
  await follow(t(), 'ethereum');
  await nodes.sendEth('ethereum', d.payment?.address as `0x${string}`, 10n ** 16n);
  await nodes.mineEvm('ethereum', 1);
  await follow(t(), 'ethereum');
  expect((await readDeposit(t(), user, d.id)).payment?.state).toBe('seen');
  // Anvil's reorg drops the transaction: no block will hold it again.
  await nodes.reorgEvm('ethereum', 1, { keepTxs: false });
  await nodes.mineEvm('ethereum', CONFIRMATIONS + 1);
  await follow(t(), 'ethereum');
  expect((await readDeposit(t(), user, d.id)).payment).toMatchObject({ state: 'orphaned' });
  expect(await balances(t(), user)).toMatchObject({ ethBal: 0 });
});

/** An investor whose 30 USD ETH quote was paid and credited (the payment CONFIRMATIONS blocks deep). */
async function creditedEthDeposit() {
  await withKeys(t());
  const user = await t().registerUser();
  const d = await deposit(t(), user, 'ethereum', 30);
  await follow(t(), 'ethereum');
  await nodes.sendEth('ethereum', d.payment?.address as `0x${string}`, 10n ** 16n);
  await nodes.mineEvm('ethereum', CONFIRMATIONS);
  await follow(t(), 'ethereum');
  expect(await balances(t(), user)).toMatchObject({ ethBal: 30 });
  return { user, d };
}

test('a credited payment whose block is replaced keeps its credit when the new branch has it', async () => {
  const { user } = await creditedEthDeposit();
  await nodes.reorgEvm('ethereum', CONFIRMATIONS, { keepTxs: true });
  await follow(t(), 'ethereum');
  expect(await balances(t(), user)).toMatchObject({ ethBal: 30 });
  const { rows } = await t().db.query<{ status: string }>('SELECT status FROM chain_payments');
  expect(rows).toEqual([{ status: 'credited' }]);
});

test('a credited payment orphaned by a deep reorganisation is reversed and the account flagged for review', async () => {
  const { user, d } = await creditedEthDeposit();
  // Its blocks are replaced by as many without it: by the new branch's third block no block took it back.
  await nodes.reorgEvm('ethereum', CONFIRMATIONS, { keepTxs: false });
  await follow(t(), 'ethereum');
  expect(await balances(t(), user)).toMatchObject({ ethBal: 0 });
  expect((await readDeposit(t(), user, d.id)).payment?.state).toBe('orphaned');
  const flagged = await t().db.query<{ review_reason: string }>('SELECT review_reason FROM users WHERE id = $1', [user.uid]);
  expect(flagged.rows[0]?.review_reason).toMatch(/left the chain; its 30\.00 USD was reversed/);
});

test('short, over and late payments are valued at the price when confirmed; a repeated one credits its owner too', async () => {
  await withKeys(t());
  const user = await t().registerUser();
  const short = await deposit(t(), user, 'usdt', 100);
  await deposit(t(), user, 'usdt', 10); // paid over
  const late = await deposit(t(), user, 'usdt', 20);
  // The late quote expired before its payment's block.
  await t().db.query("UPDATE deposits SET expires_at = now() - interval '1 minute' WHERE id = $1", [late.id]);
  const to = short.payment?.address as `0x${string}`;
  await follow(t(), 'bsc');
  // One payment per block, so that each is linked to the quote it is meant for (oldest open first, exact amount first).
  await nodes.sendUsdt(to, units('99.5', 18));
  await nodes.mineEvm('bsc', 1);
  await follow(t(), 'bsc');
  await nodes.sendUsdt(to, units('12', 18));
  await nodes.mineEvm('bsc', 1);
  await follow(t(), 'bsc');
  await nodes.sendUsdt(to, units('20', 18));
  await nodes.mineEvm('bsc', 1);
  await follow(t(), 'bsc');
  await nodes.sendUsdt(to, units('5', 18));
  await nodes.mineEvm('bsc', CONFIRMATIONS);
  await follow(t(), 'bsc');
  const valued = await t().db.query<{ valuation: string; credited_cents: string }>('SELECT valuation, credited_cents FROM chain_payments ORDER BY block_height, id');
  expect(valued.rows).toEqual([
    { valuation: 'short', credited_cents: '9950' },
    { valuation: 'over', credited_cents: '1200' },
    { valuation: 'late', credited_cents: '2000' },
    { valuation: 'unquoted', credited_cents: '500' },
  ]);
  expect(await balances(t(), user)).toMatchObject({ usdtBal: 99.5 + 12 + 20 + 5 });
  expect((await readDeposit(t(), user, short.id)).amount).toBe(99.5);
});

test('dust is recorded for the admins and not credited', async () => {
  await withKeys(t());
  const user = await t().registerUser();
  const d = await deposit(t(), user, 'usdt', 10);
  await follow(t(), 'bsc');
  await nodes.sendUsdt(d.payment?.address as `0x${string}`, units('0.5', 18));
  await nodes.mineEvm('bsc', CONFIRMATIONS);
  await follow(t(), 'bsc');
  const rows = await t().db.query<{ status: string; deposit_id: string | null }>('SELECT status, deposit_id FROM chain_payments');
  expect(rows.rows).toEqual([{ status: 'dust', deposit_id: null }]);
  expect(await balances(t(), user)).toMatchObject({ usdtBal: 0 });
  expect((await readDeposit(t(), user, d.id)).payment?.state).toBe('waiting');
});

test('a stale price gives no quote (503), and a fresh one does', async () => {
  await withKeys(t());
  const user = await t().registerUser();
  await nodes.setPrice('btc', 60_000n * 10n ** 8n, BigInt(Math.floor(Date.now() / 1000) - 2 * 3600));
  const stale = await t().call('createDeposit', { token: user.token, body: { method: 'bitcoin', amount: 100, from: user.uid } });
  expect(stale.status).toBe(503);
  expect(stale.body).toMatchObject({ code: 'PRICE_UNAVAILABLE' });
  expect(stale.body.message).toMatch(/BTC deposit cannot be quoted right now \(the btc price is 120 minutes old/);
  await price('btc', 50_000);
  expect((await deposit(t(), user, 'bitcoin', 100)).payment?.cryptoAmount).toBe('0.002');
});

test('keys: a bad one is a 400 naming its field; investors never see them; the spec\'s body keeps them', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const base = { bitcoin: 'bc1q', ethereum: '0x', sol: 'S', usdt: '0x' };
  const bad = await t().call('createWalletAddress', { token: admin.token, body: { ...base, bitcoinXpub: 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8' } });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/^bitcoinXpub: must be tpub or vpub/);
  const created = await setKeys(t(), admin);
  expect(created.body.data).toMatchObject({ bitcoinXpub: expect.stringMatching(/^vpub/), evmXpub: expect.stringMatching(/^xpub/) });
  const seen = await t().call('getWalletAddresses', { token: user.token });
  expect(seen.body.data[0]).not.toHaveProperty('bitcoinXpub');
  expect(seen.body.data[0]).not.toHaveProperty('evmXpub');
  const id = created.body.data._id;
  const spec = await t().call('updateWalletAddress', { token: admin.token, params: { id }, body: base });
  expect(spec.status).toBe(200);
  expect(spec.body.data.bitcoinXpub).toBe(created.body.data.bitcoinXpub);
  const removed = await t().call('updateWalletAddress', { token: admin.token, params: { id }, body: { ...base, bitcoinXpub: null } });
  expect(removed.body.data.bitcoinXpub).toBeNull();
  expect((await deposit(t(), user, 'bitcoin', 10)).payment).toBeNull();
});

test('what people see: the watched chains in the wallet read, the txid on transactions, the admins\' chain panel with reserves', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  expect((await t().call('getWalletAddresses', { token: user.token })).body.data).toEqual([]);
  await setKeys(t(), admin, { evmXpub: newKeys().evmXpub });
  const wallet = (await t().call('getWalletAddresses', { token: user.token })).body.data[0];
  expect(wallet?.chains).toEqual(['ethereum', 'bsc']);

  const d = await deposit(t(), user, 'usdt', 40);
  await follow(t(), 'bsc');
  const { hash } = await nodes.sendUsdt(d.payment?.address as `0x${string}`, units('40', 18));
  await nodes.sendUsdt(d.payment?.address as `0x${string}`, units('0.25', 18));
  await nodes.mineEvm('bsc', CONFIRMATIONS);
  await follow(t(), 'bsc');
  await follow(t(), 'ethereum');

  const mine = await t().call('getTransactions', { token: user.token });
  expect(mine.body.data.find((x) => x.id === d.id)).toMatchObject({ type: 'deposit', status: 'approved', txid: hash, explorerUrl: null });
  const statement = await t().call('getLedger', { token: user.token });
  expect(statement.body.data.filter((e) => e.kind === 'deposit')).toEqual([expect.objectContaining({ ref: `deposit:${d.id}`, amount: 40, txid: hash, explorerUrl: null })]);

  for (const watched of Object.values(t().app.deps.chains.watched)) await measureReserve(t().db, watched);
  const panel = await t().call('chainStatus', { token: admin.token });
  expect(panel.status).toBe(200);
  const { followers, attention, reserves } = panel.body.data;
  const bsc = followers.find((f) => f.chain === 'bsc');
  expect(bsc).toMatchObject({ coin: 'USDT', lag: 0, confirmations: CONFIRMATIONS, lastError: null });
  expect(bsc?.height).toBe(await nodes.evmHeight('bsc'));
  expect(attention).toEqual([expect.objectContaining({ chain: 'bsc', status: 'dust', amount: '0.25', credited: 0.25, user: { name: user.name, email: user.email } })]);
  expect(reserves.find((r) => r.chain === 'bsc')).toMatchObject({ asset: 'usdt', onChain: '40.25', onChainUsd: 40.25, addresses: 1, owed: 40 });
  expect((await t().call('chainStatus', { token: user.token })).status).toBe(403);
});
