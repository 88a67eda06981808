// Starts the test chains: two Anvil nodes (Ethereum 1337, BSC 56) that mine only when asked, and
// litecoind -regtest (Bitcoin Core 0.21's RPC) with a funded legacy wallet; deploys the contracts.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { encodeDeployData, encodeFunctionData, type Address, type Hex } from 'viem';
import { usdtAbi } from './abi';
import { chainsFrom } from './actions';
import { compileContracts, type Artifacts } from './compile';
import { ANVIL_FUNDER, ANVIL_MNEMONIC, EVM_CHAIN_IDS } from './network';
import { freePort } from '../ports';
import { anvilPath, killNode, litecoindPath, spawnNode, waitUntilReady, type NodeProcess } from './processes';
import { bitcoinRpc, jsonRpc } from './rpc';
import type { ChainNodesDescription, Chains, EvmChain, EvmNode } from './types';

/** Where `pnpm chain:send` looks for nodes started by hand (`pnpm chain:send --start`). */
export const CHAIN_NODES_FILE = join(__dirname, '..', '..', '..', '.tmp', 'chain-nodes.json');

export interface ChainNodesOptions {
  /** Write the description to this file (CHAIN_NODES_FILE for `pnpm chain:send`); stop() deletes it. */
  writeFile?: string;
  /** Parent of the nodes' scratch folder (litecoind's datadir, the logs); default os.tmpdir(). */
  tmpDir?: string;
  /** Per node, to answer RPC; default 30 s. */
  timeoutMs?: number;
  /** 'if-installed': without litecoind, the EVM nodes only (`pnpm start:chain`); default 'required'. */
  bitcoin?: 'required' | 'if-installed';
}

export type ChainNodes = Chains & {
  /** The node processes' pids (each dies with this process: processes.ts). */
  pids: number[];
  /** Their scratch folder (logs, litecoind's datadir), deleted by stop(). */
  dir: string;
  /** Kills the nodes, waits for them to exit, deletes their folder and the written file. */
  stop(): Promise<void>;
};

const WALLET = 'halcyon';
/** Coinbases mature after 100 blocks: 110 leave ten spendable ones of 50 coins. */
const INITIAL_BTC_BLOCKS = 110;
/** The USDT the funder holds (10^12 tokens of 18 decimals). */
const FUNDER_USDT = 10n ** 30n;

