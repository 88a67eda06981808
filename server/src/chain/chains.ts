import { CHAIN_COIN, type Asset, type Chain } from '@halcyon/api-client/contract';
import type { ChainConfig } from '../config';
import { bitcoinReader } from './bitcoin';
import { formatUnits, type ChainReader } from './blocks';
import { BITCOIN_NETWORKS, type BitcoinNetwork } from './derive';
import { contractDecimals, evmReader } from './evm';
import { chainlinkPrices, PriceUnavailable, type PriceSource } from './price';
import { nativeBalances, scanKeys, tokenBalances } from './reserves';
import { quantity, rpcClient, type RpcClient } from './rpc';

/** One chain deposits are watched on: what it credits, how it is read, what a quote says. */
export interface WatchedChain {
  chain: Chain;
  family: 'bitcoin' | 'evm';
  asset: Asset;
  /** The ticker investors see (the contract's CHAIN_COIN). */
  coin: (typeof CHAIN_COIN)[Chain];
  reader: ChainReader;
  confirmations: number;
  /** The transaction on the configured explorer; null when none is. */
  explorerUrl(txid: string): string | null;
  /** The coin's decimals (a token's read from its contract, once). */
  decimals(): Promise<number>;
  /** A BIP21 or EIP-681 link that pays `units` to `address`. */
  paymentUri(address: string, units: bigint): Promise<string>;
  /** How the chain's holdings at the investors' addresses are measured (chain/reserves.ts). */
  reserve: ReserveReader;
}

/**
 * Bitcoin: the node scans its UTXO set for each key's first `count` receive addresses. EVM: the
 * balances of a page of addresses at one block, summed by the caller page by page.
 */
type ReserveReader =
  | { kind: 'keys'; scan(keys: { xpub: string; count: number }[]): Promise<{ units: bigint; height: number }> }
  | { kind: 'addresses'; sum(addresses: string[], height: number): Promise<bigint> };

/** Every watched chain of this configuration, and where prices come from. */
export interface Chains {
  watched: Partial<Record<Chain, WatchedChain>>;
  prices: PriceSource;
  /** The Bitcoin network investors' Bitcoin addresses are encoded for. */
  bitcoinNetwork: BitcoinNetwork;
}

const blockTag = (height: number) => `0x${height.toString(16)}`;
const explorer = (template: string) => (txid: string) => (template ? template.replace('{txid}', txid) : null);

/** Read once per process: a contract's decimals and a node's chain id do not change. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

function evmChainId(rpc: RpcClient): () => Promise<bigint> {
  return once(async () => quantity(await rpc.call('eth_chainId'), 'chain id'));
}

/** The chains of `config` (docs/chain.md "Configuration"). */
export function buildChains(config: ChainConfig): Chains {
  const watched: Partial<Record<Chain, WatchedChain>> = {};
  const { bitcoin, ethereum, bsc } = config;
  if (bitcoin) {
    const scheme = BITCOIN_NETWORKS[bitcoin.network].bip21;
    // Blocks at verbosity 2 are large: a minute per batch of them.
    const rpc = rpcClient(bitcoin.rpcUrl, 60_000);
    watched.bitcoin = {
      chain: 'bitcoin', family: 'bitcoin', asset: 'btc', coin: CHAIN_COIN.bitcoin,
      reader: bitcoinReader(rpc),
      // A UTXO scan takes a while on mainnet: its own, longer timeout.
      reserve: { kind: 'keys', scan: (keys) => scanKeys(rpcClient(bitcoin.rpcUrl, 600_000), keys, bitcoin.network) },
      confirmations: bitcoin.confirmations,
      explorerUrl: explorer(bitcoin.explorerTxUrl),
      decimals: async () => 8,
      paymentUri: async (address, units) => `${scheme}:${address}?amount=${formatUnits(units, 8)}`,
    };
  }
  if (ethereum) {
    const rpc = rpcClient(ethereum.rpcUrl);
    const chainId = evmChainId(rpc);
    watched.ethereum = {
      chain: 'ethereum', family: 'evm', asset: 'eth', coin: CHAIN_COIN.ethereum,
      reader: evmReader(rpc, { chain: 'ethereum', native: 'eth', tokens: [] }),
      reserve: { kind: 'addresses', sum: (addresses, height) => nativeBalances(rpc, addresses, blockTag(height)) },
      confirmations: ethereum.confirmations,
      explorerUrl: explorer(ethereum.explorerTxUrl),
      decimals: async () => 18,
      paymentUri: async (address, units) => `ethereum:${address}@${await chainId()}?value=${units}`,
    };
  }
  if (bsc) {
    const rpc = rpcClient(bsc.rpcUrl);
    const chainId = evmChainId(rpc);
    const token = bsc.usdtContract;
    watched.bsc = {
      chain: 'bsc', family: 'evm', asset: 'usdt', coin: CHAIN_COIN.bsc,
      reader: evmReader(rpc, { chain: 'bsc', native: null, tokens: [{ contract: token, asset: 'usdt' }] }),
      reserve: { kind: 'addresses', sum: (addresses, height) => tokenBalances(rpc, token, addresses, blockTag(height)) },
      confirmations: bsc.confirmations,
      explorerUrl: explorer(bsc.explorerTxUrl),
      // BEP-20 USDT has 18 decimals, Ethereum's 6: read, never assumed.
      decimals: once(() => contractDecimals(rpc, token)),
      paymentUri: async (address, units) => `ethereum:${token}@${await chainId()}/transfer?address=${address}&uint256=${units}`,
    };
  }
  const priceRpc = ethereum ? rpcClient(ethereum.rpcUrl) : null;
  const feeds = { btc: config.prices.btcFeed, eth: config.prices.ethFeed };
  return {
    watched,
    prices: priceRpc ? chainlinkPrices(priceRpc, feeds, config.prices.maxAgeSeconds) : chainlinkPricesUnavailable,
    bitcoinNetwork: bitcoin?.network ?? 'mainnet',
  };
}

/** With no Ethereum node only USDT has a price (1 USD). */
const chainlinkPricesUnavailable: PriceSource = {
  async price(asset, now) {
    if (asset === 'usdt') return { answer: 1n, decimals: 0, updatedAt: now };
    throw new PriceUnavailable(`no Ethereum node configured to read the ${asset} price`);
  },
};
