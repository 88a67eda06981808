// The description of running nodes, handed from the process that started them to others: jest's
// workers (HALCYON_CHAIN_NODES, set by jest-global.ts) and `pnpm chain:send` (.tmp/chain-nodes.json).
import { readFileSync } from 'node:fs';
import { chainsFrom } from './actions';
import { CHAIN_NODES_FILE } from './nodes';
import type { ChainNodesDescription, Chains } from './types';

/** The environment variable holding the JSON description (ChainNodesDescription) of the run's nodes. */
export const CHAIN_NODES_ENV = 'HALCYON_CHAIN_NODES';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Parses and checks a description (JSON text of ChainNodesDescription); `source` names it in errors. */
export function parseChainNodes(json: string, source: string): ChainNodesDescription {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${String(error)}`, { cause: error });
  }
  const fail = (what: string): never => {
    throw new Error(`${source} is not a chain nodes description: ${what}`);
  };
  if (!isObject(value)) return fail('not an object');
  for (const chain of ['ethereum', 'bsc'] as const) {
    const node = value[chain];
    if (!isObject(node) || typeof node.rpcUrl !== 'string' || typeof node.chainId !== 'number' || typeof node.minForkHeight !== 'number') fail(`${chain}: { rpcUrl, chainId, minForkHeight }`);
  }
  const { bitcoin, contracts } = value;
  // Absent when the nodes were started without litecoind (`bitcoin: 'if-installed'`).
  if (bitcoin !== undefined && (!isObject(bitcoin) || typeof bitcoin.rpcUrl !== 'string' || bitcoin.network !== 'litecoin-regtest' || typeof bitcoin.wallet !== 'string' || typeof bitcoin.minForkHeight !== 'number')) {
    fail("bitcoin: { rpcUrl, network: 'litecoin-regtest', wallet, minForkHeight }");
  }
  const address = (v: unknown) => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v);
  if (!isObject(contracts) || !address(contracts.usdt) || !address(contracts.btcUsdFeed) || !address(contracts.ethUsdFeed)) fail('contracts: { usdt, btcUsdFeed, ethUsdFeed }');
  if (!address(value.funder)) fail('funder');
  return value as unknown as ChainNodesDescription;
}

/** The nodes HALCYON_CHAIN_NODES describes (set by chainGlobalSetup or whoever started them); throws when it is unset. */
export function chainNodesFromEnv(env: NodeJS.ProcessEnv = process.env): Chains {
  const json = env[CHAIN_NODES_ENV];
  if (!json) throw new Error(`${CHAIN_NODES_ENV} is not set: start the nodes once per run with chainGlobalSetup (test-kit/src/chain/jest-global.ts) or startChainNodes`);
  return chainsFrom(parseChainNodes(json, CHAIN_NODES_ENV));
}

/** HALCYON_CHAIN_NODES if set, else the file `pnpm chain:send --start` writes (.tmp/chain-nodes.json). */
export function chainNodesFromEnvOrFile(file: string = CHAIN_NODES_FILE, env: NodeJS.ProcessEnv = process.env): Chains {
  if (env[CHAIN_NODES_ENV]) return chainNodesFromEnv(env);
  let json: string;
  try {
    json = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`no chain nodes: ${CHAIN_NODES_ENV} is not set and ${file} does not exist (start them with \`pnpm chain:send --start\`)`);
  }
  return chainsFrom(parseChainNodes(json, file));
}

/**
 * For a test file: the run's nodes, or, when none were started (no litecoind on a dev machine),
 * the notice saying `what` is skipped. Under CI=true a missing description throws: CI never skips.
 */
export function chainNodesOrSkip(what: string, env: NodeJS.ProcessEnv = process.env): { chains: Chains } | { skip: string } {
  if (env[CHAIN_NODES_ENV]) return { chains: chainNodesFromEnv(env) };
  const message = `${CHAIN_NODES_ENV} is not set (no chain nodes were started for this run).`;
  if (env.CI === 'true') throw new Error(`${message} Under CI=true ${what} is required.`);
  return { skip: `${message} Skipping ${what}; install litecoind to run it.` };
}
