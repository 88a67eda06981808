import { setupTestServer } from '../harness';
import { chainConfig, CONFIRMATIONS, follow, nodes, price } from './harness';
import { approvedWithdrawal, bitcoinOutputs, evmBalance, fund, fundHot, newHotWallet, nodeAddress, payoutRecord, payoutView, signerConfig, testSigner, usdtBalance } from './payout-harness';

// Approved withdrawals paid on the chain (issue 27; docs/chain.md "Payouts"), on the run's real
// nodes, by the signer's own round run in this process on the test server's database. The signer
// as a separate process (kill -9 between signing and broadcasting) is in signer-process.test.ts.

const t = setupTestServer({ chain: chainConfig({ payouts: true }), payoutSafety: { cooldownHours: 0, passwordPauseHours: 0 } });

beforeEach(async () => {
  await price('btc', 60_000);
  await price('eth', 3_000);
});

test('Bitcoin: the approval fixes the coin amount at the price; the signer pays it hot, change to its own address; the follower counts it to complete', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fundHot(wallet, { sats: [1_000_000n] });
  await fund(t(), admin, user, 'bitcoin', 500);
  const to = await nodeAddress();
  const id = await approvedWithdrawal(t(), admin, user, 'bitcoin', 120, to);
  // $120 at $60,000 a coin: 0.002 BTC, recorded with the approval.
  expect(await payoutView(t(), user, id)).toMatchObject({ network: 'bitcoin', coin: 'BTC', cryptoAmount: '0.002', state: 'queued', txid: null, confirmations: 0, confirmationsRequired: CONFIRMATIONS });
  // The price moves after the approval: the amount does not.
  await price('btc', 30_000);

  const signer = await testSigner(t(), signerConfig(mnemonic));
  expect(await signer.round()).toMatchObject({ signed: 1, errors: [] });
  const sent = await payoutRecord(t(), id);
  expect(sent).toMatchObject({ status: 'sent', attempts: 1, transactions: 1 });
  const txid = sent.txid as string;
  const outputs = await bitcoinOutputs(txid);
  expect(outputs).toContainEqual({ address: to, sats: 200_000n });
  // The change goes to the wallet's internal address; the fee is what the inputs leave.
  const change = outputs.find((o) => o.address !== to);
  expect(change?.address).toBe(wallet.bitcoin.change.address);
  const fee = 1_000_000n - 200_000n - (change?.sats ?? 0n);
  expect(fee).toBeGreaterThan(0n);
  expect(fee).toBeLessThan(1_000n);
  expect(await payoutView(t(), user, id)).toMatchObject({ state: 'sent', txid, confirmations: 0, explorerUrl: `https://explorer.test/btc/${txid}` });

  await follow(t(), 'bitcoin');
  await nodes.mineBtc(1);
  await follow(t(), 'bitcoin');
  expect(await payoutView(t(), user, id)).toMatchObject({ state: 'sent', txid, confirmations: 1 });
  await nodes.mineBtc(CONFIRMATIONS - 1);
  await follow(t(), 'bitcoin');
  expect(await payoutView(t(), user, id)).toMatchObject({ state: 'complete', confirmations: CONFIRMATIONS });
  // Another round sends nothing more.
  expect(await signer.round()).toMatchObject({ signed: 0, rebroadcast: 0 });
  expect(await payoutRecord(t(), id)).toMatchObject({ status: 'confirmed', transactions: 1 });
});

