import { HDKey } from '@scure/bip32';
// The test chains on real nodes (two Anvils, litecoind -regtest), started once for this file.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http, parseEventLogs, toFunctionSignature, type Abi, type AbiFunction, type Address, type Hex } from 'viem';
import { priceFeedAbi, usdtAbi } from './abi';
import { bitcoinNode, FEED_SLOTS } from './actions';
import { btcToSats } from './amounts';
import { compileContracts } from './compile';
import { CHAIN_NODES_ENV, chainNodesFromEnv } from './env';
import { chainGlobalSetup, chainGlobalTeardown } from './jest-global';
import { ANVIL_FUNDER, LITECOIN_REGTEST } from './network';
import { startChainNodes, type ChainNodes } from './nodes';
import { payPaymentUri } from './payment-uri';
import { freePort } from '../ports';
import { anvilPath, litecoindPath, processAlive, tiedCommand } from './processes';
import { bitcoinRpc } from './rpc';
import type { Chains, EvmChain } from './types';

const repoRoot = join(__dirname, '..', '..', '..');
// Outside CI a machine without litecoind skips this file (CI installs it: .ci/run).
const run = litecoindPath() !== undefined || process.env.CI === 'true' ? describe : describe.skip;
if (run === describe.skip) console.warn('litecoind is not installed (apt-get install litecoind): the chain node tests are skipped');

const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'; // Anvil's second account

