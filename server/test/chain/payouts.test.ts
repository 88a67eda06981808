import { setupTestServer } from '../harness';
import { chainConfig, CONFIRMATIONS, follow, nodes, price } from './harness';
import { approvedWithdrawal, bitcoinOutputs, evmBalance, fund, fundHot, newColdWallet, newHotWallet, nodeAddress, payoutRecord, payoutView, signerConfig, testSigner, usdtBalance } from './payout-harness';

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
  // The statement's payout entry links the transaction.
  const ledger = await t().call('getLedger', { token: user.token, query: { kind: 'withdrawal_payout' } });
  expect(ledger.body.data.map((e) => ({ kind: e.kind, txid: e.txid, explorerUrl: e.explorerUrl }))).toEqual([{ kind: 'withdrawal_payout', txid, explorerUrl: `https://explorer.test/btc/${txid}` }]);

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

test('the offline path: above the limit a payout waits; the admin downloads its PSBT or unsigned transaction, uploads it signed; a tampered one is refused with why; a good one is sent once', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic } = newHotWallet();
  const cold = newColdWallet();
  await nodes.sendBtc(cold.bitcoinAddress, 2_000_000n);
  await nodes.mineBtc(1);
  await nodes.sendEth('ethereum', cold.evmAddress, 10n ** 18n);
  await nodes.mineEvm('ethereum', 1);
  await fund(t(), admin, user, 'bitcoin', 5_000);
  await fund(t(), admin, user, 'ethereum', 5_000);
  const btcTo = await nodeAddress();
  const ethTo = '0x000000000000000000000000000000000000e704';
  const btcId = await approvedWithdrawal(t(), admin, user, 'bitcoin', 600, btcTo);
  const ethId = await approvedWithdrawal(t(), admin, user, 'ethereum', 600, ethTo);
  const limits = { btc: { perPayout: '0.001', daily: '1' }, eth: { perPayout: '0.01', daily: '1' }, usdt: { perPayout: '0', daily: '0' } };
  const signer = await testSigner(t(), signerConfig(mnemonic, { limits, cold: cold.config }));
  expect(await signer.round()).toMatchObject({ offline: 2, prepared: 2, errors: [] });

  const overview = async () => (await t().call('payoutsOverview', { token: admin.token })).body.data;
  const idOf = async (withdrawalId: string) => (await overview()).payouts.find((p) => p.withdrawalId === withdrawalId)?.id as string;
  const [btcPayout, ethPayout] = [await idOf(btcId), await idOf(ethId)];
  expect((await overview()).payouts.find((p) => p.id === btcPayout)).toMatchObject({ status: 'offline', cryptoAmount: '0.01', offline: { format: 'psbt', ready: true, uploaded: false, rejection: null } });
  expect((await overview()).alerts).toContain('2 payouts wait for an offline signature.');
  // The investor sees it queued.
  expect(await payoutView(t(), user, btcId)).toMatchObject({ state: 'queued', txid: null });

  const psbt = (await t().call('unsignedPayout', { token: admin.token, params: { id: btcPayout } })).body.data;
  expect(psbt).toMatchObject({ format: 'psbt', filename: `payout-${btcPayout}.psbt` });
  const evm = (await t().call('unsignedPayout', { token: admin.token, params: { id: ethPayout } })).body.data;
  expect(evm).toMatchObject({ format: 'evm' });

  // Tampered: signed for another destination. Refused with why; nothing sent; it waits for another.
  const wrong = await cold.signEvm(evm.unsigned, { to: '0x000000000000000000000000000000000000dead' });
  expect((await t().call('uploadSignedPayout', { token: admin.token, params: { id: ethPayout }, body: { signed: wrong } })).status).toBe(200);
  expect(await signer.round()).toMatchObject({ refused: 1, accepted: 0 });
  expect((await overview()).payouts.find((p) => p.id === ethPayout)?.offline).toMatchObject({ uploaded: false, rejection: expect.stringMatching(/sent to 0x0{36}dEaD/i) });
  expect(await payoutRecord(t(), ethId)).toMatchObject({ status: 'offline', transactions: 0 });

  // Signed as given: accepted, stored, sent, once.
  for (const [id, signed] of [[btcPayout, cold.signPsbt(psbt.unsigned)], [ethPayout, await cold.signEvm(evm.unsigned)]] as const) {
    expect((await t().call('uploadSignedPayout', { token: admin.token, params: { id }, body: { signed } })).body.message).toBe('Signed transaction received: the signer checks it before it is sent.');
  }
  expect(await signer.round()).toMatchObject({ accepted: 2, refused: 0, errors: [] });
  await nodes.mineBtc(1);
  await nodes.mineEvm('ethereum', 1);
  expect(await bitcoinOutputs((await payoutRecord(t(), btcId)).txid as string)).toContainEqual({ address: btcTo, sats: 1_000_000n });
  expect(await evmBalance('ethereum', ethTo)).toBe(2n * 10n ** 17n);
  for (const id of [btcId, ethId]) expect(await payoutRecord(t(), id)).toMatchObject({ status: 'sent', transactions: 1 });
  // No longer offline: nothing to download or upload.
  expect((await t().call('unsignedPayout', { token: admin.token, params: { id: btcPayout } })).status).toBe(409);
  expect((await t().call('uploadSignedPayout', { token: admin.token, params: { id: btcPayout }, body: { signed: 'x' } })).status).toBe(409);
});