test('Ethereum and BEP-20 USDT: EIP-1559 transactions from the hot address, one nonce each, amounts exact', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fundHot(wallet, { eth: 10n ** 18n, bnb: 10n ** 17n, usdt: 1_000n * 10n ** 18n });
  await fund(t(), admin, user, 'ethereum', 1_000);
  await fund(t(), admin, user, 'usdt', 1_000);
  const ethTo = '0x000000000000000000000000000000000000e701';
  const usdtTo = '0x000000000000000000000000000000000000b5c1';
  const ethId = await approvedWithdrawal(t(), admin, user, 'ethereum', 300, ethTo);
  const usdtId = await approvedWithdrawal(t(), admin, user, 'usdt', 120.5, usdtTo);
  const second = await approvedWithdrawal(t(), admin, user, 'usdt', 10, usdtTo);
  expect(await payoutView(t(), user, ethId)).toMatchObject({ network: 'ethereum', cryptoAmount: '0.1' });
  expect(await payoutView(t(), user, usdtId)).toMatchObject({ network: 'bsc', coin: 'USDT', cryptoAmount: '120.5' });

  const signer = await testSigner(t(), signerConfig(mnemonic));
  expect(await signer.round()).toMatchObject({ signed: 3, errors: [] });
  await nodes.mineEvm('ethereum', 1);
  await nodes.mineEvm('bsc', 1);
  expect(await evmBalance('ethereum', ethTo)).toBe(10n ** 17n);
  expect(await usdtBalance(usdtTo)).toBe(130n * 10n ** 18n + 5n * 10n ** 17n);
  // One nonce per hot address and chain, in order.
  const { rows } = await t().db.query<{ chain: string; nonce: string }>('SELECT chain, nonce::text FROM payout_transactions ORDER BY chain, nonce');
  expect(rows).toEqual([{ chain: 'bsc', nonce: '0' }, { chain: 'bsc', nonce: '1' }, { chain: 'ethereum', nonce: '0' }]);

  for (const chain of ['ethereum', 'bsc'] as const) {
    await follow(t(), chain);
    await nodes.mineEvm(chain, CONFIRMATIONS);
    await follow(t(), chain);
  }
  for (const id of [ethId, usdtId, second]) expect(await payoutView(t(), user, id)).toMatchObject({ state: 'complete' });
});

test('above a hot limit the payout waits for an offline signature; an empty hot wallet makes payouts wait, nothing lost', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fund(t(), admin, user, 'usdt', 5_000);
  const to = '0x000000000000000000000000000000000000b5c2';
  const big = await approvedWithdrawal(t(), admin, user, 'usdt', 600, to);
  const small = await approvedWithdrawal(t(), admin, user, 'usdt', 50, to);
  const limits = { btc: { perPayout: '0', daily: '0' }, eth: { perPayout: '0', daily: '0' }, usdt: { perPayout: '500', daily: '520' } };
  const signer = await testSigner(t(), signerConfig(mnemonic, { limits }));

  // No funds: the first payout in line waits with the reason, the big one is held for offline.
  const empty = await signer.round();
  expect(empty).toMatchObject({ signed: 0, offline: 1, waiting: ['bsc'] });
  expect(await payoutRecord(t(), big)).toMatchObject({ status: 'offline', transactions: 0 });
  expect(await payoutRecord(t(), small)).toMatchObject({ status: 'queued', transactions: 0 });
  expect((await payoutRecord(t(), small)).last_error).toMatch(/hot wallet holds 0/);
  expect(await payoutView(t(), user, small)).toMatchObject({ state: 'queued' });

  await fundHot(wallet, { bnb: 10n ** 17n, usdt: 1_000n * 10n ** 18n });
  expect(await signer.round()).toMatchObject({ signed: 1, errors: [] });
  expect(await payoutRecord(t(), small)).toMatchObject({ status: 'sent', transactions: 1, last_error: null });
  // The daily limit counts what was paid: 50 + 500 > 520.
  const third = await approvedWithdrawal(t(), admin, user, 'usdt', 500, to);
  await signer.round();
  expect(await payoutRecord(t(), third)).toMatchObject({ status: 'offline' });
});

