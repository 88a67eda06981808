// The chain nodes once per jest run: call chainGlobalSetup from a globalSetup module and
// chainGlobalTeardown from the globalTeardown one (both run in jest's main process, before the
// workers start and after they end). Workers inherit HALCYON_CHAIN_NODES and use chainNodesFromEnv.
import { CHAIN_NODES_ENV } from './env';
import { startChainNodes, type ChainNodes, type ChainNodesOptions } from './nodes';
import { litecoindPath } from './processes';

const KEY = Symbol.for('halcyon.test-kit.chainNodes');
type Holder = { [KEY]?: ChainNodes };

/**
 * Starts the nodes unless HALCYON_CHAIN_NODES is already set (nodes someone else started, e.g. a
 * dev's `pnpm chain:send --start` exported by hand), and sets it for the workers. Without
 * litecoind, outside CI, it starts nothing and says so: tests then skip with chainNodesOrSkip.
 */
export async function chainGlobalSetup(options?: ChainNodesOptions): Promise<void> {
  if (process.env[CHAIN_NODES_ENV]) return;
  if (!litecoindPath() && process.env.CI !== 'true') {
    console.warn('chain nodes: litecoind is not installed (apt-get install litecoind), so the chain tests are skipped');
    return;
  }
  const nodes = await startChainNodes(options);
  (globalThis as Holder)[KEY] = nodes;
  process.env[CHAIN_NODES_ENV] = JSON.stringify(nodes.description);
}

/** Stops the nodes chainGlobalSetup started (none if it started none) and unsets HALCYON_CHAIN_NODES. */
export async function chainGlobalTeardown(): Promise<void> {
  const holder = globalThis as Holder;
  const nodes = holder[KEY];
  if (!nodes) return;
  delete holder[KEY];
  delete process.env[CHAIN_NODES_ENV];
  await nodes.stop();
}
