import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bitcoinAccountKey, bitcoinAddress, checksumAddress, evmAccountKey, evmAddress, XpubError } from '../../src/chain/derive';
import { formatUnits, parseUnits } from '../../src/chain/blocks';
import { centsForUnits, unitsForCents } from '../../src/chain/price';

// BIP84's published test vectors (github.com/bitcoin/bips, bip-0084.mediawiki): mnemonic
// "abandon … about", account 0.
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const BIP84_ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
// The development mnemonic of Anvil and Hardhat: m/44'/60'/0'/0/0 and /1 are their first two accounts.
const TEST_JUNK = 'test test test test test test test test test test test junk';

describe('BIP84 (native segwit) addresses from an account zpub', () => {
  test('the published receive addresses of account 0', () => {
    const key = bitcoinAccountKey(BIP84_ZPUB, 'mainnet');
    expect(bitcoinAddress(key, 0, 'mainnet').address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(bitcoinAddress(key, 1, 'mainnet').address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  test('the zpub is the one the mnemonic gives at m/84\'/0\'/0\'', () => {
    const account = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'");
    expect(account.publicExtendedKey).toBe(BIP84_ZPUB);
  });

  test('the output script a follower matches is 0014 + hash160 of the key', () => {
    const key = bitcoinAccountKey(BIP84_ZPUB, 'mainnet');
    // BIP84: m/84'/0'/0'/0/0 scriptPubKey.
    expect(bitcoinAddress(key, 0, 'mainnet').matchKey).toBe('0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2');
  });

  test('testnet and regtest keys give those networks\' prefixes; the same script', () => {
    const tpub = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON), { private: 0x04358394, public: 0x045f1cf6 }).derive("m/84'/1'/0'").publicExtendedKey;
    const regtest = bitcoinAddress(bitcoinAccountKey(tpub, 'regtest'), 0, 'regtest');
    const litecoin = bitcoinAddress(bitcoinAccountKey(tpub, 'litecoin-regtest'), 0, 'litecoin-regtest');
    // BIP84's testnet vector: m/84'/1'/0'/0/0 is tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl.
    expect(bitcoinAddress(bitcoinAccountKey(tpub, 'testnet'), 0, 'testnet').address).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(regtest.address).toMatch(/^bcrt1q/);
    expect(litecoin.address).toMatch(/^rltc1q/);
    expect(litecoin.matchKey).toBe(regtest.matchKey);
  });

  test('refuses keys of another network, depth or checksum, and private keys, saying why', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(XpubError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal(() => bitcoinAccountKey(BIP84_ZPUB, 'regtest'))).toMatch(/must be tpub or vpub/);
    const last = BIP84_ZPUB.at(-1) === 'a' ? 'b' : 'a';
    expect(refusal(() => bitcoinAccountKey(`${BIP84_ZPUB.slice(0, -1)}${last}`, 'mainnet'))).toMatch(/checksum/);
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON));
    expect(refusal(() => bitcoinAccountKey(root.derive("m/84'/0'").publicExtendedKey, 'mainnet'))).toMatch(/depth 3/);
    expect(refusal(() => evmAccountKey(root.derive("m/44'/60'/0'").privateExtendedKey))).toMatch(/xpub or tpub/);
  });
});

describe('EVM addresses from a BIP44 m/44\'/60\'/0\' xpub', () => {
  const xpub = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_JUNK)).derive("m/44'/60'/0'").publicExtendedKey;

  test('the known accounts of the development mnemonic, EIP-55 checksummed', () => {
    const key = evmAccountKey(xpub);
    expect(evmAddress(key, 0).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(evmAddress(key, 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(evmAddress(key, 0).matchKey).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });

  test('EIP-55\'s own examples', () => {
    for (const a of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB']) {
      expect(checksumAddress(a.toLowerCase())).toBe(a);
    }
  });
});

describe('coin amounts are integers of the smallest unit', () => {
  test('decimal text both ways, never a float', () => {
    expect(formatUnits(150_000_000n, 8)).toBe('1.5');
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001');
    expect(formatUnits(0n, 8)).toBe('0');
    expect(parseUnits('0.1', 8)).toBe(10_000_000n);
    expect(parseUnits((0.1 + 0.2).toFixed(8), 8)).toBe(30_000_000n);
    expect(parseUnits('20999999.97690000', 8)).toBe(2_099_999_997_690_000n);
    expect(() => parseUnits('0.000000001', 8)).toThrow(/decimals/);
  });

  test('a quote rounds the coin amount up, a valuation rounds the cents down', () => {
    const btc = { answer: 60_000_00000000n, decimals: 8, updatedAt: new Date() };
    // 250 USD at 60,000 USD/BTC = 0.00416666…: 416,667 sat.
    expect(unitsForCents(25_000, btc, 8)).toBe(416_667n);
    expect(centsForUnits(416_667n, btc, 8)).toBe(25_000n);
    expect(centsForUnits(416_666n, btc, 8)).toBe(24_999n);
    const usdt = { answer: 1n, decimals: 0, updatedAt: new Date() };
    expect(unitsForCents(25_000, usdt, 18)).toBe(250n * 10n ** 18n);
  });
});
