import type { Chain } from '@halcyon/api-client/contract';
import type { ChainConfig } from '../config';
import { callWords, contractDecimals } from '../chain/evm';
import { satoshis } from '../chain/bitcoin';
import { NodeError, quantity, record, rpcClient, text, type RpcClient } from '../chain/rpc';
import { hexToBytes } from '@noble/hashes/utils.js';
import { Transaction } from '@scure/btc-signer';
import { parseTransaction } from 'viem';
import { broadcastBitcoin, feeRateFromEstimate, finalizeSignedPsbt, hotUtxos, signBitcoinPayout, unsignedPsbt, type Utxo } from './bitcoin-tx';
import { limitUnits, type SignerConfig } from './config';
import { broadcastEvm, checkSignedEvm, estimateGas, evmFees, NATIVE_GAS, signEvmPayout, unsignedEvmPayout, type EvmAmount, type Hex } from './evm-tx';
import { coldKeys, type HotWallet } from './keys';
import { InsufficientHotFunds, type Payer } from './round';
import { coinsInFlight, takeNonce } from './store';

// The signer's payer per chain: the hot wallet's keys, its node, its limits.

/** Every chain with a node in the configuration gets a payer. */
export async function buildPayers(config: SignerConfig, wallet: HotWallet): Promise<Payer[]> {
  const { bitcoin, ethereum, bsc } = config.chain;
  const payers: Payer[] = [];
  if (bitcoin) payers.push(bitcoinPayer(config, wallet, rpcClient(bitcoin.rpcUrl, 60_000)));
  if (ethereum) payers.push(await evmPayer(config, wallet, 'ethereum', rpcClient(ethereum.rpcUrl), null));
  if (bsc) payers.push(await evmPayer(config, wallet, 'bsc', rpcClient(bsc.rpcUrl), bsc.usdtContract));
  return payers;
}

