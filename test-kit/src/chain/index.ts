// The test chains (issue 26): real local nodes, started once per run (docs/chain-nodes.md).
export { startChainNodes, CHAIN_NODES_FILE, type ChainNodes, type ChainNodesOptions } from './nodes';
export { chainNodesFromEnv, chainNodesFromEnvOrFile, chainNodesOrSkip, parseChainNodes, CHAIN_NODES_ENV } from './env';
export { chainGlobalSetup, chainGlobalTeardown } from './jest-global';
export { bitcoinNode, chainActions, chainsFrom } from './actions';
export { parsePaymentUri, payPaymentUri, type Payment, type PaymentRequest } from './payment-uri';
export { bitcoinRpc, jsonRpc, RpcError } from './rpc';
export { btcToSats, decimalToUnits, satsToBtc, unitsToDecimal } from './amounts';
export { priceFeedAbi, usdtAbi } from './abi';
export { ANVIL_FUNDER, ANVIL_MNEMONIC, EVM_CHAIN_IDS, LITECOIN_REGTEST } from './network';
export type {
  BitcoinNode,
  ChainActions,
  ChainContracts,
  ChainNodesDescription,
  Chains,
  EvmChain,
  EvmNode,
  MinedBlocks,
  PriceFeedName,
  ReorgOptions,
  ReorgResult,
} from './types';
export { newSignerWallet, ownChainNodesSkip, platformXpubs, type PlatformXpubs } from './platform-keys';
export { chainServerEnv, type ChainServerSettings } from './server-env';
