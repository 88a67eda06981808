import type { Address, Hex } from 'viem';

export type EvmChain = 'ethereum' | 'bsc';
export type PriceFeedName = 'btc' | 'eth';

export interface EvmNode {
  /** http://127.0.0.1:<port> (Anvil, JSON-RPC 2.0) */
  rpcUrl: string;
  /** 1337 (ethereum) or 56 (bsc) */
  chainId: number;
  /** The lowest height a reorg may replace: the blocks below hold the contracts' deployment. */
  minForkHeight: number;
}

export interface BitcoinNode {
  /** http://<user>:<password>@127.0.0.1:<port>: Bitcoin Core JSON-RPC with Basic auth (see bitcoinRpc). */
  rpcUrl: string;
  /** litecoind -regtest: bech32 `rltc`, tpub/tprv keys (LITECOIN_REGTEST). */
  network: 'litecoin-regtest';
  /** The funded legacy wallet every send pays from (RPC path /wallet/<name>). */
  wallet: string;
  /** The lowest height a reorg may replace: the coinbases below are the wallet's spendable coins. */
  minForkHeight: number;
}

export interface ChainContracts {
  /** The USDT stand-in (ERC-20, 18 decimals) on bsc. */
  usdt: Address;
  /** Chainlink-compatible feeds (8 decimals) on ethereum. */
  btcUsdFeed: Address;
  ethUsdFeed: Address;
}

/**
 * Everything a process needs to act on running nodes: plain JSON, the value of
 * HALCYON_CHAIN_NODES and of .tmp/chain-nodes.json.
 */
export interface ChainNodesDescription {
  ethereum: EvmNode;
  bsc: EvmNode;
  /** Absent only when the caller asked for it if installed (`bitcoin: 'if-installed'`) and litecoind is not. */
  bitcoin?: BitcoinNode;
  contracts: ChainContracts;
  /** The EVM account that owns the contracts and pays every EVM send (Anvil's first account). */
  funder: Address;
}

export interface MinedBlocks {
  /** The new blocks' hashes, oldest first. */
  hashes: string[];
  /** The tip's height afterwards. */
  height: number;
}

export interface ReorgResult {
  /** The first height whose block was replaced. */
  forkHeight: number;
  /** The hashes that were on the main chain from forkHeight up, oldest first. */
  replaced: string[];
  /** The new main chain's hashes from forkHeight up, oldest first (none equal to `replaced`'s). */
  hashes: string[];
  /** The new tip's height. */
  height: number;
}

export interface ReorgOptions {
  /**
   * true: the replaced blocks' transactions are mined again in the new branch (a reorg that a
   * deposit survives). false: they are not; on Bitcoin they are back in the mempool, unconfirmed
   * (the next mineBtc includes them); on the EVM chains they are gone (Anvil drops them).
   */
  keepTxs: boolean;
}

/** What tests do to the chains. Each call is RPC only: any process holding the description can make it. */
export interface ChainActions {
  /** The wallet's `sendtoaddress`, unconfirmed until mined; `sats` goes out as an exact decimal string. */
  sendBtc(address: string, sats: bigint): Promise<{ txid: string }>;
  /** `n` blocks on top, paid to the wallet, with whatever the mempool holds. */
  mineBtc(n: number): Promise<MinedBlocks>;
  /** Invalidates the block at tip-depth+1 and mines depth+1 blocks in its place (the new tip is one higher). */
  reorgBtc(depth: number, options: ReorgOptions): Promise<ReorgResult>;
  btcHeight(): Promise<number>;
  /** Native coin (ETH or BNB) from the funder; pending until mineEvm (the nodes mine only on demand). */
  sendEth(chain: EvmChain, to: Address, wei: bigint): Promise<{ hash: Hex }>;
  /** USDT `transfer` on bsc from the funder, in 10^-18 units; pending until mineEvm. */
  sendUsdt(to: Address, units: bigint): Promise<{ hash: Hex }>;
  mineEvm(chain: EvmChain, n: number): Promise<MinedBlocks>;
  /** Replaces the last `depth` blocks with as many new ones (anvil_reorg): same height, other hashes. */
  reorgEvm(chain: EvmChain, depth: number, options: ReorgOptions): Promise<ReorgResult>;
  evmHeight(chain: EvmChain): Promise<number>;
  /** A new round of the ethereum node's BTC/USD or ETH/USD feed (answer with 8 decimals), mining no block. */
  setPrice(feed: PriceFeedName, answer: bigint, updatedAt: bigint): Promise<{ roundId: bigint }>;
}

/** Running nodes seen from any process: their description and the actions on them. */
export type Chains = ChainNodesDescription & ChainActions & { description: ChainNodesDescription };