function bitcoinPayer(config: SignerConfig, wallet: HotWallet, rpc: RpcClient): Payer {
  const keys = wallet.bitcoin;
  const addresses = [keys.receive.address, keys.change.address];
  const network = (config.chain.bitcoin as NonNullable<ChainConfig['bitcoin']>).network;
  const feeRate = async () => feeRateFromEstimate(await rpc.call('estimatesmartfee', [2]), BigInt(config.feeRate.floor), BigInt(config.feeRate.ceiling));
  const cold = config.cold.bitcoin ? coldKeys(config.cold.bitcoin.accountXpub, config.cold.bitcoin.fingerprint, network) : null;
  return {
    chain: 'bitcoin',
    address: keys.receive.address,
    limit: limitUnits(config.limits.btc, 8),
    async balance() {
      return (await hotUtxos(rpc, addresses)).reduce((sum, u) => sum + u.sats, 0n);
    },
    async sign(q, payout) {
      const inFlight = await coinsInFlight(q);
      const utxos = (await hotUtxos(rpc, addresses)).filter((u) => !inFlight.has(`${u.txid}:${u.vout}`));
      const signed = signBitcoinPayout({ network, utxos, to: payout.destination, amountSats: BigInt(payout.units), feeRatePerVb: await feeRate(), keys });
      return { txid: signed.txid, raw: signed.hex, feeUnits: signed.feeSats, inputs: signed.inputs.map((i) => `${i.txid}:${i.vout}`) };
    },
    async broadcast(raw) {
      await broadcastBitcoin(rpc, raw);
    },
    // RBF (BIP125): the same coins at a fee rate a quarter higher (at least 1 sat/vB more), or the
    // node's estimate if that is higher, never above the ceiling.
    async replace(_q, payout, current) {
      const coins: Utxo[] = [];
      for (const outpoint of current.inputs ?? []) {
        const [txid = '', vout = ''] = outpoint.split(':');
        // The chainstate's coin (include_mempool false): the stuck transaction spends it only in the mempool.
        const coin = await rpc.call('gettxout', [txid, Number(vout), false]);
        if (coin === null) throw new NodeError(`coin ${outpoint} is spent in a block: the payout (or a conflict) is mined; the follower will see it`);
        const c = record(coin, 'coin');
        coins.push({ txid, vout: Number(vout), sats: satoshis(c.value, `coin ${outpoint}`), script: text(record(c.scriptPubKey, 'coin script').hex, 'coin script').toLowerCase() });
      }
      const oldRate = BigInt(current.fee_units) / BigInt(Transaction.fromRaw(hexToBytes(current.raw), { allowUnknownOutputs: true }).vsize);
      const bumped = oldRate + oldRate / 4n + 1n;
      const estimate = await feeRate();
      const rate = estimate > bumped ? estimate : bumped;
      if (rate > BigInt(config.feeRate.ceiling)) throw new NodeError(`the stuck payout pays ${oldRate} sat/vB; a replacement would need ${rate}, above the ceiling (BTC_FEE_RATE_CEILING ${config.feeRate.ceiling})`);
      const signed = signBitcoinPayout({ network, utxos: coins, to: payout.destination, amountSats: BigInt(payout.units), feeRatePerVb: rate, keys });
      return { txid: signed.txid, raw: signed.hex, feeUnits: signed.feeSats, inputs: signed.inputs.map((i) => `${i.txid}:${i.vout}`) };
    },
    ...(cold
      ? {
          offline: {
            // The cold wallet's coins, as a PSBT its device signs; the coins are kept for it until it comes back.
            async prepare(q, payout) {
              const inFlight = await coinsInFlight(q);
              const utxos = (await hotUtxos(rpc, [cold.receive.address, cold.change.address])).filter((u) => !inFlight.has(`${u.txid}:${u.vout}`));
              const unsigned = unsignedPsbt({ network, utxos, to: payout.destination, amountSats: BigInt(payout.units), feeRatePerVb: await feeRate(), keys: cold });
              const inputs = unsigned.inputs.map((u) => ({ txid: u.txid, vout: u.vout, sats: u.sats.toString(), script: u.script }));
              // The signed fee may not exceed twice the prepared one (a device that raised it would spend more than asked).
              return { format: 'psbt', unsigned: unsigned.psbt, expected: { inputs, changeScript: cold.change.script, maxFeeSats: (unsigned.feeSats * 2n).toString() } };
            },
            async check(payout, uploaded, expected) {
              const inputs: Utxo[] = (expected.inputs as { txid: string; vout: number; sats: string; script: string }[]).map((u) => ({ ...u, sats: BigInt(u.sats) }));
              const done = finalizeSignedPsbt(uploaded, {
                network, to: payout.destination, amountSats: BigInt(payout.units), inputs, changeScript: String(expected.changeScript), maxFeeSats: BigInt(String(expected.maxFeeSats)),
              });
              return { txid: done.txid, raw: done.hex, feeUnits: done.feeSats, inputs: inputs.map((u) => `${u.txid}:${u.vout}`) };
            },
          },
        }
      : {}),
  };
}

const BALANCE_OF = '0x70a08231';

