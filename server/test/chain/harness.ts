import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bitcoinNode, chainNodesFromEnv, type Chains as TestChains } from '@halcyon/test-kit/chain';
import type { Chain } from '@halcyon/api-client/contract';
import type { ChainConfig } from '../../src/config';
import { runFollower } from '../../src/jobs/chain-jobs';
import type { TestServer, TestUser } from '../harness';

// What the chain tests share: the run's nodes (started once by jest.chain.config's globalSetup),
// the platform's keys, a config pointing at the nodes, and a follower run on demand.

/** The nodes of this run (HALCYON_CHAIN_NODES). */
export const nodes: TestChains = chainNodesFromEnv();

// The platform's account keys: a mnemonic of its own, so that no investor's address is the nodes'
// funder, and an account of its own for every setKeys of the run (each test resets the database,
// so the same key would give the same addresses again, which earlier tests have paid).
const SEED = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const RUN = Math.floor(Math.random() * 1_000_000);
let account = 0;
/** BIP84 for regtest (vpub) and BIP44 m/44'/60'/k' (xpub) account keys of a new account. */
export function newKeys(): { bitcoinXpub: string; evmXpub: string } {
  const k = (RUN * 100 + account++) % 2 ** 31;
  return {
    bitcoinXpub: HDKey.fromMasterSeed(SEED, { private: 0x045f18bc, public: 0x045f1cf6 }).derive(`m/84'/1'/${k}'`).publicExtendedKey,
    evmXpub: HDKey.fromMasterSeed(SEED).derive(`m/44'/60'/${k}'`).publicExtendedKey,
  };
}

/** Confirmations in these tests: 3 on every chain (quick to mine; every depth below still tested). */
export const CONFIRMATIONS = 3;

export const chainConfig = (overrides: Partial<ChainConfig> = {}): ChainConfig => ({
  bitcoin: { rpcUrl: bitcoinNode(nodes).rpcUrl, network: 'litecoin-regtest', confirmations: CONFIRMATIONS, explorerTxUrl: 'https://explorer.test/btc/{txid}' },
  ethereum: { rpcUrl: nodes.ethereum.rpcUrl, confirmations: CONFIRMATIONS, explorerTxUrl: 'https://explorer.test/eth/{txid}' },
  bsc: { rpcUrl: nodes.bsc.rpcUrl, usdtContract: nodes.contracts.usdt, confirmations: CONFIRMATIONS, explorerTxUrl: '' },
  prices: { btcFeed: nodes.contracts.btcUsdFeed, ethFeed: nodes.contracts.ethUsdFeed, maxAgeSeconds: 3600 },
  quoteMinutes: 30,
  pollMs: 60_000,
  reservesIntervalMs: 0,
  followerExpireSeconds: 60,
  dustCents: 100,
  payouts: false,
  ...overrides,
});

/** Sets the platform's keys through the spec's route (a record with the spec's four addresses). */
export async function setKeys(t: TestServer, admin: { token: string }, keys: { bitcoinXpub?: string | null; evmXpub?: string | null } = newKeys()) {
  const body = { bitcoin: 'bc1qshared', ethereum: '0xshared', sol: 'SoLshared', usdt: '0xshared', ...keys };
  const res = await t.call('createWalletAddress', { token: admin.token, body });
  if (res.status !== 201) throw new Error(`createWalletAddress: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** One run of `chain`'s follower, as its job runs it: read to the tip, credit what is confirmed. */
export async function follow(t: TestServer, chain: Chain): Promise<void> {
  const watched = t.app.deps.chains.watched[chain];
  if (!watched) throw new Error(`${chain} is not watched`);
  await runFollower(t.app.deps, watched);
}

/** The latest price round at `usd` per coin, updated now (8 decimals). */
export async function price(feed: 'btc' | 'eth', usd: number): Promise<void> {
  await nodes.setPrice(feed, BigInt(Math.round(usd * 1e8)), BigInt(Math.floor(Date.now() / 1000)));
}

export async function deposit(t: TestServer, user: TestUser, method: 'bitcoin' | 'ethereum' | 'usdt' | 'solana', amount: number) {
  const res = await t.call('createDeposit', { token: user.token, body: { method, amount, from: user.uid } });
  if (res.status !== 201) throw new Error(`createDeposit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function readDeposit(t: TestServer, user: TestUser, id: string) {
  const res = await t.call('getDeposit', { token: user.token, params: { id } });
  if (res.status !== 200) throw new Error(`getDeposit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function balances(t: TestServer, user: TestUser) {
  const res = await t.call('getProfile', { token: user.token });
  const { btcBal, ethBal, usdtBal, balance } = res.body.data;
  return { btcBal, ethBal, usdtBal, balance };
}

/** Whole coin units of a decimal amount string (the quote's cryptoAmount). */
export const units = (amount: string, decimals: number): bigint => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(`${whole}${fraction.padEnd(decimals, '0')}`);
};
