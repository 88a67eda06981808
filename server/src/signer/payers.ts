import type { Chain } from '@halcyon/api-client/contract';
import type { ChainConfig } from '../config';
import { callWords, contractDecimals } from '../chain/evm';
import { quantity, rpcClient, type RpcClient } from '../chain/rpc';
import { broadcastBitcoin, feeRateFromEstimate, hotUtxos, signBitcoinPayout } from './bitcoin-tx';
import { limitUnits, type SignerConfig } from './config';
import { broadcastEvm, estimateGas, evmFees, NATIVE_GAS, signEvmPayout, type EvmAmount, type Hex } from './evm-tx';
import type { HotWallet } from './keys';
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
      const feeRatePerVb = feeRateFromEstimate(await rpc.call('estimatesmartfee', [2]), BigInt(config.feeRate.floor), BigInt(config.feeRate.ceiling));
      const signed = signBitcoinPayout({ network, utxos, to: payout.destination, amountSats: BigInt(payout.units), feeRatePerVb, keys });
      return { txid: signed.txid, raw: signed.hex, feeUnits: signed.feeSats, inputs: signed.inputs.map((i) => `${i.txid}:${i.vout}`) };
    },
    async broadcast(raw) {
      await broadcastBitcoin(rpc, raw);
    },
  };
}

const BALANCE_OF = '0x70a08231';

async function evmPayer(config: SignerConfig, wallet: HotWallet, chain: Extract<Chain, 'ethereum' | 'bsc'>, rpc: RpcClient, token: string | null): Promise<Payer> {
  const from = wallet.evm.address;
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
      const amount: EvmAmount = token ? { token: { contract: token, units } } : { native: { wei: units } };
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
  };
}