async function evmPayer(config: SignerConfig, wallet: HotWallet, chain: Extract<Chain, 'ethereum' | 'bsc'>, rpc: RpcClient, token: string | null): Promise<Payer> {
  const from = wallet.evm.address;
  const cold = config.cold.evmAddress;
  const amountOf = (units: bigint): EvmAmount => (token ? { token: { contract: token, units } } : { native: { wei: units } });
  const chainId = Number(quantity(await rpc.call('eth_chainId'), 'chain id'));
  const decimals = token ? await contractDecimals(rpc, token) : 18;
  const nativeBalance = async () => quantity(await rpc.call('eth_getBalance', [from, 'latest']), 'balance');
  const tokenBalance = async (contract: string) => {
    const [units] = await callWords(rpc, contract, `${BALANCE_OF}${from.slice(2).toLowerCase().padStart(64, '0')}`);
    return units ?? 0n;
  };
  return {
    chain,
    address: from,
    limit: limitUnits(token ? config.limits.usdt : config.limits.eth, decimals),
    balance: () => (token ? tokenBalance(token) : nativeBalance()),
    async sign(q, payout) {
      const units = BigInt(payout.units);
      const amount = amountOf(units);
      const fees = await evmFees(rpc, BigInt(config.maxFeeGwei) * 10n ** 9n);
      const [gasMoney, owned] = await Promise.all([nativeBalance(), token ? tokenBalance(token) : Promise.resolve(0n)]);
      if (token && owned < units) throw new InsufficientHotFunds(`the hot wallet holds ${owned} token units; the payout needs ${units}`);
      // At least a plain transfer's gas; the node's estimate once the wallet can afford that (a
      // contract at the destination needs more).
      const least = NATIVE_GAS * fees.maxFeePerGas + (token ? 0n : units);
      if (gasMoney < least) throw new InsufficientHotFunds(`the hot wallet holds ${gasMoney} wei; the payout needs ${least} with its gas`);
      const gas = await estimateGas(rpc, { ...amount, from, to: payout.destination });
      if (gasMoney < gas * fees.maxFeePerGas + (token ? 0n : units)) throw new InsufficientHotFunds(`the hot wallet holds ${gasMoney} wei; the payout needs more with its gas`);
      const nodeCount = quantity(await rpc.call('eth_getTransactionCount', [from, 'latest']), 'transaction count');
      const nonce = await takeNonce(q, chain, from, nodeCount);
      const signed = await signEvmPayout({ ...amount, chainId, nonce: Number(nonce), to: payout.destination, fees, gas, privateKey: wallet.evm.privateKey });
      return { txid: signed.hash, raw: signed.raw, feeUnits: gas * fees.maxFeePerGas, nonce };
    },
    async broadcast(raw) {
      await broadcastEvm(rpc, raw as Hex);
    },
    // The same nonce at fees an eighth higher (nodes want a tenth more on both), or today's if higher.
    async replace(_q, payout, current) {
      const old = parseTransaction(current.raw as Hex);
      if (old.type !== 'eip1559' || old.nonce === undefined || old.gas === undefined) throw new NodeError('the stuck transaction is not one of ours (EIP-1559 with a nonce and gas)');
      const bump = (v: bigint | undefined) => (v ?? 0n) + (v ?? 0n) / 8n + 1n;
      const now = await evmFees(rpc);
      const max = (a: bigint, b: bigint) => (a > b ? a : b);
      const fees = { maxFeePerGas: max(now.maxFeePerGas, bump(old.maxFeePerGas)), maxPriorityFeePerGas: max(now.maxPriorityFeePerGas, bump(old.maxPriorityFeePerGas)) };
      const ceiling = BigInt(config.maxFeeGwei) * 10n ** 9n;
      if (fees.maxFeePerGas > ceiling) throw new NodeError(`a replacement would offer ${fees.maxFeePerGas} wei per gas, above the ceiling (EVM_MAX_FEE_GWEI ${config.maxFeeGwei})`);
      const signed = await signEvmPayout({ ...amountOf(BigInt(payout.units)), chainId, nonce: old.nonce, to: payout.destination, fees, gas: old.gas, privateKey: wallet.evm.privateKey });
      return { txid: signed.hash, raw: signed.raw, feeUnits: old.gas * fees.maxFeePerGas, nonce: BigInt(old.nonce) };
    },
    ...(cold
      ? {
          offline: {
            // An unsigned EIP-1559 transaction from the cold address, at its next nonce (taken now).
            async prepare(q, payout) {
              const amount = amountOf(BigInt(payout.units));
              const fees = await evmFees(rpc, BigInt(config.maxFeeGwei) * 10n ** 9n);
              const gas = await estimateGas(rpc, { ...amount, from: cold, to: payout.destination });
              const nodeCount = quantity(await rpc.call('eth_getTransactionCount', [cold, 'latest']), 'transaction count');
              const nonce = Number(await takeNonce(q, chain, cold, nodeCount));
              const unsigned = unsignedEvmPayout({ ...amount, chainId, nonce, to: payout.destination, fees, gas });
              return { format: 'evm', unsigned, expected: { chainId, nonce, from: cold, maxCostWei: (gas * fees.maxFeePerGas).toString() } };
            },
            async check(payout, uploaded, expected) {
              const maxCostWei = BigInt(String(expected.maxCostWei));
              const nonce = Number(expected.nonce);
              const { hash } = await checkSignedEvm(uploaded, { ...amountOf(BigInt(payout.units)), chainId, nonce, from: cold, to: payout.destination, maxCostWei });
              return { txid: hash, raw: uploaded, feeUnits: maxCostWei, nonce: BigInt(nonce) };
            },
          },
        }
      : {}),
  };
}