async function waitFor(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface BtcBlock {
  hash: string;
  height: number;
  confirmations: number;
  tx: { txid: string; vout: { value: number; n: number; scriptPubKey: { addresses?: string[]; address?: string } }[] }[];
}

run('chain nodes', () => {
  let nodes: ChainNodes;
  /** What a jest worker has: the actions rebuilt from the JSON description alone. */
  let chains: Chains;
  let scratch: string;
  let file: string;
  const btc = <T>(method: string, params: unknown[] = [], wallet = false) =>
    bitcoinRpc<T>(bitcoinNode(chains).rpcUrl, method, params, wallet ? bitcoinNode(chains).wallet : undefined);
  const client = (chain: EvmChain) => createPublicClient({ transport: http(chains[chain].rpcUrl) });

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'halcyon-chain-test-'));
    file = join(scratch, 'chain-nodes.json');
    nodes = await startChainNodes({ writeFile: file, tmpDir: scratch });
    chains = chainNodesFromEnv({ [CHAIN_NODES_ENV]: JSON.stringify(nodes.description) });
  }, 60_000);

  afterAll(async () => {
    await nodes?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('the nodes answer: chain ids, regtest with a funded wallet, the contracts deployed, the description written', async () => {
    expect(await client('ethereum').getChainId()).toBe(1337);
    expect(await client('bsc').getChainId()).toBe(56);
    expect(nodes.description).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    expect((await btc<{ chain: string }>('getblockchaininfo')).chain).toBe('regtest');
    expect(await btc<number>('getbalance', [], true)).toBeGreaterThanOrEqual(500);

    const usdt = { address: chains.contracts.usdt, abi: usdtAbi } as const;
    expect(await client('bsc').readContract({ ...usdt, functionName: 'decimals' })).toBe(18);
    expect(await client('bsc').readContract({ ...usdt, functionName: 'symbol' })).toBe('USDT');
    expect(await client('bsc').readContract({ ...usdt, functionName: 'balanceOf', args: [ANVIL_FUNDER] })).toBeGreaterThan(10n ** 24n);
    for (const [feed, price, label] of [
      [chains.contracts.btcUsdFeed, 60_000_00000000n, 'BTC / USD'],
      [chains.contracts.ethUsdFeed, 3_000_00000000n, 'ETH / USD'],
    ] as const) {
      const read = { address: feed, abi: priceFeedAbi } as const;
      expect(await client('ethereum').readContract({ ...read, functionName: 'decimals' })).toBe(8);
      expect(await client('ethereum').readContract({ ...read, functionName: 'description' })).toBe(label);
      const [roundId, answer, startedAt, updatedAt, answeredInRound] = await client('ethereum').readContract({ ...read, functionName: 'latestRoundData' });
      expect([roundId, answer, answeredInRound]).toEqual([1n, price, 1n]);
      expect(startedAt).toBe(updatedAt);
      expect(Math.abs(Number(updatedAt) - Date.now() / 1000)).toBeLessThan(120);
    }
  });

  test('the typed ABIs and the feed slots setPrice writes match what solc compiled', async () => {
    const artifacts = await compileContracts();
    const signatures = (abi: Abi) =>
      abi
        .filter((item): item is AbiFunction => item.type === 'function')
        .map((f) => `${toFunctionSignature(f)}→${f.outputs.map((o) => o.type).join(',')}:${f.stateMutability}`)
        .sort();
    expect(signatures(usdtAbi as unknown as Abi)).toEqual(signatures(artifacts.TetherToken.abi));
    expect(signatures(priceFeedAbi as unknown as Abi)).toEqual(signatures(artifacts.PriceFeed.abi));
    const slot = (label: string) => artifacts.PriceFeed.storage.find((s) => s.label === label);
    expect(slot('latestRound')).toMatchObject({ slot: String(FEED_SLOTS.latestRound), offset: 0 });
    expect(slot('rounds')).toMatchObject({ slot: String(FEED_SLOTS.rounds), offset: 0 });
    expect(artifacts.PriceFeed.storage.filter((s) => s.slot === String(FEED_SLOTS.latestRound))).toHaveLength(1);
  });

  test("litecoind regtest's network parameters: rltc addresses, tpub/tprv keys", async () => {
    const address = await btc<string>('getnewaddress', [], true);
    expect(address.startsWith(`${LITECOIN_REGTEST.bech32}1`)).toBe(true);
    // Base58 version bytes 0x6f and 0x3a make addresses starting with m/n and Q; WIF 0xef with c.
    expect(await btc<string>('getnewaddress', ['', 'legacy'], true)).toMatch(/^[mn]/);
    expect(await btc<string>('getnewaddress', ['', 'p2sh-segwit'], true)).toMatch(/^Q/);
    expect(await btc<string>('dumpprivkey', [address], true)).toMatch(/^c/);
    const dump = join(scratch, 'wallet.dump');
    await btc('dumpwallet', [dump], true);
    const xprv = /extended private masterkey: (\w+)/.exec(readFileSync(dump, 'utf8'))?.[1] ?? '';
    const info = await btc<{ hdkeypath: string; pubkey: string }>('getaddressinfo', [address], true);
    const key = HDKey.fromExtendedKey(xprv, LITECOIN_REGTEST.bip32).derive(info.hdkeypath);
    const derived = { pubkey: Buffer.from(key.publicKey ?? []).toString('hex'), xpub: key.publicExtendedKey };
    expect(derived.pubkey).toBe(info.pubkey);
    expect(derived.xpub.startsWith('tpub')).toBe(true);
  });

  test('a BTC send is in the block mineBtc mines, with the exact amount to the address', async () => {
    const address = await btc<string>('getnewaddress', [], true);
    const { txid } = await chains.sendBtc(address, 123_456_789n);
    expect(await btc<string[]>('getrawmempool')).toContain(txid);
    const before = await chains.btcHeight();
    const mined = await chains.mineBtc(1);
    expect(mined.height).toBe(before + 1);
    expect(mined.hashes).toHaveLength(1);
    const block = await btc<BtcBlock>('getblock', [mined.hashes[0], 2]);
    const tx = block.tx.find((t) => t.txid === txid);
    const outputs = tx?.vout.filter((o) => (o.scriptPubKey.addresses ?? [o.scriptPubKey.address]).includes(address)) ?? [];
    expect(outputs.map((o) => btcToSats(o.value))).toEqual([123_456_789n]);
    expect(await btc<string[]>('getrawmempool')).not.toContain(txid);
  });

  test('an ETH send is pending until mineEvm mines it; a USDT send leaves its Transfer log', async () => {
    const eth = client('ethereum');
    const balance = await eth.getBalance({ address: RECIPIENT });
    const { hash } = await chains.sendEth('ethereum', RECIPIENT, 1_234_567_890n);
    expect(await eth.getBlock({ blockTag: 'latest' }).then((b) => b.transactions)).not.toContain(hash);
    const mined = await chains.mineEvm('ethereum', 1);
    const block = await eth.getBlock({ blockHash: mined.hashes[0] as Hex });
    expect(block.transactions).toContain(hash);
    expect(Number(block.number)).toBe(mined.height);
    expect(await eth.getBalance({ address: RECIPIENT })).toBe(balance + 1_234_567_890n);

    const bsc = client('bsc');
    const sent = await chains.sendUsdt(RECIPIENT, 25n * 10n ** 18n);
    const minedBsc = await chains.mineEvm('bsc', 2);
    expect(minedBsc.hashes).toHaveLength(2);
    const receipt = await bsc.getTransactionReceipt({ hash: sent.hash });
    expect(receipt.blockHash).toBe(minedBsc.hashes[0]);
    const [transfer, ...others] = parseEventLogs({ abi: usdtAbi, logs: receipt.logs, eventName: 'Transfer' });
    expect(others).toEqual([]);
    expect(transfer?.address).toBe(chains.contracts.usdt.toLowerCase());
    expect(transfer?.args).toEqual({ from: ANVIL_FUNDER, to: RECIPIENT, value: 25n * 10n ** 18n });
    // BNB on bsc is the same call.
    const bnb = await chains.sendEth('bsc', RECIPIENT, 1n);
    await chains.mineEvm('bsc', 1);
    expect((await bsc.getTransactionReceipt({ hash: bnb.hash })).status).toBe('success');
  });

  test.each([true, false])('reorgBtc(2, { keepTxs: %s }) replaces the last 2 blocks with 3 others', async (keepTxs) => {
    const address = await btc<string>('getnewaddress', [], true);
    const { txid } = await chains.sendBtc(address, 50_000n);
    await chains.mineBtc(2);
    const tip = await chains.btcHeight();
    const reorg = await chains.reorgBtc(2, { keepTxs });
    expect(reorg.forkHeight).toBe(tip - 1);
    expect(reorg.height).toBe(tip + 1);
    expect(reorg.hashes).toHaveLength(3);
    for (let i = 0; i < 2; i++) {
      expect(reorg.hashes[i]).not.toBe(reorg.replaced[i]);
      expect(await btc<string>('getblockhash', [tip - 1 + i])).toBe(reorg.hashes[i]);
      expect((await btc<BtcBlock>('getblock', [reorg.replaced[i]])).confirmations).toBe(-1); // off the main chain
    }
    const inBranch = [];
    for (const hash of reorg.hashes) if ((await btc<BtcBlock>('getblock', [hash, 2])).tx.some((t) => t.txid === txid)) inBranch.push(hash);
    const mempool = await btc<string[]>('getrawmempool');
    if (keepTxs) {
      expect(inBranch).toEqual([reorg.hashes[0]]);
      expect(mempool).not.toContain(txid);
    } else {
      // Not mined again: unconfirmed, as a real node leaves it, until the next block.
      expect(inBranch).toEqual([]);
      expect(mempool).toContain(txid);
      await chains.mineBtc(1);
      expect((await btc<{ confirmations: number }>('gettransaction', [txid], true)).confirmations).toBe(1);
    }
  });

  test.each([true, false])('reorgEvm(ethereum, 2, { keepTxs: %s }) replaces the last 2 blocks with 2 others', async (keepTxs) => {
    const eth = client('ethereum');
    const balance = await eth.getBalance({ address: RECIPIENT });
    const { hash } = await chains.sendEth('ethereum', RECIPIENT, 777n);
    const mined = await chains.mineEvm('ethereum', 2);
    const reorg = await chains.reorgEvm('ethereum', 2, { keepTxs });
    expect(reorg).toMatchObject({ forkHeight: mined.height - 1, height: mined.height, replaced: mined.hashes });
    for (let i = 0; i < 2; i++) {
      expect(reorg.hashes[i]).not.toBe(reorg.replaced[i]);
      expect((await eth.getBlock({ blockNumber: BigInt(mined.height - 1 + i) })).hash).toBe(reorg.hashes[i]);
    }
    const receipt = await eth.getTransactionReceipt({ hash }).catch(() => null);
    if (keepTxs) {
      // Mined again in the same place of the new branch.
      expect(receipt?.blockHash).toBe(reorg.hashes[0]);
      expect(await eth.getBalance({ address: RECIPIENT })).toBe(balance + 777n);
    } else {
      expect(receipt).toBeNull();
      expect(await eth.getBalance({ address: RECIPIENT })).toBe(balance);
    }
  });

  test('a reorg never replaces the setup blocks', async () => {
    const height = await chains.evmHeight('bsc');
    await expect(chains.reorgEvm('bsc', height, { keepTxs: false })).rejects.toThrow(/holds the contracts' setup/);
    await expect(chains.reorgBtc(await chains.btcHeight(), { keepTxs: false })).rejects.toThrow(/below the lowest/);
  });

  test('setPrice makes a new round latestRoundData returns, mining no block', async () => {
    const eth = client('ethereum');
    const height = await chains.evmHeight('ethereum');
    const feed = { address: chains.contracts.ethUsdFeed, abi: priceFeedAbi } as const;
    const { roundId } = await chains.setPrice('eth', 2_987_654_32100n, 1_700_000_000n);
    expect(await eth.readContract({ ...feed, functionName: 'latestRoundData' })).toEqual([roundId, 2_987_654_32100n, 1_700_000_000n, 1_700_000_000n, roundId]);
    expect((await eth.readContract({ ...feed, functionName: 'getRoundData', args: [roundId - 1n] })).slice(0, 2)).toEqual([roundId - 1n, 3_000_00000000n]);
    await chains.setPrice('eth', -1n, 1_700_000_001n);
    expect(await eth.readContract({ ...feed, functionName: 'latestAnswer' })).toBe(-1n);
    expect(await chains.evmHeight('ethereum')).toBe(height);
    // It stays through later blocks.
    await chains.mineEvm('ethereum', 1);
    expect(await eth.readContract({ ...feed, functionName: 'latestRound' })).toBe(roundId + 1n);
    // The other feed is untouched.
    expect((await eth.readContract({ address: chains.contracts.btcUsdFeed, abi: priceFeedAbi, functionName: 'latestRoundData' }))[1]).toBe(60_000_00000000n);
  });

  test('payment URIs are paid from the funded accounts (BIP21, EIP-681 native and token)', async () => {
    const address = await btc<string>('getnewaddress', [], true);
    const btcPaid = await payPaymentUri(chains, `bitcoin:${address}?amount=0.001&label=Deposit`);
    const ethPaid = await payPaymentUri(chains, `ethereum:${RECIPIENT}@1337?value=2.5e15`);
    const tokenPaid = await payPaymentUri(chains, `ethereum:${chains.contracts.usdt}@56/transfer?address=${RECIPIENT}&uint256=1e18`);
    await Promise.all([chains.mineBtc(1), chains.mineEvm('ethereum', 1), chains.mineEvm('bsc', 1)]);
    const tx = await btc<{ details: { address: string; amount: number; category: string }[] }>('gettransaction', [btcPaid.txid], true);
    expect(tx.details.filter((d) => d.category === 'receive' && d.address === address).map((d) => btcToSats(d.amount))).toEqual([100_000n]);
    const ethTx = await client('ethereum').getTransaction({ hash: ethPaid.txid as Hex });
    expect([ethTx.to, ethTx.value]).toEqual([RECIPIENT.toLowerCase(), 2_500_000_000_000_000n]);
    const receipt = await client('bsc').getTransactionReceipt({ hash: tokenPaid.txid as Hex });
    expect(parseEventLogs({ abi: usdtAbi, logs: receipt.logs })[0]?.args).toEqual({ from: ANVIL_FUNDER, to: RECIPIENT, value: 10n ** 18n });
  });

  test('pnpm chain:send pays a URI and mines, reading the nodes from HALCYON_CHAIN_NODES', async () => {
    const address = await btc<string>('getnewaddress', [], true);
    const height = await chains.btcHeight();
    const out = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'chain-send.mjs'), `bitcoin:${address}?amount=0.00012345`, '--mine', '2'], {
      env: { ...process.env, [CHAIN_NODES_ENV]: JSON.stringify(chains.description) },
      encoding: 'utf8',
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const txid = /bitcoin: sent (\w{64})/.exec(out.stdout)?.[1];
    expect(await chains.btcHeight()).toBe(height + 2);
    expect((await btc<{ confirmations: number; amount: number }>('gettransaction', [txid], true)).confirmations).toBe(2);
  }, 30_000);

  test('stop() kills every node and deletes their folder and the description file', async () => {
    expect(nodes.pids).toHaveLength(3);
    expect(nodes.pids.every(processAlive)).toBe(true);
    await nodes.stop();
    expect(nodes.pids.filter(processAlive)).toEqual([]);
    expect(existsSync(nodes.dir)).toBe(false);
    expect(existsSync(file)).toBe(false);
  });
});

