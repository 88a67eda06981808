// The platform's account keys for a test or a benchmark that starts its own server: the extended
// public keys an admin gives the server (POST /wallet-address, bitcoinXpub and evmXpub), made from
// a mnemonic the caller chooses, so that no investor's address is one of the nodes' own accounts.
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { mnemonicToAccount } from 'viem/accounts';
import { litecoindPath } from './processes';

export interface PlatformXpubs {
  /** BIP84 account key m/84'/1'/account' as a vpub (regtest, litecoin-regtest). */
  bitcoinXpub: string;
  /** BIP44 account key m/44'/60'/account' as an xpub (Ethereum and BSC share it). */
  evmXpub: string;
}

/** The two account keys of `mnemonic` (BIP39, no passphrase) at `account`. */
export function platformXpubs(mnemonic: string, account = 0): PlatformXpubs {
  if (!Number.isInteger(account) || account < 0) throw new Error(`platformXpubs: account must be a whole number, got ${account}`);
  const seed = mnemonicToSeedSync(mnemonic);
  return {
    // SLIP-132's vprv/vpub versions: BIP84 keys of the test networks, what the server takes for regtest.
    bitcoinXpub: HDKey.fromMasterSeed(seed, { private: 0x045f18bc, public: 0x045f1cf6 }).derive(`m/84'/1'/${account}'`).publicExtendedKey,
    evmXpub: HDKey.fromMasterSeed(seed).derive(`m/44'/60'/${account}'`).publicExtendedKey,
  };
}

/**
 * A new hot wallet for a signer a test starts (server/src/signer): its mnemonic, for
 * SIGNER_MNEMONIC_FILE, and its EVM address (m/44'/60'/0'/0/0, the same on both EVM chains), to fund.
 */
export function newSignerWallet(): { mnemonic: string; evmAddress: `0x${string}` } {
  const mnemonic = generateMnemonic(wordlist);
  return { mnemonic, evmAddress: mnemonicToAccount(mnemonic).address };
}

/**
 * For a file that starts nodes of its own (startChainNodes): why it cannot, or null when it can.
 * Without litecoind it skips, except under CI=true, where startChainNodes then fails the file.
 */
export function ownChainNodesSkip(what: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (litecoindPath() || env.CI === 'true') return null;
  return `litecoind is not installed (apt-get install litecoind): skipping ${what}`;
}
