// Payment URIs as wallets read them: BIP21 (bitcoin:<address>?amount=<BTC>) and EIP-681
// (ethereum:<address>@<chainId>?value=<wei>, ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>).
import { getAddress, isAddress, type Address } from 'viem';
import { decimalToUnits } from './amounts';
import { EVM_CHAIN_IDS } from './network';
import type { ChainActions, ChainContracts, EvmChain } from './types';

export type PaymentRequest =
  | { kind: 'btc'; address: string; sats: bigint }
  | { kind: 'native'; chain: EvmChain; to: Address; wei: bigint }
  | { kind: 'token'; chain: EvmChain; token: Address; to: Address; units: bigint };

function evmAddress(value: string | null | undefined, what: string): Address {
  if (!value || !isAddress(value, { strict: false })) throw new Error(`${what} is not an address: "${value ?? ''}"`);
  return getAddress(value);
}

function chainOf(chainId: string | undefined): EvmChain {
  // Without @chainId, EIP-681 means mainnet: here, the Ethereum node.
  if (chainId === undefined) return 'ethereum';
  const id = Number(chainId);
  const chain = (Object.keys(EVM_CHAIN_IDS) as EvmChain[]).find((c) => EVM_CHAIN_IDS[c] === id);
  if (!chain) throw new Error(`chain id ${chainId} is none of the test chains (${Object.entries(EVM_CHAIN_IDS).map(([c, i]) => `${c} ${i}`).join(', ')})`);
  return chain;
}

/** What a payment URI asks for; throws on anything this kit cannot pay. */
export function parsePaymentUri(uri: string): PaymentRequest {
  const colon = uri.indexOf(':');
  const scheme = uri.slice(0, colon).toLowerCase();
  const rest = uri.slice(colon + 1);
  const [path = '', query = ''] = rest.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  if (scheme === 'bitcoin' || scheme === 'litecoin') {
    const amount = params.get('amount');
    if (!path) throw new Error(`${uri}: no address`);
    if (!amount) throw new Error(`${uri}: no amount (BIP21 ?amount=<BTC>)`);
    const sats = decimalToUnits(amount, 8);
    if (sats <= 0n) throw new Error(`${uri}: the amount must be positive`);
    return { kind: 'btc', address: path, sats };
  }
  if (scheme === 'ethereum') {
    const match = /^(?:pay-)?([^@/]+)(?:@(\d+))?(?:\/(\w+))?$/.exec(path);
    if (!match) throw new Error(`${uri}: not an EIP-681 URI`);
    const [, target = '', chainId, fn] = match;
    const chain = chainOf(chainId);
    if (fn === undefined) {
      const value = params.get('value');
      if (!value) throw new Error(`${uri}: no value (EIP-681 ?value=<wei>)`);
      return { kind: 'native', chain, to: evmAddress(target, 'the recipient'), wei: decimalToUnits(value, 0) };
    }
    if (fn !== 'transfer') throw new Error(`${uri}: only the ERC-20 transfer function is supported, not ${fn}`);
    const units = params.get('uint256');
    if (!units) throw new Error(`${uri}: no uint256 (the token amount in its smallest units)`);
    return { kind: 'token', chain, token: evmAddress(target, 'the token'), to: evmAddress(params.get('address'), 'address='), units: decimalToUnits(units, 0) };
  }
  throw new Error(`${uri}: neither a bitcoin: (BIP21) nor an ethereum: (EIP-681) URI`);
}

export interface Payment {
  chain: 'bitcoin' | EvmChain;
  /** The transaction's id (Bitcoin txid or EVM hash), unconfirmed until mined. */
  txid: string;
  request: PaymentRequest;
}

/** Pays a URI from the nodes' funded accounts (the wallet on Bitcoin, the funder on the EVM chains). */
export async function payPaymentUri(chains: ChainActions & { contracts: ChainContracts }, uri: string): Promise<Payment> {
  const request = parsePaymentUri(uri);
  switch (request.kind) {
    case 'btc':
      return { chain: 'bitcoin', txid: (await chains.sendBtc(request.address, request.sats)).txid, request };
    case 'native':
      return { chain: request.chain, txid: (await chains.sendEth(request.chain, request.to, request.wei)).hash, request };
    case 'token':
      if (request.chain !== 'bsc' || request.token !== getAddress(chains.contracts.usdt)) {
        throw new Error(`${uri}: the only token on the test chains is USDT at ${chains.contracts.usdt} on bsc (chain id ${EVM_CHAIN_IDS.bsc})`);
      }
      return { chain: 'bsc', txid: (await chains.sendUsdt(request.to, request.units)).hash, request };
  }
}
