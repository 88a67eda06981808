import {
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddress,
  isAddressEqual,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializableEIP1559,
  type TransactionSerializedEIP1559,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hex, NodeError, quantity, record, type RpcClient } from '../chain/rpc';
import { InvalidPayout, SignedMismatch } from './errors';

// EVM payouts (Ethereum, BSC) from the hot address: EIP-1559 transactions of the native coin or an
// ERC-20 transfer, signed here (hot) or checked after an offline signer signed them (cold).

export type Hex = `0x${string}`;

/** What a payout sends: the chain's own coin, or units of a token (an ERC-20 `transfer`). */
export type EvmAmount = { native: { wei: bigint }; token?: undefined } | { token: { contract: string; units: bigint }; native?: undefined };

export interface EvmFees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export type EvmPayout = EvmAmount & {
  chainId: number;
  nonce: number;
  to: string;
  fees: EvmFees;
  gas: bigint;
};

/** A native transfer to an account without code costs exactly this. */
export const NATIVE_GAS = 21_000n;

function address(value: string, what: string): Hex {
  if (!isAddress(value, { strict: false })) throw new InvalidPayout(`${what} ${value} is not an EVM address`);
  return getAddress(value);
}

/** The call a payout makes: to whom, with what value and data. */
function payoutCall(p: EvmAmount & { to: string }): { to: Hex; value: bigint; data?: Hex } {
  const to = address(p.to, 'the destination');
  if (p.native && p.token) throw new InvalidPayout('a payout sends the native coin or a token, not both');
  if (p.native) {
    if (p.native.wei <= 0n) throw new InvalidPayout(`${p.native.wei} wei is not a positive amount`);
    return { to, value: p.native.wei };
  }
  if (!p.token) throw new InvalidPayout('a payout sends the native coin or a token');
  if (p.token.units <= 0n) throw new InvalidPayout(`${p.token.units} token units is not a positive amount`);
  return { to: address(p.token.contract, 'the token contract'), value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, p.token.units] }) };
}

function payoutTransaction(p: EvmPayout): TransactionSerializableEIP1559 {
  return { type: 'eip1559', chainId: p.chainId, nonce: p.nonce, gas: p.gas, maxFeePerGas: p.fees.maxFeePerGas, maxPriorityFeePerGas: p.fees.maxPriorityFeePerGas, ...payoutCall(p) };
}

/**
 * The fees to offer now: twice the latest base fee (room for six full blocks of increases) plus the
 * node's suggested tip. With `ceilingWei`, maxFeePerGas is at most that (a payout then waits for
 * the base fee to come down rather than pay more).
 */
export async function evmFees(rpc: RpcClient, ceilingWei?: bigint): Promise<EvmFees> {
  const [block, tipAnswer] = await rpc.batch([{ method: 'eth_getBlockByNumber', params: ['latest', false] }, { method: 'eth_maxPriorityFeePerGas' }]);
  const { baseFeePerGas } = record(block, 'latest block');
  if (baseFeePerGas === undefined || baseFeePerGas === null) throw new NodeError('the latest block has no base fee: the chain does not take EIP-1559 transactions');
  const tip = quantity(tipAnswer, 'priority fee');
  let maxFeePerGas = 2n * quantity(baseFeePerGas, 'base fee') + tip;
  if (ceilingWei !== undefined && maxFeePerGas > ceilingWei) maxFeePerGas = ceilingWei;
  return { maxFeePerGas, maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas };
}

/**
 * The gas a payout needs, by the node's eth_estimateGas, plus a fifth: the state it is estimated
 * on may change before it is mined (gas not used is not paid).
 */
export async function estimateGas(rpc: RpcClient, p: EvmAmount & { from: string; to: string }): Promise<bigint> {
  const call = payoutCall(p);
  const params = { from: address(p.from, 'the sender'), to: call.to, value: `0x${call.value.toString(16)}`, ...(call.data ? { data: call.data } : {}) };
  const gas = quantity(await rpc.call('eth_estimateGas', [params]), 'gas estimate');
  return gas + gas / 5n;
}

/** The payout signed with the hot key; `hash` is its transaction hash. */
export async function signEvmPayout(p: EvmPayout & { privateKey: Hex }): Promise<{ raw: Hex; hash: Hex }> {
  const raw = await privateKeyToAccount(p.privateKey).signTransaction(payoutTransaction(p));
  return { raw, hash: keccak256(raw) };
}