run('the nodes and their owner', () => {
  test('a node dies with the process that started it, even killed with SIGKILL', async () => {
    const [cmd, args] = tiedCommand(anvilPath(), ['--port', String(await freePort()), '--silent']);
    // A parent that starts the node as startChainNodes does, prints its pid and waits.
    const parent = spawn(process.execPath, ['-e', `const c = require('node:child_process').spawn(${JSON.stringify(cmd)}, ${JSON.stringify(args)}, { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1000);`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString()))));
    await waitFor('the node to start', () => processAlive(pid));
    parent.kill('SIGKILL');
    await waitFor('the node to die with its parent', () => !processAlive(pid));
  });

  test('chainGlobalSetup starts the nodes for the workers once, unless HALCYON_CHAIN_NODES is set; chainGlobalTeardown stops them', async () => {
    const saved = process.env[CHAIN_NODES_ENV];
    try {
      process.env[CHAIN_NODES_ENV] = '{"set": "by whoever started the nodes"}';
      await chainGlobalSetup();
      expect(process.env[CHAIN_NODES_ENV]).toBe('{"set": "by whoever started the nodes"}');
      await chainGlobalTeardown(); // stops nothing it did not start
      expect(process.env[CHAIN_NODES_ENV]).toBe('{"set": "by whoever started the nodes"}');

      delete process.env[CHAIN_NODES_ENV];
      await chainGlobalSetup();
      const chains = chainNodesFromEnv();
      expect(await chains.btcHeight()).toBeGreaterThanOrEqual(110);
      expect(await chains.evmHeight('bsc')).toBeGreaterThanOrEqual(2);
      await chainGlobalTeardown();
      expect(process.env[CHAIN_NODES_ENV]).toBeUndefined();
      await expect(chains.btcHeight()).rejects.toThrow();
    } finally {
      if (saved === undefined) delete process.env[CHAIN_NODES_ENV];
      else process.env[CHAIN_NODES_ENV] = saved;
    }
  }, 60_000);
});
