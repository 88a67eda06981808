import { NodeError } from '../../src/chain/rpc';
import { bitcoinAccountKey, bitcoinAddress } from '../../src/chain/derive';
import { DUST_SATS, destinationScript, estimateVsize, feeRateFromEstimate, InsufficientFunds, selectCoins, type Utxo } from '../../src/signer/bitcoin-tx';
import { InvalidPayout } from '../../src/signer/errors';
import { btcSignerNetwork, coldKeys, hotWallet, MnemonicError } from '../../src/signer/keys';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';

// The signer's pure parts (server/src/signer/), with no node: keys against published vectors, coin
// selection, fee rates. On the nodes: test/chain/signer-tx.test.ts.

// BIP84's published vectors (bip-0084.mediawiki) and the development mnemonic's first EVM account.
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TEST_JUNK = 'test test test test test test test test test test test junk';

describe('hot keys', () => {
  test("BIP84's receive 0/0 and change 1/0 of account 0, and BIP44's first EVM account", () => {
    const mainnet = hotWallet(ABANDON, 'mainnet');
    expect(mainnet.bitcoin.receive).toMatchObject({ path: "m/84'/0'/0'/0/0", address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', script: '0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2' });
    expect(bytesToHex(mainnet.bitcoin.receive.publicKey)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
    expect(bytesToHex(mainnet.bitcoin.receive.privateKey)).toBe('4604b4b710fe91f584fff084e1a9159fe4f8408fff380596a604948474ce4fa3');
    expect(mainnet.bitcoin.change).toMatchObject({ path: "m/84'/0'/0'/1/0", address: 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el' });
    expect(hotWallet(TEST_JUNK, 'mainnet').evm).toEqual({ path: "m/44'/60'/0'/0/0", address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' });
  });

  test("test networks use coin 1; the receive key is the deposits' derivation of the same account", () => {
    const wallet = hotWallet(ABANDON, 'litecoin-regtest');
    expect(wallet.bitcoin.receive.path).toBe("m/84'/1'/0'/0/0");
    expect(wallet.bitcoin.receive.address).toMatch(/^rltc1q/);
    expect(hotWallet(ABANDON, 'testnet').bitcoin.receive.address).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    const master = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON), { private: 0x04358394, public: 0x043587cf });
    const tpub = master.derive("m/84'/1'/0'").publicExtendedKey;
    expect(bitcoinAddress(bitcoinAccountKey(tpub, 'litecoin-regtest'), 0, 'litecoin-regtest')).toEqual({ address: wallet.bitcoin.receive.address, matchKey: wallet.bitcoin.receive.script });
    // The offline path's public keys from the account key are the same keys, without private parts.
    const cold = coldKeys(tpub, master.fingerprint, 'litecoin-regtest');
    expect(cold).toEqual({ fingerprint: wallet.bitcoin.fingerprint, receive: expect.objectContaining({ path: wallet.bitcoin.receive.path, address: wallet.bitcoin.receive.address }), change: expect.objectContaining({ script: wallet.bitcoin.change.script }) });
    expect(cold.receive).not.toHaveProperty('privateKey');
  });

  test('whitespace and case are read as wallets read them; a bad mnemonic is refused without its words', () => {
    expect(hotWallet(`  ${ABANDON.toUpperCase().replaceAll(' ', '\n ')}\n`, 'mainnet').bitcoin.receive.address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    const badChecksum = ABANDON.replace(/about$/, 'abandon');
    for (const bad of [badChecksum, 'correct horse battery staple', '']) {
      let message = '';
      try {
        hotWallet(bad, 'mainnet');
      } catch (error) {
        expect(error).toBeInstanceOf(MnemonicError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/not a BIP39 English mnemonic/);
      expect(message).not.toMatch(/abandon|horse|battery|staple/);
    }
  });

  test("btc-signer's networks: each network's prefixes, litecoind's regtest with Litecoin's script hash", () => {
    expect(btcSignerNetwork('mainnet')).toEqual({ bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 });
    expect(btcSignerNetwork('regtest')).toEqual({ bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef });
    expect(btcSignerNetwork('litecoin-regtest')).toEqual({ bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef });
  });
});

describe('destinations', () => {
  const mainnet = btcSignerNetwork('mainnet');
  test.each([
    ['p2wpkh', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', '0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2'],
    ['p2wsh', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262'],
    ['p2tr', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'],
    ['p2pkh', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH', '76a914751e76e8199196d454941c45d1b3a323f1433bd688ac'],
    ['p2sh', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'a914b472a266d0bd89c13706a4132ccfb16f7c3b9fcb87'],
  ])('a %s address is paid to its script', (_type, address, script) => {
    expect(bytesToHex(destinationScript(address, mainnet))).toBe(script);
  });

  test("another network's address, or no address, is refused", () => {
    expect(() => destinationScript('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', mainnet)).toThrow(InvalidPayout);
    expect(() => destinationScript('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', btcSignerNetwork('litecoin-regtest'))).toThrow(/not an address of this network/);
    expect(() => destinationScript('hello', mainnet)).toThrow(InvalidPayout);
  });
});

describe('coin selection', () => {
  const coin = (n: number, sats: bigint): Utxo => ({ txid: n.toString(16).padStart(64, '0'), vout: n % 3, sats, script: '0014' + '11'.repeat(20) });
  // 1 P2WPKH input, outputs of a P2WPKH payout and its change: 140.5 vB at the most, rounded up.
  const FEE_1_IN_2_OUT = 141n;

  test('the estimate: P2WPKH inputs and outputs, signatures counted at their largest', () => {
    expect(estimateVsize(1, [22, 22])).toBe(FEE_1_IN_2_OUT);
    expect(estimateVsize(1, [22])).toBe(110n);
    expect(estimateVsize(2, [34, 22])).toBe(221n);
    // A taproot payout's output is 12 bytes longer than a P2WPKH one.
    expect(estimateVsize(1, [34, 22]) - estimateVsize(1, [22, 22])).toBe(12n);
  });

  test('largest coins first until the amount and the fee are covered; the change is the rest', () => {
    const coins = [coin(1, 10_000n), coin(2, 80_000n), coin(3, 50_000n)];
    expect(selectCoins(coins, 60_000n, 2n)).toEqual({ inputs: [coins[1]], feeSats: FEE_1_IN_2_OUT * 2n, changeSats: 80_000n - 60_000n - FEE_1_IN_2_OUT * 2n });
    const two = selectCoins(coins, 100_000n, 2n);
    expect(two.inputs).toEqual([coins[1], coins[2]]);
    expect(two.feeSats).toBe(estimateVsize(2, [22, 22]) * 2n);
    expect(two.changeSats + two.feeSats + 100_000n).toBe(130_000n);
  });

  test('the same coins in any order give the same selection (ties by txid, then output)', () => {
    const coins = [coin(5, 40_000n), coin(4, 40_000n), coin(6, 90_000n), coin(7, 40_000n)];
    const reference = selectCoins(coins, 150_000n, 3n);
    expect(reference.inputs.map((c) => c.txid.slice(-1))).toEqual(['6', '4', '5']);
    expect(selectCoins([...coins].reverse(), 150_000n, 3n)).toEqual(reference);
  });

  test('change under the dust limit is left to the fee, not made an output', () => {
    const noChangeFee = estimateVsize(1, [22]) * 5n;
    const withChangeFee = FEE_1_IN_2_OUT * 5n;
    // Exactly enough for the change to be dust: the whole rest is the fee.
    const tight = selectCoins([coin(1, 100_000n + withChangeFee + DUST_SATS - 1n)], 100_000n, 5n);
    expect(tight).toMatchObject({ changeSats: 0n, feeSats: withChangeFee + DUST_SATS - 1n });
    expect(tight.feeSats).toBeGreaterThanOrEqual(noChangeFee);
    // One satoshi more: a change output of exactly the dust limit.
    expect(selectCoins([coin(1, 100_000n + withChangeFee + DUST_SATS)], 100_000n, 5n)).toMatchObject({ changeSats: DUST_SATS, feeSats: withChangeFee });
    // Just the amount and the fee without change: no change output, the fee as estimated.
    expect(selectCoins([coin(1, 100_000n + noChangeFee)], 100_000n, 5n)).toMatchObject({ changeSats: 0n, feeSats: noChangeFee });
  });

  test('the fee depends on the destination: a longer output script costs more', () => {
    const coins = [coin(1, 1_000_000n)];
    expect(selectCoins(coins, 1000n, 10n, 34).feeSats - selectCoins(coins, 1000n, 10n, 22).feeSats).toBe(120n);
  });

  test('not enough: InsufficientFunds with what is needed (with every coin spent) and what there is', () => {
    const coins = [coin(1, 30_000n), coin(2, 20_000n)];
    let error: unknown;
    try {
      selectCoins(coins, 50_000n, 1n);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect(error).toMatchObject({ neededSats: 50_000n + estimateVsize(2, [22]), availableSats: 50_000n });
    expect(() => selectCoins([], 1000n, 1n)).toThrow(InsufficientFunds);
  });

  test('refuses a non-positive amount, a fee rate under 1 sat/vB and a coin listed twice', () => {
    expect(() => selectCoins([coin(1, 10_000n)], 0n, 1n)).toThrow(InvalidPayout);
    expect(() => selectCoins([coin(1, 10_000n)], 1000n, 0n)).toThrow(/fee rate/);
    expect(() => selectCoins([coin(1, 10_000n), coin(1, 10_000n)], 1000n, 1n)).toThrow(/listed twice/);
  });
});

describe('fee rate from estimatesmartfee', () => {
  test('BTC per 1000 vB to sat/vB, rounded up, read from the decimal digits', () => {
    expect(feeRateFromEstimate({ feerate: 0.00001, blocks: 2 }, 1n, 500n)).toBe(1n);
    expect(feeRateFromEstimate({ feerate: 0.00012345, blocks: 2 }, 1n, 500n)).toBe(13n);
    // 0.00029 × 1e8 is 28999.999999999996 as a double.
    expect(feeRateFromEstimate({ feerate: 0.00029, blocks: 6 }, 1n, 500n)).toBe(29n);
    expect(feeRateFromEstimate({ feerate: 0.00029001, blocks: 6 }, 1n, 500n)).toBe(30n);
  });

  test('clamped to the floor and the ceiling', () => {
    expect(feeRateFromEstimate({ feerate: 0.00001, blocks: 2 }, 4n, 500n)).toBe(4n);
    expect(feeRateFromEstimate({ feerate: 0.01, blocks: 2 }, 1n, 500n)).toBe(500n);
  });

  test('no estimate (regtest, a node just started): the floor', () => {
    expect(feeRateFromEstimate({ errors: ['Insufficient data or no feerate found'], blocks: 0 }, 3n, 500n)).toBe(3n);
  });

  test('an answer that is not an estimate is the node\'s fault; a floor above the ceiling is ours', () => {
    expect(() => feeRateFromEstimate({ feerate: '0.0001' }, 1n, 500n)).toThrow(NodeError);
    expect(() => feeRateFromEstimate(null, 1n, 500n)).toThrow(NodeError);
    expect(() => feeRateFromEstimate({ feerate: -1 }, 1n, 500n)).toThrow(NodeError);
    expect(() => feeRateFromEstimate({}, 10n, 5n)).toThrow(/above the ceiling/);
  });
});
