import { bitcoinNode, bitcoinRpc, chainNodesFromEnv, LITECOIN_REGTEST } from '@halcyon/test-kit/chain';
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { p2tr, Transaction, utils } from '@scure/btc-signer';
import { parseTransaction, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { satoshis } from '../../src/chain/bitcoin';
import { nativeBalances, tokenBalances } from '../../src/chain/reserves';
import { list, quantity, record, rpcClient, text } from '../../src/chain/rpc';
import { broadcastBitcoin, feeRateFromEstimate, finalizeSignedPsbt, hotUtxos, InsufficientFunds, RBF_SEQUENCE, signBitcoinPayout, unsignedPsbt, type Utxo } from '../../src/signer/bitcoin-tx';
import { SignedMismatch } from '../../src/signer/errors';
import { broadcastEvm, checkSignedEvm, estimateGas, evmFees, NATIVE_GAS, signEvmPayout, unsignedEvmPayout, type ExpectedEvmPayout, type Hex } from '../../src/signer/evm-tx';
import { btcSignerNetwork, coldKeys, hotWallet } from '../../src/signer/keys';

// The signer's transactions (server/src/signer/) on the run's nodes: litecoind regtest for
// Bitcoin, Anvil for Ethereum (1337) and BSC (56). The wallets are this file's own mnemonics,
// funded from the nodes' funder; each payout is broadcast, mined, and read back from the chain.

const nodes = chainNodesFromEnv();
const NETWORK = 'litecoin-regtest';
const btc = rpcClient(bitcoinNode(nodes).rpcUrl);
const eth = rpcClient(nodes.ethereum.rpcUrl);
const bsc = rpcClient(nodes.bsc.rpcUrl);
/** The node's own (funded) wallet: fresh destination addresses, and what their scripts are. */
const nodeWallet = <T>(method: string, params: unknown[] = []) => bitcoinRpc<T>(bitcoinNode(nodes).rpcUrl, method, params, bitcoinNode(nodes).wallet);

const hot = hotWallet(generateMnemonic(wordlist), NETWORK);
const hotAddresses = [hot.bitcoin.receive.address, hot.bitcoin.change.address];
// The offline wallet: the signer knows its account key and fingerprint; the test holds its seed.
const COLD_MNEMONIC = generateMnemonic(wordlist);
const coldMaster = HDKey.fromMasterSeed(mnemonicToSeedSync(COLD_MNEMONIC), LITECOIN_REGTEST.bip32);
const cold = coldKeys(coldMaster.derive("m/84'/1'/0'").publicExtendedKey, coldMaster.fingerprint, NETWORK);
const coldAddresses = [cold.receive.address, cold.change.address];
const coldEvm = hotWallet(COLD_MNEMONIC, NETWORK).evm;

/** A mined transaction as the node reads it: its outputs' scripts and exact values, its inputs' sequences. */
async function minedTx(txid: string) {
  const tx = record(await btc.call('getrawtransaction', [txid, true]), 'transaction');
  return {
    confirmations: Number(tx.confirmations),
    vsize: Number(tx.vsize),
    sequences: list(tx.vin, 'inputs').map((i) => Number(record(i, 'input').sequence)),
    outputs: list(tx.vout, 'outputs').map((raw) => {
      const out = record(raw, 'output');
      return { script: text(record(out.scriptPubKey, 'script').hex, 'script'), sats: satoshis(out.value, 'output') };
    }),
  };
}

const scriptOf = async (address: string) => text((await nodeWallet<Record<string, unknown>>('getaddressinfo', [address])).scriptPubKey, 'script');
const sum = (coins: readonly Utxo[]) => coins.reduce((s, c) => s + c.sats, 0n);
const pathText = (path: number[]) => `m/${path.map((i) => (i >= HARDENED_OFFSET ? `${i - HARDENED_OFFSET}'` : String(i))).join('/')}`;

/** What the offline device does: signs each input with the key its PSBT derivation names. */
function coldSign(psbt: string): string {
  const tx = Transaction.fromPSBT(Buffer.from(psbt, 'base64'));
  for (let i = 0; i < tx.inputsLength; i++) {
    for (const [, { fingerprint, path }] of tx.getInput(i).bip32Derivation ?? []) {
      expect(fingerprint).toBe(coldMaster.fingerprint);
      const key = coldMaster.derive(pathText(path)).privateKey;
      if (!key) throw new Error('no private key');
      tx.signIdx(key, i);
    }
  }
  return Buffer.from(tx.toPSBT()).toString('base64');
}

describe('Bitcoin', () => {
  test('a hot payout: the amount to the destination exactly, the rest to the change address, fee = inputs − outputs; the same request gives the same bytes', async () => {
    await nodes.sendBtc(hot.bitcoin.receive.address, 30_000_000n);
    await nodes.sendBtc(hot.bitcoin.receive.address, 20_000_000n);
    await nodes.mineBtc(1);
    const utxos = await hotUtxos(btc, hotAddresses);
    expect(utxos.map((u) => u.sats).sort((a, b) => Number(a - b))).toEqual([20_000_000n, 30_000_000n]);
    expect(utxos.every((u) => u.script === hot.bitcoin.receive.script)).toBe(true);
    // regtest has no estimate until blocks with fees were mined (other files' payouts share the
    // node): the floor then; an estimate, clamped, otherwise.
    const estimate = record(await btc.call('estimatesmartfee', [6]), 'fee estimate');
    const feeRatePerVb = feeRateFromEstimate(estimate, 2n, 100n);
    if (estimate.feerate === undefined) expect(feeRatePerVb).toBe(2n);
    else expect(feeRatePerVb >= 2n && feeRatePerVb <= 100n).toBe(true);

    // A P2SH address (Litecoin's script-hash version): more than either coin, so both are spent.
    const to = await nodeWallet<string>('getnewaddress', ['', 'p2sh-segwit']);
    const request = { network: NETWORK, utxos, to, amountSats: 35_000_000n, feeRatePerVb, keys: hot.bitcoin } as const;
    const signed = signBitcoinPayout(request);
    expect(signBitcoinPayout({ ...request, utxos: [...utxos].reverse() })).toEqual(signed);
    expect(signed.inputs).toHaveLength(2);
    expect(await broadcastBitcoin(btc, signed.hex)).toBe(signed.txid);
    // Broadcast, not mined: its coins are no longer offered (a payout spending them would replace it).
    expect(await hotUtxos(btc, hotAddresses)).toEqual([]);

    await nodes.mineBtc(1);
    const mined = await minedTx(signed.txid);
    expect(mined.confirmations).toBe(1);
    expect(mined.vsize).toBe(signed.vsize);
    expect(mined.sequences).toEqual([RBF_SEQUENCE, RBF_SEQUENCE]);
    expect(mined.outputs).toEqual([
      { script: await scriptOf(to), sats: 35_000_000n },
      { script: hot.bitcoin.change.script, sats: signed.changeSats },
    ]);
    expect(50_000_000n - 35_000_000n - signed.changeSats).toBe(signed.feeSats);
    expect(signed.feeSats).toBeGreaterThanOrEqual(BigInt(mined.vsize) * feeRatePerVb);
    expect(await hotUtxos(btc, hotAddresses)).toEqual([{ txid: signed.txid, vout: 1, sats: signed.changeSats, script: hot.bitcoin.change.script }]);
  });

  test('legacy and taproot destinations are paid too; more than the wallet holds is InsufficientFunds', async () => {
    const utxos = await hotUtxos(btc, hotAddresses);
    const legacy = await nodeWallet<string>('getnewaddress', ['', 'legacy']);
    let error: unknown;
    try {
      signBitcoinPayout({ network: NETWORK, utxos, to: legacy, amountSats: sum(utxos), feeRatePerVb: 1n, keys: hot.bitcoin });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect(error).toMatchObject({ availableSats: sum(utxos) });
    expect((error as InsufficientFunds).neededSats).toBeGreaterThan(sum(utxos));

    const signed = signBitcoinPayout({ network: NETWORK, utxos, to: legacy, amountSats: 1_000_000n, feeRatePerVb: 1n, keys: hot.bitcoin });
    expect(await broadcastBitcoin(btc, signed.hex)).toBe(signed.txid);
    await nodes.mineBtc(1);
    expect((await minedTx(signed.txid)).outputs[0]).toEqual({ script: await scriptOf(legacy), sats: 1_000_000n });

    // The node's legacy wallet has no taproot address: one of a key of the test's own.
    const xOnly = utils.pubSchnorr(utils.randomPrivateKeyBytes());
    const payment = p2tr(xOnly, undefined, btcSignerNetwork(NETWORK));
    const taproot = payment.address ?? '';
    expect(taproot).toMatch(/^rltc1p/);
    const toTaproot = signBitcoinPayout({ network: NETWORK, utxos: await hotUtxos(btc, hotAddresses), to: taproot, amountSats: 700_000n, feeRatePerVb: 1n, keys: hot.bitcoin });
    expect(await broadcastBitcoin(btc, toTaproot.hex)).toBe(toTaproot.txid);
    await nodes.mineBtc(1);
    expect((await minedTx(toTaproot.txid)).outputs[0]).toEqual({ script: Buffer.from(payment.script).toString('hex'), sats: 700_000n });
  });

  test('the same bytes sent twice are one transaction: in the mempool, mined, and once its outputs are spent', async () => {
    // A payout to the hot receive address, so that both its outputs are the wallet's to spend later.
    const first = signBitcoinPayout({ network: NETWORK, utxos: await hotUtxos(btc, hotAddresses), to: hot.bitcoin.receive.address, amountSats: 5_000_000n, feeRatePerVb: 2n, keys: hot.bitcoin });
    expect(await broadcastBitcoin(btc, first.hex)).toBe(first.txid);
    expect(await broadcastBitcoin(btc, first.hex)).toBe(first.txid);
    expect(await btc.call('getrawmempool')).toEqual([first.txid]);
    await nodes.mineBtc(1);
    // "Transaction already in block chain" (-27).
    expect(await broadcastBitcoin(btc, first.hex)).toBe(first.txid);
    expect(await btc.call('getrawmempool')).toEqual([]);

    // Both its outputs spent: the node says its inputs are missing, and still knows it (-txindex).
    const coins = await hotUtxos(btc, hotAddresses);
    expect(coins.map((c) => c.txid)).toEqual([first.txid, first.txid]);
    const to = await nodeWallet<string>('getnewaddress');
    const second = signBitcoinPayout({ network: NETWORK, utxos: coins, to, amountSats: sum(coins) - 10_000n, feeRatePerVb: 2n, keys: hot.bitcoin });
    expect(second.inputs).toHaveLength(2);
    await broadcastBitcoin(btc, second.hex);
    await nodes.mineBtc(1);
    expect(await broadcastBitcoin(btc, first.hex)).toBe(first.txid);
    expect(await btc.call('getrawmempool')).toEqual([]);
    expect((await minedTx(first.txid)).confirmations).toBe(2);

    // Bytes the node refuses for another reason: its own message, as a NodeError.
    const conflicting = signBitcoinPayout({ network: NETWORK, utxos: coins, to, amountSats: 1_000_000n, feeRatePerVb: 2n, keys: hot.bitcoin });
    await expect(broadcastBitcoin(btc, conflicting.hex)).rejects.toThrow(/refused sendrawtransaction: .*(missingorspent|missing inputs)/i);
  });

  test('offline: an unsigned PSBT, signed by the cold key, finalized after its checks, broadcast and mined', async () => {
    await nodes.sendBtc(cold.receive.address, 10_000_000n);
    await nodes.mineBtc(1);
    const utxos = await hotUtxos(btc, coldAddresses);
    const to = await nodeWallet<string>('getnewaddress', ['', 'bech32']);
    const unsigned = unsignedPsbt({ network: NETWORK, utxos, to, amountSats: 4_000_000n, feeRatePerVb: 3n, keys: cold });
    expect(unsigned.inputs).toEqual(utxos);

    const final = finalizeSignedPsbt(coldSign(unsigned.psbt), { network: NETWORK, to, amountSats: 4_000_000n, inputs: unsigned.inputs, changeScript: cold.change.script, maxFeeSats: 10_000n });
    expect(final).toEqual({ hex: expect.any(String), txid: unsigned.txid, feeSats: unsigned.feeSats });
    expect(await broadcastBitcoin(btc, final.hex)).toBe(unsigned.txid);
    await nodes.mineBtc(1);
    expect((await minedTx(final.txid)).outputs).toEqual([
      { script: await scriptOf(to), sats: 4_000_000n },
      { script: cold.change.script, sats: unsigned.changeSats },
    ]);
    expect(10_000_000n - 4_000_000n - unsigned.changeSats).toBe(final.feeSats);
  });

  test('offline: a PSBT that is not the payout asked for is refused, saying what differs', async () => {
    const utxos = await hotUtxos(btc, coldAddresses);
    const to = await nodeWallet<string>('getnewaddress');
    const other = await nodeWallet<string>('getnewaddress');
    const unsigned = unsignedPsbt({ network: NETWORK, utxos, to, amountSats: 1_500_000n, feeRatePerVb: 2n, keys: cold });
    const expected = { network: NETWORK, to, amountSats: 1_500_000n, inputs: unsigned.inputs, changeScript: cold.change.script } as const;
    const signed = coldSign(unsigned.psbt);
    expect(finalizeSignedPsbt(signed, expected).txid).toBe(unsigned.txid);

    const tampered = (change: (tx: Transaction) => void) => {
      const tx = Transaction.fromPSBT(Buffer.from(signed, 'base64'));
      change(tx);
      return Buffer.from(tx.toPSBT()).toString('base64');
    };
    const refusal = (psbt: string, exp: Parameters<typeof finalizeSignedPsbt>[1] = expected) => {
      try {
        finalizeSignedPsbt(psbt, exp);
      } catch (error) {
        expect(error).toBeInstanceOf(SignedMismatch);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const otherScript = Buffer.from(await scriptOf(other), 'hex');
    expect(refusal(tampered((tx) => tx.updateOutput(0, { script: otherScript }, true)))).toMatch(/output 0 pays 1500000 sats to rltc1.*neither the payout nor the change/);
    expect(refusal(tampered((tx) => tx.updateOutput(0, { amount: 1_600_000n }, true)))).toMatch(/output 0 pays 1600000 sats/);
    expect(refusal(tampered((tx) => tx.updateOutput(1, { amount: 1000n }, true)), { ...expected, maxFeeSats: 100_000n })).toMatch(/the fee, \d+ sats, is above the 100000 allowed/);
    expect(refusal(tampered((tx) => tx.updateInput(0, { witnessUtxo: { script: Buffer.from(cold.receive.script, 'hex'), amount: utxos[0]?.sats ?? 0n } }, true)))).toMatch(/another amount or script/);
    expect(refusal(signed, { ...expected, to: other })).toMatch(/neither the payout nor the change/);
    expect(refusal(signed, { ...expected, amountSats: 1_499_999n })).toMatch(/output 0 pays 1500000 sats/);
    expect(refusal(signed, { ...expected, inputs: [] })).toMatch(/spends 1 coins, not the 0 given/);
    expect(refusal(signed, { ...expected, inputs: [{ ...unsigned.inputs[0], vout: 7 } as Utxo] })).toMatch(/input 0 spends .* not one of the coins given/);
    expect(refusal(unsigned.psbt)).toMatch(/input 0 \(.*\) is not signed/);
    expect(refusal('cHNidP8B')).toMatch(/not a readable PSBT/);
  });
});

const balance = (rpc: typeof eth, address: string) => nativeBalances(rpc, [address], 'latest');
const usdtBalance = (address: string) => tokenBalances(bsc, nodes.contracts.usdt, [address], 'latest');
const nonceOf = async (rpc: typeof eth, address: string) => Number(quantity(await rpc.call('eth_getTransactionCount', [address, 'pending']), 'nonce'));
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

async function receipt(rpc: typeof eth, hash: Hex) {
  const r = record(await rpc.call('eth_getTransactionReceipt', [hash]), 'receipt');
  return { status: quantity(r.status, 'status'), gasCost: quantity(r.gasUsed, 'gas used') * quantity(r.effectiveGasPrice, 'gas price') };
}

describe('EVM', () => {
  test('ETH: a native payout signed, broadcast (twice: one transaction) and mined; the balances moved exactly', async () => {
    await nodes.sendEth('ethereum', hot.evm.address, 10n ** 18n);
    await nodes.mineEvm('ethereum', 1);
    const to = freshAddress();
    const wei = 123_456_789_012_345_678n;
    const nonce = await nonceOf(eth, hot.evm.address);
    const fees = await evmFees(eth);
    const latest = record(await eth.call('eth_getBlockByNumber', ['latest', false]), 'block');
    expect(fees.maxFeePerGas).toBe(2n * quantity(latest.baseFeePerGas, 'base fee') + fees.maxPriorityFeePerGas);
    expect(await evmFees(eth, 1000n)).toEqual({ maxFeePerGas: 1000n, maxPriorityFeePerGas: 1000n });
    const before = await balance(eth, hot.evm.address);

    const signed = await signEvmPayout({ chainId: 1337, nonce, to, native: { wei }, fees, gas: NATIVE_GAS, privateKey: hot.evm.privateKey });
    expect(await broadcastEvm(eth, signed.raw)).toBe(signed.hash);
    expect(await broadcastEvm(eth, signed.raw)).toBe(signed.hash);
    await nodes.mineEvm('ethereum', 1);
    expect(await broadcastEvm(eth, signed.raw)).toBe(signed.hash);
    await nodes.mineEvm('ethereum', 1);

    const { status, gasCost } = await receipt(eth, signed.hash);
    expect(status).toBe(1n);
    expect(await nonceOf(eth, hot.evm.address)).toBe(nonce + 1);
    expect(await balance(eth, to)).toBe(wei);
    expect(before - (await balance(eth, hot.evm.address))).toBe(wei + gasCost);
    // Another transaction at a nonce already used: the node's refusal, as it said it.
    const reused = await signEvmPayout({ chainId: 1337, nonce, to, native: { wei: 1n }, fees, gas: NATIVE_GAS, privateKey: hot.evm.privateKey });
    await expect(broadcastEvm(eth, reused.raw)).rejects.toThrow(/refused eth_sendRawTransaction: .*nonce/i);
  });

  test('BSC USDT: a token payout (transfer, no value) with the estimated gas; the tokens moved exactly', async () => {
    await nodes.sendEth('bsc', hot.evm.address, 10n ** 17n);
    await nodes.sendUsdt(hot.evm.address, 500n * 10n ** 18n);
    await nodes.mineEvm('bsc', 1);
    const to = freshAddress();
    const token = { contract: nodes.contracts.usdt, units: 123_450_000_000_000_000_000n };
    const gas = await estimateGas(bsc, { from: hot.evm.address, to, token });
    expect(gas).toBeGreaterThan(NATIVE_GAS);
    const bnbBefore = await balance(bsc, hot.evm.address);

    const signed = await signEvmPayout({ chainId: 56, nonce: await nonceOf(bsc, hot.evm.address), to, token, fees: await evmFees(bsc), gas, privateKey: hot.evm.privateKey });
    expect(await broadcastEvm(bsc, signed.raw)).toBe(signed.hash);
    await nodes.mineEvm('bsc', 1);
    const { status, gasCost } = await receipt(bsc, signed.hash);
    expect(status).toBe(1n);
    expect(await usdtBalance(to)).toBe(token.units);
    expect(await usdtBalance(hot.evm.address)).toBe(500n * 10n ** 18n - token.units);
    expect(await balance(bsc, to)).toBe(0n);
    expect(bnbBefore - (await balance(bsc, hot.evm.address))).toBe(gasCost);
  });

  test('offline: the unsigned transaction, signed by the cold key, checked, broadcast and mined; one signed otherwise is refused', async () => {
    await nodes.sendEth('ethereum', coldEvm.address, 10n ** 18n);
    await nodes.mineEvm('ethereum', 1);
    const to = freshAddress();
    const wei = 5n * 10n ** 16n;
    const nonce = await nonceOf(eth, coldEvm.address);
    const payout = { chainId: 1337, nonce, to, native: { wei }, fees: await evmFees(eth), gas: NATIVE_GAS };
    const unsigned = unsignedEvmPayout(payout);
    expect(unsigned).toMatch(/^0x02/);
    const coldAccount = privateKeyToAccount(coldEvm.privateKey);
    const sign = (over: Partial<TransactionSerializableEIP1559> = {}, account = coldAccount) => account.signTransaction({ ...(parseTransaction(unsigned) as TransactionSerializableEIP1559), ...over });
    const expected: ExpectedEvmPayout = { chainId: 1337, nonce, from: coldEvm.address, to, native: { wei } };

    const refusal = async (raw: string, exp: ExpectedEvmPayout = expected) => {
      try {
        await checkSignedEvm(raw, exp);
      } catch (error) {
        expect(error).toBeInstanceOf(SignedMismatch);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(await refusal(await sign({ nonce: nonce + 1 }))).toBe(`nonce ${nonce + 1}, not ${nonce}`);
    expect(await refusal(await sign({ to: freshAddress() }))).toMatch(/^sent to 0x[0-9a-fA-F]{40}, not /);
    expect(await refusal(await sign({ chainId: 56 }))).toBe('signed for chain 56, not 1337');
    expect(await refusal(await sign({ value: wei + 1n }))).toBe(`sends ${wei + 1n} wei, not ${wei}`);
    expect(await refusal(await sign({}, privateKeyToAccount(hot.evm.privateKey)))).toBe(`signed by ${hot.evm.address}, not the hot address ${coldEvm.address}`);
    expect(await refusal(unsigned)).toBe('the transaction is not signed');
    expect(await refusal(await sign(), { ...expected, maxCostWei: 1000n })).toMatch(/its gas may cost \d+ wei, above the 1000 allowed/);
    // A token payout whose call is not exactly transfer(to, units).
    const token = { contract: nodes.contracts.usdt, units: 7n };
    const tokenPayout = { chainId: 56, nonce, to, token, fees: payout.fees, gas: 60_000n };
    const tokenSigned = await coldAccount.signTransaction(parseTransaction(unsignedEvmPayout(tokenPayout)) as TransactionSerializableEIP1559);
    expect(await refusal(tokenSigned, { chainId: 56, nonce, from: coldEvm.address, to, token: { ...token, units: 8n } })).toBe(`makes transfer(${to}, 7), not transfer(${to}, 8)`);
    expect((await checkSignedEvm(tokenSigned, { chainId: 56, nonce, from: coldEvm.address, to, token })).hash).toMatch(/^0x/);

    const raw = await sign();
    const { hash } = await checkSignedEvm(raw, expected);
    expect(await broadcastEvm(eth, raw as Hex)).toBe(hash);
    await nodes.mineEvm('ethereum', 1);
    expect((await receipt(eth, hash)).status).toBe(1n);
    expect(await balance(eth, to)).toBe(wei);
  });
});
