// The actions tests take on the nodes: RPC calls only, so a jest worker that has nothing but the
// description (HALCYON_CHAIN_NODES) acts on the nodes its run's globalSetup started.
import { encodeAbiParameters, encodeFunctionData, keccak256, numberToHex, pad, type Address, type Hex } from 'viem';
import { usdtAbi } from './abi';
import { satsToBtc } from './amounts';
import { bitcoinRpc, jsonRpc } from './rpc';
import type { BitcoinNode, ChainActions, ChainNodesDescription, Chains, EvmChain, MinedBlocks, PriceFeedName, ReorgOptions, ReorgResult } from './types';

/** PriceFeed.sol's storage: latestRound in slot 0, the rounds mapping at slot 1 (chain.test.ts checks solc's layout). */
export const FEED_SLOTS = { latestRound: 0n, rounds: 1n } as const;

interface EvmBlock {
  number: Hex;
  hash: Hex;
  transactions: Hex[];
}

function checkCount(what: string, n: number, min: number): void {
  if (!Number.isInteger(n) || n < min) throw new Error(`${what} must be an integer ≥ ${min}, got ${n}`);
}

/** The run's Bitcoin node; throws when the nodes were started without one (litecoind not installed). */
export function bitcoinNode(description: ChainNodesDescription): BitcoinNode {
  if (!description.bitcoin) throw new Error('no Bitcoin node in this run: litecoind is not installed (apt-get install litecoind)');
  return description.bitcoin;
}