/** Starts the three nodes side by side and deploys the contracts; about 1 s when solc's output is cached. */
export async function startChainNodes(options: ChainNodesOptions = {}): Promise<ChainNodes> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const baseDir = options.tmpDir ?? tmpdir();
  mkdirSync(baseDir, { recursive: true });
  const dir = mkdtempSync(join(baseDir, 'halcyon-chain-'));
  const processes: NodeProcess[] = [];
  // A last resort when this process exits without stop() (setpriv covers SIGKILL; processes.ts).
  const onExit = () => {
    for (const p of processes) if (p.exitStatus() === undefined) p.child.kill('SIGKILL');
  };
  process.on('exit', onExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(processes.map(killNode));
    process.off('exit', onExit);
    rmSync(dir, { recursive: true, force: true });
    if (options.writeFile) rmSync(options.writeFile, { force: true });
  };

  try {
    const artifactsPromise = compileContracts();
    artifactsPromise.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
    const [ethereum, bsc, bitcoin] = await Promise.all([
      startAnvil('ethereum', dir, processes, timeoutMs),
      startAnvil('bsc', dir, processes, timeoutMs),
      options.bitcoin === 'if-installed' && !litecoindPath() ? undefined : startLitecoind(dir, processes, timeoutMs),
    ]);
    const artifacts = await artifactsPromise;
    const [ethereumContracts, bscContracts] = await Promise.all([deployFeeds(ethereum.rpcUrl, artifacts), deployUsdt(bsc.rpcUrl, artifacts)]);
    const description: ChainNodesDescription = {
      ethereum: { ...ethereum, minForkHeight: ethereumContracts.height + 1 },
      bsc: { ...bsc, minForkHeight: bscContracts.height + 1 },
      ...(bitcoin ? { bitcoin } : {}),
      contracts: { usdt: bscContracts.usdt, btcUsdFeed: ethereumContracts.btcUsdFeed, ethUsdFeed: ethereumContracts.ethUsdFeed },
      funder: ANVIL_FUNDER,
    };
    if (options.writeFile) writeDescription(options.writeFile, description);
    return { ...chainsFrom(description), pids: processes.map((p) => p.pid), dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function writeDescription(file: string, description: ChainNodesDescription): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(description, null, 2)}\n`);
  renameSync(partial, file);
}

/**
 * Runs `start` on a free port; when the port was taken between freePort() and the node binding it
 * (another step of the run), once more on another.
 */
async function onFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ports: number[] = [];
    while (ports.length < count) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    try {
      return await start(ports);
    } catch (error) {
      if (attempt >= 3 || !/address already in use|Address in use|Unable to bind/i.test(String(error))) throw error;
    }
  }
}

async function startAnvil(chain: EvmChain, dir: string, processes: NodeProcess[], timeoutMs: number): Promise<Omit<EvmNode, 'minForkHeight'>> {
  const chainId = EVM_CHAIN_IDS[chain];
  return onFreePorts(1, async ([port]) => {
    const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--mnemonic', ANVIL_MNEMONIC, '--no-mining', '--silent'];
    const node = spawnNode(`anvil (${chain})`, anvilPath(), args, join(dir, `anvil-${chain}-${String(port)}.log`));
    processes.push(node);
    const rpcUrl = `http://127.0.0.1:${String(port)}`;
    try {
      await waitUntilReady(node, () => jsonRpc<Hex>(rpcUrl, 'eth_chainId', [], 1000), timeoutMs);
    } catch (error) {
      await killNode(node);
      throw error;
    }
    return { rpcUrl, chainId };
  });
}

