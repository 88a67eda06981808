// Node-side test tooling shared by the server tests, e2e and bench (issue 14 item 5).
export { freePort } from './ports';
export { restartProduct, startProduct, type Product, type ProductOptions } from './product';
export { createScratchDb, pgAdminUrl, scratchDbOrSkip, type ScratchDb } from './scratch-db.cjs';
export { callApi, expectApi, type ApiReply, type ApiRequest } from './json-client';
export { LIMITS_OFF, SPAM_LIMITS_OFF } from './limits-off';
export {
  ANVIL_FUNDER,
  ANVIL_MNEMONIC,
  CHAIN_NODES_ENV,
  CHAIN_NODES_FILE,
  EVM_CHAIN_IDS,
  LITECOIN_REGTEST,
  RpcError,
  bitcoinRpc,
  btcToSats,
  chainActions,
  chainGlobalSetup,
  chainGlobalTeardown,
  chainNodesFromEnv,
  chainNodesFromEnvOrFile,
  chainNodesOrSkip,
  chainsFrom,
  decimalToUnits,
  jsonRpc,
  parseChainNodes,
  parsePaymentUri,
  payPaymentUri,
  priceFeedAbi,
  satsToBtc,
  startChainNodes,
  unitsToDecimal,
  usdtAbi,
  type BitcoinNode,
  type ChainActions,
  type ChainContracts,
  type ChainNodes,
  type ChainNodesDescription,
  type ChainNodesOptions,
  type Chains,
  type EvmChain,
  type EvmNode,
  type MinedBlocks,
  type Payment,
  type PaymentRequest,
  type PriceFeedName,
  type ReorgOptions,
  type ReorgResult,
} from './chain';
export { bitcoinNode, chainServerEnv, newSignerWallet, ownChainNodesSkip, platformXpubs, type ChainServerSettings, type PlatformXpubs } from './chain';
export { CHROMIUM_FLAGS, LOCAL_ONLY_FLAG } from './chromium';