export function chainActions(description: ChainNodesDescription): ChainActions {
  const { contracts, funder } = description;
  const btc = <T>(method: string, params: readonly unknown[] = [], wallet = false) => {
    const bitcoin = bitcoinNode(description);
    return bitcoinRpc<T>(bitcoin.rpcUrl, method, params, wallet ? bitcoin.wallet : undefined);
  };
  const evm = <T>(chain: EvmChain, method: string, params: readonly unknown[] = []) => jsonRpc<T>(description[chain].rpcUrl, method, params);
  const evmHeight = async (chain: EvmChain) => Number(await evm<Hex>(chain, 'eth_blockNumber'));
  const evmHash = async (chain: EvmChain, height: number) => (await evm<EvmBlock>(chain, 'eth_getBlockByNumber', [numberToHex(height), false])).hash;
  const btcHashes = async (from: number, to: number) => {
    const hashes: string[] = [];
    for (let h = from; h <= to; h++) hashes.push(await btc<string>('getblockhash', [h]));
    return hashes;
  };
  const send = async (chain: EvmChain, tx: { to: Address; value?: bigint; data?: Hex }) => ({
    // Anvil signs for its dev accounts and picks the nonce itself: no nonce is tracked here, so
    // several processes can send from the funder at once.
    hash: await evm<Hex>(chain, 'eth_sendTransaction', [{ from: funder, to: tx.to, value: tx.value, data: tx.data }]),
  });

  return {
    async sendBtc(address, sats) {
      if (sats <= 0n) throw new Error(`sendBtc: ${sats} sats is not a positive amount`);
      return { txid: await btc<string>('sendtoaddress', [address, satsToBtc(sats)], true) };
    },

    async mineBtc(n): Promise<MinedBlocks> {
      checkCount('mineBtc: n', n, 1);
      const address = await btc<string>('getnewaddress', [], true);
      const hashes = await btc<string[]>('generatetoaddress', [n, address]);
      return { hashes, height: await btc<number>('getblockcount') };
    },

    async reorgBtc(depth, options: ReorgOptions): Promise<ReorgResult> {
      checkCount('reorgBtc: depth', depth, 1);
      const tip = await btc<number>('getblockcount');
      const forkHeight = tip - depth + 1;
      if (forkHeight < bitcoinNode(description).minForkHeight) throw new Error(`reorgBtc: depth ${depth} at tip ${tip} would replace block ${forkHeight}, below the lowest that may be (${bitcoinNode(description).minForkHeight})`);
      const replaced = await btcHashes(forkHeight, tip);
      // The replaced blocks' transactions go back to the mempool.
      await btc('invalidateblock', [replaced[0]]);
      // A fresh address for the new branch: its coinbases, hence its hashes, differ from the old
      // blocks' even when they hold the same transactions in the same second.
      const address = await btc<string>('getnewaddress', [], true);
      const hashes: string[] = [];
      if (options.keepTxs) {
        hashes.push(...(await btc<string[]>('generatetoaddress', [depth + 1, address])));
      } else {
        // generateblock with an empty list mines only the coinbase: the mempool stays as it is.
        for (let i = 0; i <= depth; i++) hashes.push((await btc<{ hash: string }>('generateblock', [address, []])).hash);
      }
      return { forkHeight, replaced, hashes, height: await btc<number>('getblockcount') };
    },

    btcHeight: () => btc<number>('getblockcount'),

    sendEth: (chain, to, wei) => send(chain, { to, value: wei }),

    sendUsdt: (to, units) => send('bsc', { to: contracts.usdt, data: encodeFunctionData({ abi: usdtAbi, functionName: 'transfer', args: [to, units] }) }),

    async mineEvm(chain, n): Promise<MinedBlocks> {
      checkCount('mineEvm: n', n, 1);
      const before = await evmHeight(chain);
      await evm(chain, 'anvil_mine', [numberToHex(n)]);
      const hashes: string[] = [];
      for (let h = before + 1; h <= before + n; h++) hashes.push(await evmHash(chain, h));
      return { hashes, height: await evmHeight(chain) };
    },

    async reorgEvm(chain, depth, options: ReorgOptions): Promise<ReorgResult> {
      checkCount('reorgEvm: depth', depth, 1);
      const tip = await evmHeight(chain);
      const forkHeight = tip - depth + 1;
      const { minForkHeight } = description[chain];
      if (forkHeight < minForkHeight) {
        throw new Error(`reorgEvm: depth ${depth} at ${chain}'s tip ${tip} would replace block ${forkHeight}, which holds the contracts' setup (mine more blocks first; lowest: ${minForkHeight})`);
      }
      const replaced: string[] = [];
      // anvil_reorg takes the new blocks' transactions as [signed tx, block offset] pairs.
      const txs: [Hex, number][] = [];
      for (let h = forkHeight; h <= tip; h++) {
        const block = await evm<EvmBlock>(chain, 'eth_getBlockByNumber', [numberToHex(h), false]);
        replaced.push(block.hash);
        if (!options.keepTxs) continue;
        for (const txHash of block.transactions) txs.push([await evm<Hex>(chain, 'eth_getRawTransactionByHash', [txHash]), h - forkHeight]);
      }
      await evm(chain, 'anvil_reorg', [depth, txs]);
      const height = await evmHeight(chain);
      const hashes: string[] = [];
      for (let h = forkHeight; h <= height; h++) hashes.push(await evmHash(chain, h));
      const same = hashes.filter((hash, i) => hash === replaced[i]);
      if (same.length > 0) throw new Error(`reorgEvm: anvil_reorg kept block ${same.join(', ')}`);
      return { forkHeight, replaced, hashes, height };
    },

    evmHeight,

    async setPrice(feed: PriceFeedName, answer, updatedAt) {
      // A new round written straight into the feed's storage (FEED_SLOTS), as setAnswer would
      // write it: a transaction would need a block, and mining one would also mine whatever
      // else is pending on the ethereum node and move every confirmation count.
      const address = feed === 'btc' ? contracts.btcUsdFeed : contracts.ethUsdFeed;
      const word = (value: bigint, type: 'int256' | 'uint256' = 'uint256') => encodeAbiParameters([{ type }], [value]);
      const latest = BigInt(await evm<Hex>('ethereum', 'eth_getStorageAt', [address, numberToHex(FEED_SLOTS.latestRound, { size: 32 }), 'latest']));
      const roundId = latest + 1n;
      const base = BigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [roundId, FEED_SLOTS.rounds])));
      const writes: [bigint, Hex][] = [
        [base, word(answer, 'int256')],
        [base + 1n, word(updatedAt)], // startedAt
        [base + 2n, word(updatedAt)],
        // Last: readers never see a round number whose round is not written yet.
        [FEED_SLOTS.latestRound, word(roundId)],
      ];
      for (const [slot, value] of writes) await evm('ethereum', 'anvil_setStorageAt', [address, pad(numberToHex(slot), { size: 32 }), value]);
      return { roundId };
    },
  };
}

/** The description and the actions on it in one object. */
export function chainsFrom(description: ChainNodesDescription): Chains {
  return { ...description, description, ...chainActions(description) };
}