/** The payout for an offline signer: the unsigned EIP-1559 transaction, serialized (0x02…). */
export function unsignedEvmPayout(p: EvmPayout): Hex {
  return serializeTransaction(payoutTransaction(p));
}

export type ExpectedEvmPayout = EvmAmount & {
  chainId: number;
  nonce: number;
  /** The hot address: the signer must be it. */
  from: string;
  to: string;
  /** Refused when gas × maxFeePerGas may cost more than this. */
  maxCostWei?: bigint;
};

/** What a token payout's call data says, for a refusal's message. */
function describeCall(data: Hex | undefined): string {
  if (!data || data === '0x') return 'no call';
  try {
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data });
    return `${functionName}(${args.map(String).join(', ')})`;
  } catch {
    return `call data ${data.slice(0, 10)}…`;
  }
}

/**
 * A transaction signed offline, checked to be the payout asked for: the chain, the nonce, the
 * signer, the destination and the amount (a token payout: a call of the contract that is exactly
 * transfer(to, units), with no value). Throws SignedMismatch naming the difference.
 */
export async function checkSignedEvm(raw: string, expected: ExpectedEvmPayout): Promise<{ hash: Hex }> {
  let tx: ReturnType<typeof parseTransaction>;
  try {
    tx = parseTransaction(raw as Hex);
  } catch (error) {
    throw new SignedMismatch(`not a readable transaction: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (tx.type !== 'eip1559') throw new SignedMismatch(`a ${String(tx.type)} transaction, not the EIP-1559 one given to sign`);
  if (tx.r === undefined || tx.s === undefined || tx.yParity === undefined) throw new SignedMismatch('the transaction is not signed');
  if (tx.chainId !== expected.chainId) throw new SignedMismatch(`signed for chain ${tx.chainId}, not ${expected.chainId}`);
  if (tx.nonce !== expected.nonce) throw new SignedMismatch(`nonce ${String(tx.nonce)}, not ${expected.nonce}`);
  const signer = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerializedEIP1559 });
  if (!isAddressEqual(signer, address(expected.from, 'the hot address'))) throw new SignedMismatch(`signed by ${signer}, not the hot address ${expected.from}`);
  const call = payoutCall(expected);
  if (!tx.to || !isAddressEqual(tx.to, call.to)) throw new SignedMismatch(`sent to ${tx.to ?? 'no address (a contract creation)'}, not ${call.to}`);
  if ((tx.value ?? 0n) !== call.value) throw new SignedMismatch(`sends ${tx.value ?? 0n} wei, not ${call.value}`);
  if ((tx.data ?? '0x').toLowerCase() !== (call.data ?? '0x').toLowerCase()) throw new SignedMismatch(`makes ${describeCall(tx.data)}, not ${describeCall(call.data)}`);
  if (tx.accessList?.length) throw new SignedMismatch('carries an access list the payout did not have');
  const maxCost = (tx.gas ?? 0n) * (tx.maxFeePerGas ?? 0n);
  if (expected.maxCostWei !== undefined && maxCost > expected.maxCostWei) throw new SignedMismatch(`its gas may cost ${maxCost} wei, above the ${expected.maxCostWei} allowed`);
  return { hash: keccak256(raw as Hex) };
}

/**
 * Sends a signed transaction; its hash. Sending the same bytes again is not an error: when the node
 * refuses them ("already known", or "nonce too low" once they are mined) but has this very
 * transaction, pending or mined, it counts as sent. Any other refusal is a NodeError with the node's message.
 */
export async function broadcastEvm(rpc: RpcClient, raw: Hex): Promise<Hex> {
  const hash = keccak256(raw);
  try {
    const sent = hex(await rpc.call('eth_sendRawTransaction', [raw]), 'transaction hash');
    if (sent !== hash) throw new NodeError(`the node answered transaction ${sent} for ${hash}`);
    return hash;
  } catch (error) {
    if (!(error instanceof NodeError)) throw error;
    const known = await rpc.call('eth_getTransactionByHash', [hash]).then(
      (tx) => tx !== null && typeof tx === 'object',
      () => false,
    );
    if (known) return hash;
    throw error;
  }
}
