// The server's environment for nodes test-kit started (server/src/config.ts, docs/chain.md
// "Configuration"): every chain the nodes run watched (Bitcoin when litecoind runs), prices from
// the nodes' feeds, the job queue polled as often as the server allows.
import type { ChainNodesDescription } from './types';

export interface ChainServerSettings {
  /** Confirmations a payment needs, on every chain. */
  confirmations: number;
  /** CHAIN_POLL_MS: how often each follower job is asked for. */
  pollMs: number;
}

export function chainServerEnv(nodes: ChainNodesDescription, s: ChainServerSettings): Record<string, string> {
  const confirmations = String(s.confirmations);
  return {
    ...(nodes.bitcoin ? { BITCOIN_RPC_URL: nodes.bitcoin.rpcUrl, BITCOIN_NETWORK: nodes.bitcoin.network } : {}),
    ETHEREUM_RPC_URL: nodes.ethereum.rpcUrl,
    BSC_RPC_URL: nodes.bsc.rpcUrl,
    BSC_USDT_CONTRACT: nodes.contracts.usdt,
    PRICE_FEED_BTC_USD: nodes.contracts.btcUsdFeed,
    PRICE_FEED_ETH_USD: nodes.contracts.ethUsdFeed,
    CONFIRMATIONS_BTC: confirmations,
    CONFIRMATIONS_ETH: confirmations,
    CONFIRMATIONS_BSC: confirmations,
    CHAIN_POLL_MS: String(s.pollMs),
    JOB_POLL_INTERVAL_MS: '500',
  };
}