test('a stuck payout after a fee spike is replaced at a higher fee (RBF on Bitcoin, the same nonce on Ethereum): both attempts kept, the destination paid once', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fundHot(wallet, { sats: [1_000_000n], eth: 10n ** 18n });
  await fund(t(), admin, user, 'bitcoin', 1_000);
  await fund(t(), admin, user, 'ethereum', 1_000);
  const btcTo = await nodeAddress();
  const ethTo = '0x000000000000000000000000000000000000e705';
  const btcId = await approvedWithdrawal(t(), admin, user, 'bitcoin', 60, btcTo);
  const ethId = await approvedWithdrawal(t(), admin, user, 'ethereum', 30, ethTo);
  await (await testSigner(t(), signerConfig(mnemonic))).round();
  const [firstBtc, firstEth] = [(await payoutRecord(t(), btcId)).txid as string, (await payoutRecord(t(), ethId)).txid as string];

  // Fees spike (the floor goes up), nothing is mined, and the signer's wait for a block runs out.
  const spiked = await testSigner(t(), signerConfig(mnemonic, { replaceSeconds: 0, feeRate: { floor: 20, ceiling: 50 } }));
  expect(await spiked.round()).toMatchObject({ replaced: 2, errors: [] });
  const [btc, eth] = [await payoutRecord(t(), btcId), await payoutRecord(t(), ethId)];
  expect(btc).toMatchObject({ status: 'sent', attempts: 2, transactions: 2, last_error: null });
  expect(eth).toMatchObject({ status: 'sent', attempts: 2, transactions: 2 });
  expect(btc.txid).not.toBe(firstBtc);
  expect(eth.txid).not.toBe(firstEth);
  const fees = await t().db.query<{ chain: string; attempt: number; fee: string }>('SELECT chain, attempt, fee_units::text AS fee FROM payout_transactions ORDER BY chain, attempt');
  const btcFees = fees.rows.filter((r) => r.chain === 'bitcoin').map((r) => BigInt(r.fee));
  expect(btcFees[1]).toBeGreaterThan((btcFees[0] ?? 0n) * 5n);

  await nodes.mineBtc(1);
  await nodes.mineEvm('ethereum', 1);
  // Only the replacements are in the chains; the destination got its payout once.
  expect(await bitcoinOutputs(btc.txid as string)).toContainEqual({ address: btcTo, sats: 100_000n });
  await expect(bitcoinOutputs(firstBtc)).rejects.toThrow();
  expect(await evmBalance('ethereum', ethTo)).toBe(10n ** 16n);
  await follow(t(), 'bitcoin');
  await follow(t(), 'ethereum');
  expect(await payoutView(t(), user, btcId)).toMatchObject({ state: 'sent', txid: btc.txid, confirmations: 1 });
  expect(await payoutView(t(), user, ethId)).toMatchObject({ state: 'sent', txid: eth.txid, confirmations: 1 });
});

test('a nonce gap: a payout signed and never sent holds back the next one; sending the stored one again closes the gap, both are mined once', async () => {
  const admin = await t().loginAdmin();
  const user = await t().registerUser();
  const { mnemonic, wallet } = newHotWallet();
  await fundHot(wallet, { eth: 10n ** 18n });
  await fund(t(), admin, user, 'ethereum', 1_000);
  const [toA, toB] = ['0x000000000000000000000000000000000000e706', '0x000000000000000000000000000000000000e707'];
  const a = await approvedWithdrawal(t(), admin, user, 'ethereum', 30, toA);
  // Signed with nonce 0, committed, never sent (the process died).
  const dying = await testSigner(t(), signerConfig(mnemonic), {
    afterSign: () => {
      throw new Error('killed');
    },
  });
  await dying.round();
  expect(await payoutRecord(t(), a)).toMatchObject({ status: 'signed', transactions: 1 });

  // The node is away when the next signer sends A again; B is signed meanwhile, at the next nonce.
  const b = await approvedWithdrawal(t(), admin, user, 'ethereum', 60, toB);
  const gap = await testSigner(t(), signerConfig(mnemonic));
  const stored = (await payoutRecord(t(), a)).txid;
  const ethereum = gap.ctx.payers.find((p) => p.chain === 'ethereum');
  if (!ethereum) throw new Error('no ethereum payer');
  const send = ethereum.broadcast.bind(ethereum);
  let refused = 0;
  ethereum.broadcast = async (raw) => {
    if (refused++ === 0) throw new Error('the node cannot be reached');
    return send(raw);
  };
  expect(await gap.round()).toMatchObject({ rebroadcast: 0, signed: 1 });
  const nonces = await t().db.query<{ nonce: string }>("SELECT nonce::text FROM payout_transactions WHERE chain = 'ethereum' ORDER BY nonce");
  expect(nonces.rows.map((r) => r.nonce)).toEqual(['0', '1']);
  await nodes.mineEvm('ethereum', 1);
  // B waits behind the gap: not mined.
  expect(await evmBalance('ethereum', toB)).toBe(0n);

  expect(await gap.round()).toMatchObject({ rebroadcast: 1, signed: 0 });
  expect((await payoutRecord(t(), a)).txid).toBe(stored);
  await nodes.mineEvm('ethereum', 1);
  expect(await evmBalance('ethereum', toA)).toBe(10n ** 16n);
  expect(await evmBalance('ethereum', toB)).toBe(2n * 10n ** 16n);
  for (const id of [a, b]) expect(await payoutRecord(t(), id)).toMatchObject({ status: 'sent', transactions: 1 });
});