async function startLitecoind(dir: string, processes: NodeProcess[], timeoutMs: number): Promise<ChainNodesDescription['bitcoin']> {
  const binary = litecoindPath();
  if (!binary) throw new Error('litecoind is not installed (Debian: apt-get install litecoind; .ci/run installs it)');
  const user = 'halcyon';
  const password = randomBytes(12).toString('hex');
  const bitcoin = await onFreePorts(1, async ([rpcPort]) => {
    const dataDir = join(dir, `litecoind-${String(rpcPort)}`);
    mkdirSync(dataDir);
    const args = [
      '-regtest',
      `-datadir=${dataDir}`,
      '-server',
      '-listen=0', // no peer-to-peer port: one node alone
      '-dnsseed=0',
      '-discover=0',
      '-upnp=0',
      `-rpcport=${String(rpcPort)}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      '-rpcworkqueue=64',
      '-txindex', // getrawtransaction of any transaction, as a follower may ask
      '-fallbackfee=0.0002', // regtest has no fee estimates
      // Bitcoin Core replaces opt-in (BIP125) transactions by default, litecoind only with this:
      // the payouts' stuck-transaction replacement (docs/chain.md "Payouts") needs it.
      '-mempoolreplacement=1',
      '-keypool=100', // a legacy wallet makes its keypool at creation: 1,000 keys take seconds
      '-persistmempool=0',
      '-printtoconsole', // into the log file below, instead of the datadir's debug.log
      '-nodebuglogfile',
      // Litecoin's MWEB soft fork would activate at height 432, after which litecoind 0.21.2.1
      // cannot mine a block with plain generatetoaddress (bad-txns-vin-empty): never start it.
      '-vbparams=mweb:4102444800:4102444801',
    ];
    const node = spawnNode('litecoind', binary, args, join(dir, `litecoind-${String(rpcPort)}.log`));
    processes.push(node);
    const rpcUrl = `http://${user}:${password}@127.0.0.1:${String(rpcPort)}`;
    try {
      await waitUntilReady(node, () => bitcoinRpc<number>(rpcUrl, 'getblockcount'), timeoutMs);
    } catch (error) {
      await killNode(node);
      throw error;
    }
    return { rpcUrl, network: 'litecoin-regtest' as const, wallet: WALLET };
  });
  // Descriptor wallets need sqlite, which Debian's litecoind lacks: a legacy wallet
  // (disable_private_keys, blank, passphrase, avoid_reuse, descriptors).
  await bitcoinRpc(bitcoin.rpcUrl, 'createwallet', [WALLET, false, false, '', false, false]);
  const address = await bitcoinRpc<string>(bitcoin.rpcUrl, 'getnewaddress', [], WALLET);
  await bitcoinRpc(bitcoin.rpcUrl, 'generatetoaddress', [INITIAL_BTC_BLOCKS, address]);
  // Reorgs keep the first ten blocks, whose coinbases are the wallet's mature coins.
  return { ...bitcoin, minForkHeight: INITIAL_BTC_BLOCKS - 100 + 1 };
}

interface Receipt {
  status: Hex;
  contractAddress: Address | null;
  blockNumber: Hex;
}

/**
 * Sends the funder's transactions and mines them in one block; checks each succeeded. The
 * receipts, in order. (Anvil estimates gas against the mined state: a call to a contract still
 * pending would get too little, so such calls go in a later block.)
 */
async function sendAndMine(rpcUrl: string, txs: { to?: Address; data: Hex }[]): Promise<Receipt[]> {
  const hashes: Hex[] = [];
  for (const tx of txs) hashes.push(await jsonRpc<Hex>(rpcUrl, 'eth_sendTransaction', [{ from: ANVIL_FUNDER, ...tx }]));
  await jsonRpc(rpcUrl, 'evm_mine');
  const receipts: Receipt[] = [];
  for (const hash of hashes) {
    const receipt = await jsonRpc<Receipt | null>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (receipt?.status !== '0x1') throw new Error(`setup transaction ${hash} on ${rpcUrl} failed: ${JSON.stringify(receipt)}`);
    receipts.push(receipt);
  }
  return receipts;
}

function deployed(receipt: Receipt | undefined): Address {
  if (!receipt?.contractAddress) throw new Error(`a deployment made no contract: ${JSON.stringify(receipt)}`);
  return receipt.contractAddress;
}

async function deployUsdt(rpcUrl: string, artifacts: Artifacts): Promise<{ usdt: Address; height: number }> {
  const { abi, bytecode } = artifacts.TetherToken;
  const usdt = deployed((await sendAndMine(rpcUrl, [{ data: encodeDeployData({ abi, bytecode }) }]))[0]);
  const [minted] = await sendAndMine(rpcUrl, [{ to: usdt, data: encodeFunctionData({ abi: usdtAbi, functionName: 'mint', args: [ANVIL_FUNDER, FUNDER_USDT] }) }]);
  return { usdt, height: Number(minted?.blockNumber) };
}

async function deployFeeds(rpcUrl: string, artifacts: Artifacts): Promise<{ btcUsdFeed: Address; ethUsdFeed: Address; height: number }> {
  const { abi, bytecode } = artifacts.PriceFeed;
  const now = BigInt(Math.floor(Date.now() / 1000));
  const [btc, eth] = await sendAndMine(rpcUrl, [
    { data: encodeDeployData({ abi, bytecode, args: ['BTC / USD', 60_000n * 10n ** 8n, now] }) },
    { data: encodeDeployData({ abi, bytecode, args: ['ETH / USD', 3_000n * 10n ** 8n, now] }) },
  ]);
  return { btcUsdFeed: deployed(btc), ethUsdFeed: deployed(eth), height: Number(eth?.blockNumber) };
}
