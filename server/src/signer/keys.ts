import { bytesToHex } from '@noble/hashes/utils.js';
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { p2wpkh } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { privateKeyToAccount } from 'viem/accounts';
import { BITCOIN_NETWORKS, bitcoinAccountKey, type BitcoinNetwork } from '../chain/derive';

// The hot wallet's keys, from the signer's BIP39 mnemonic: the only place a private key is derived.

/** A mnemonic that cannot be used; its message never holds the words (it ends up in logs). */
export class MnemonicError extends Error {
  override name = 'MnemonicError';
}

/** What a Bitcoin key pays to and is found by: enough to build a transaction without the private key. */
export interface BitcoinPublicKey {
  /** BIP32 path from the master key, e.g. m/84'/1'/0'/1/0. */
  path: string;
  /** Compressed, 33 bytes. */
  publicKey: Uint8Array;
  /** P2WPKH address of the network. */
  address: string;
  /** The output script, lowercase hex `0014<hash160>`: how a UTXO says which key it needs. */
  script: string;
}

export interface BitcoinKey extends BitcoinPublicKey {
  privateKey: Uint8Array;
}

/** The receive and change keys of a BIP84 account, with the master key's fingerprint (PSBT derivations). */
export interface BitcoinKeys<K extends BitcoinPublicKey = BitcoinPublicKey> {
  fingerprint: number;
  receive: K;
  change: K;
}

interface EvmKey {
  path: string;
  privateKey: `0x${string}`;
  /** EIP-55; the same on Ethereum and BSC. */
  address: `0x${string}`;
}

export interface HotWallet {
  network: BitcoinNetwork;
  bitcoin: BitcoinKeys<BitcoinKey>;
  evm: EvmKey;
}

/** @scure/btc-signer's description of `network` (addresses of every type, WIF). */
export function btcSignerNetwork(network: BitcoinNetwork): BTC_NETWORK {
  const { hrp, base58 } = BITCOIN_NETWORKS[network];
  return { bech32: hrp, ...base58 };
}

/** BIP84's account path of `network` (coin 0 on mainnet, 1 on the test networks, as wallets derive them). */
const bip84Account = (network: BitcoinNetwork, account: number) => `m/84'/${network === 'mainnet' ? 0 : 1}'/${account}'`;

/** The P2WPKH key `chain/0` of a BIP84 account key (chain 0: receive, 1: change); a private one if the account is. */
function childKey(account: HDKey, accountPath: string, chain: 0 | 1, network: BitcoinNetwork): BitcoinPublicKey & { privateKey: Uint8Array | null } {
  const path = `${accountPath}/${chain}/0`;
  const { privateKey, publicKey } = account.deriveChild(chain).deriveChild(0);
  if (!publicKey) throw new Error(`derivation of ${path} gave no key`);
  const payment = p2wpkh(publicKey, btcSignerNetwork(network));
  if (!payment.address) throw new Error(`no address for ${path}`);
  return { path, privateKey, publicKey, address: payment.address, script: bytesToHex(payment.script) };
}

/** The hot keys of `mnemonic`: BIP84 account 0's receive 0/0 and change 1/0, and the BIP44 EVM account m/44'/60'/0'/0/0. */
export function hotWallet(mnemonic: string, network: BitcoinNetwork): HotWallet {
  // Whitespace and case as a file or an environment variable may give them: wallets read the
  // words the same way.
  const words = mnemonic.normalize('NFKD').trim().toLowerCase().split(/\s+/).join(' ');
  if (!validateMnemonic(words, wordlist)) {
    throw new MnemonicError(`the signer's mnemonic is not a BIP39 English mnemonic (${words ? words.split(' ').length : 0} words; a word is not in the list, or the checksum is wrong)`);
  }
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync(words));
  const accountPath = bip84Account(network, 0);
  const account = master.derive(accountPath);
  const bitcoinKey = (chain: 0 | 1): BitcoinKey => {
    const { privateKey, ...key } = childKey(account, accountPath, chain, network);
    if (!privateKey) throw new Error(`derivation of ${key.path} gave no private key`);
    return { ...key, privateKey };
  };
  const evmPath = "m/44'/60'/0'/0/0";
  const evmPrivate = master.derive(evmPath).privateKey;
  if (!evmPrivate) throw new Error(`derivation of ${evmPath} gave no key`);
  const privateKey = `0x${bytesToHex(evmPrivate)}` as const;
  return {
    network,
    bitcoin: { fingerprint: master.fingerprint, receive: bitcoinKey(0), change: bitcoinKey(1) },
    evm: { path: evmPath, privateKey, address: privateKeyToAccount(privateKey).address },
  };
}

/**
 * The receive and change keys of an offline (cold) wallet from its BIP84 account key and its master
 * key's fingerprint (which the account key does not hold): what an unsigned PSBT names, so that
 * the device finds its keys. Throws XpubError for a key that is not a public account key of `network`.
 */
export function coldKeys(accountXpub: string, fingerprint: number, network: BitcoinNetwork): BitcoinKeys {
  const account = bitcoinAccountKey(accountXpub, network);
  const accountPath = bip84Account(network, account.index - HARDENED_OFFSET);
  const publicKey = (chain: 0 | 1): BitcoinPublicKey => {
    const { path, publicKey, address, script } = childKey(account, accountPath, chain, network);
    return { path, publicKey, address, script };
  };
  return { fingerprint, receive: publicKey(0), change: publicKey(1) };
}