test('exactly once: two signers at once sign each payout once; a signer dying between signing and broadcasting sends the same bytes again', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fundHot(wallet, { sats: [1_000_000n, 1_000_000n, 1_000_000n, 1_000_000n] });
  await fund(t(), admin, user, 'bitcoin', 3_000);
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push(await approvedWithdrawal(t(), admin, user, 'bitcoin', 60 + i, await nodeAddress()));

  // The first signer dies right after committing its first signature (as kill -9 would).
  const dying = await testSigner(t(), signerConfig(mnemonic, { id: 'dying' }), {
    afterSign: () => {
      throw new Error('killed');
    },
  });
  expect((await dying.round()).errors).toEqual(['bitcoin: killed']);
  const [first] = ids as [string];
  const stored = await payoutRecord(t(), first);
  expect(stored).toMatchObject({ status: 'signed', transactions: 1 });
  const rawBefore = await t().db.query<{ raw: string }>('SELECT raw FROM payout_transactions WHERE txid = $1', [stored.txid]);

  // Two signers at once: the stored one is broadcast as it is, every other payout signed once.
  const [a, b] = await Promise.all([testSigner(t(), signerConfig(mnemonic, { id: 'a' })), testSigner(t(), signerConfig(mnemonic, { id: 'b' }))]);
  const rounds = await Promise.all([a.round(), b.round()]);
  expect(rounds.reduce((n, r) => n + r.signed, 0)).toBe(3);
  for (const id of ids) expect(await payoutRecord(t(), id)).toMatchObject({ status: 'sent', attempts: 1, transactions: 1 });
  expect((await payoutRecord(t(), first)).txid).toBe(stored.txid);
  const rawAfter = await t().db.query<{ raw: string }>('SELECT raw FROM payout_transactions WHERE txid = $1', [stored.txid]);
  expect(rawAfter.rows).toEqual(rawBefore.rows);

  await nodes.mineBtc(1);
  // Each destination got its payout exactly once: four transactions, all in the block.
  const txids = await Promise.all(ids.map(async (id) => (await payoutRecord(t(), id)).txid as string));
  expect(new Set(txids).size).toBe(4);
  for (const txid of txids) expect((await bitcoinOutputs(txid)).length).toBeGreaterThan(0);
  await follow(t(), 'bitcoin');
  for (const id of ids) expect(await payoutView(t(), user, id)).toMatchObject({ state: 'sent', confirmations: 1 });
});

test('a reorganisation that drops a payout: it leaves its block, is broadcast again as it is, and completes once', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fundHot(wallet, { eth: 10n ** 18n });
  await fund(t(), admin, user, 'ethereum', 1_000);
  const to = '0x000000000000000000000000000000000000e702';
  const id = await approvedWithdrawal(t(), admin, user, 'ethereum', 30, to);
  const signer = await testSigner(t(), signerConfig(mnemonic, { rebroadcastSeconds: 0 }));
  await follow(t(), 'ethereum');
  await signer.round();
  const { txid } = await payoutRecord(t(), id);
  await nodes.mineEvm('ethereum', 1);
  await follow(t(), 'ethereum');
  expect(await payoutView(t(), user, id)).toMatchObject({ state: 'sent', txid, confirmations: 1 });

  // Anvil drops the replaced block's transactions.
  await nodes.reorgEvm('ethereum', 1, { keepTxs: false });
  await follow(t(), 'ethereum');
  expect(await payoutView(t(), user, id)).toMatchObject({ state: 'sent', txid, confirmations: 0 });
  expect(await evmBalance('ethereum', to)).toBe(0n);

  expect(await signer.round()).toMatchObject({ rebroadcast: 1, signed: 0 });
  await nodes.mineEvm('ethereum', CONFIRMATIONS);
  await follow(t(), 'ethereum');
  expect(await payoutView(t(), user, id)).toMatchObject({ state: 'complete', txid });
  expect(await payoutRecord(t(), id)).toMatchObject({ transactions: 1, attempts: 1 });
  expect(await evmBalance('ethereum', to)).toBe(10n ** 16n);
});

test('three signers at once on a new hot address: one nonce per payout, none skipped, every payout mined once', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fundHot(wallet, { bnb: 10n ** 17n, usdt: 1_000n * 10n ** 18n });
  await fund(t(), admin, user, 'usdt', 1_000);
  const to = '0x000000000000000000000000000000000000b5c3';
  const ids: string[] = [];
  for (let i = 1; i <= 6; i++) ids.push(await approvedWithdrawal(t(), admin, user, 'usdt', i, to));
  const signers = await Promise.all(['a', 'b', 'c'].map((id) => testSigner(t(), signerConfig(mnemonic, { id }))));
  const rounds = await Promise.all(signers.map((s) => s.round()));
  expect(rounds.flatMap((r) => r.errors)).toEqual([]);
  expect(rounds.reduce((n, r) => n + r.signed, 0)).toBe(6);
  const { rows } = await t().db.query<{ nonce: string }>("SELECT nonce::text FROM payout_transactions WHERE chain = 'bsc' ORDER BY nonce");
  expect(rows.map((r) => r.nonce)).toEqual(['0', '1', '2', '3', '4', '5']);
  await nodes.mineEvm('bsc', 1);
  expect(await usdtBalance(to)).toBe(21n * 10n ** 18n);
  for (const id of ids) expect(await payoutRecord(t(), id)).toMatchObject({ status: 'sent', transactions: 1 });
});
