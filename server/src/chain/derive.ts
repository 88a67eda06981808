import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey, HARDENED_OFFSET } from '@scure/bip32';
import { base58check, bech32 } from '@scure/base';

// Investors' deposit addresses from the platform's extended public keys (docs/chain.md
// "Addresses"): the server derives public keys only; it never sees a private key.

/**
 * Which Bitcoin network the addresses are for: their bech32 prefix, the key versions accepted, and
 * the base58 version bytes (`base58`: legacy P2PKH and P2SH addresses, WIF keys) the signer needs
 * to pay any address of the network.
 */
export const BITCOIN_NETWORKS = {
  mainnet: { hrp: 'bc', keys: { xpub: 0x0488b21e, zpub: 0x04b24746 }, bip21: 'bitcoin', base58: { pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 } },
  testnet: { hrp: 'tb', keys: { tpub: 0x043587cf, vpub: 0x045f1cf6 }, bip21: 'bitcoin', base58: { pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } },
  regtest: { hrp: 'bcrt', keys: { tpub: 0x043587cf, vpub: 0x045f1cf6 }, bip21: 'bitcoin', base58: { pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } },
  // litecoind's regtest, the Bitcoin Core 0.21 fork the tests run (docs/chain.md "Nodes"): its
  // script-hash version is Litecoin's own (test-kit LITECOIN_REGTEST).
  'litecoin-regtest': { hrp: 'rltc', keys: { tpub: 0x043587cf, vpub: 0x045f1cf6 }, bip21: 'litecoin', base58: { pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef } },
} as const;
export type BitcoinNetwork = keyof typeof BITCOIN_NETWORKS;

/** The EVM account key's versions: any BIP32 public version is taken (EVM has no network byte). */
const EVM_KEYS: Record<string, number> = { xpub: 0x0488b21e, tpub: 0x043587cf };

const b58 = base58check(sha256);

/** Why an extended public key is refused, as the 400 says it; null when it is fine. */
export class XpubError extends Error {
  override name = 'XpubError';
}

/** The account-level key both families take: depth 3 (m/purpose'/coin'/account'), hardened. */
function accountKey(text: string, accepted: Record<string, number>, what: string): HDKey {
  let raw: Uint8Array;
  try {
    raw = b58.decode(text.trim());
  } catch {
    throw new XpubError('is not a valid extended public key (its checksum or encoding is wrong)');
  }
  if (raw.length !== 78) throw new XpubError('is not a valid extended public key (wrong length)');
  const version = ((raw[0] ?? 0) << 24 | (raw[1] ?? 0) << 16 | (raw[2] ?? 0) << 8 | (raw[3] ?? 0)) >>> 0;
  const name = Object.keys(accepted).find((k) => accepted[k] === version);
  if (!name) throw new XpubError(`must be ${Object.keys(accepted).join(' or ')} for this network (${what})`);
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text.trim(), { public: version, private: 0 });
  } catch (error) {
    throw new XpubError(`is not a valid extended public key (${error instanceof Error ? error.message : 'unreadable'})`);
  }
  if (key.privateKey) throw new XpubError('must be a public key: never give the server a private key');
  if (key.depth !== 3 || key.index < HARDENED_OFFSET) throw new XpubError(`must be the account key at depth 3 (${what}), not depth ${key.depth}`);
  return key;
}

/** Checks a BIP84 account key for `network`; throws XpubError. */
export function bitcoinAccountKey(xpub: string, network: BitcoinNetwork): HDKey {
  return accountKey(xpub, BITCOIN_NETWORKS[network].keys, "BIP84 m/84'/coin'/account'");
}

/** Checks a BIP44 m/44'/60'/account' key; throws XpubError. */
export function evmAccountKey(xpub: string): HDKey {
  return accountKey(xpub, EVM_KEYS, "BIP44 m/44'/60'/account'");
}

/** A derived address: what people see, and what a follower compares (script hex, lowercase address). */
export interface DerivedAddress {
  address: string;
  matchKey: string;
}

/** The receive address `0/index` of an account key (external chain). */
function receiveKey(account: HDKey, index: number): Uint8Array {
  const pub = account.deriveChild(0).deriveChild(index).publicKey;
  if (!pub) throw new Error('derivation gave no public key');
  return pub;
}

/** Native segwit (P2WPKH) receive address `0/index`: bech32 of hash160(pubkey); its script is 0014<hash>. */
export function bitcoinAddress(account: HDKey, index: number, network: BitcoinNetwork): DerivedAddress {
  const hash = ripemd160(sha256(receiveKey(account, index)));
  return { address: bech32.encode(BITCOIN_NETWORKS[network].hrp, [0, ...bech32.toWords(hash)]), matchKey: `0014${bytesToHex(hash)}` };
}

/** The EVM address of `0/index`: the last 20 bytes of keccak256 of the uncompressed key, EIP-55 checksummed. */
export function evmAddress(account: HDKey, index: number): DerivedAddress {
  const uncompressed = secp256k1.Point.fromBytes(receiveKey(account, index)).toBytes(false);
  const lower = bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12));
  return { address: checksumAddress(lower), matchKey: `0x${lower}` };
}

/** EIP-55: each hex letter upper-cased where the keccak of the lowercase address has a high nibble. */
export function checksumAddress(hex40: string): string {
  const lower = hex40.replace(/^0x/, '').toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i] ?? '0', 16) >= 8 ? lower[i]?.toUpperCase() : lower[i];
  return out;
}
