import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { Address, bip32Path, OutScript, Transaction } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { satoshis } from '../chain/bitcoin';
import type { BitcoinNetwork } from '../chain/derive';
import { list, NodeError, record, text, whole, type RpcClient } from '../chain/rpc';
import { InvalidPayout, SignedMismatch } from './errors';
import { btcSignerNetwork, type BitcoinKey, type BitcoinKeys, type BitcoinPublicKey } from './keys';

// Bitcoin payouts from the wallet's P2WPKH coins: coin selection, signing (hot), PSBTs (cold),
// and what the node is asked (fee estimate, coins, broadcast). Every amount is a bigint of satoshis.

/** A coin of the wallet: `script` (lowercase hex) says which of its keys spends it. */
export interface Utxo {
  txid: string;
  vout: number;
  sats: bigint;
  script: string;
}
type Outpoint = Pick<Utxo, 'txid' | 'vout'>;

/** Below this an output is dust: nodes do not relay a transaction making one (546 covers every output type). */
export const DUST_SATS = 546n;

/** Every input signals replaceability (BIP125): a payout stuck at a low fee can be replaced by a higher one. */
export const RBF_SEQUENCE = 0xfffffffd;

/** The change output: P2WPKH, `0014` + 20 bytes. */
const CHANGE_SCRIPT_BYTES = 22;

/** The coins cannot pay the amount and its fee. */
export class InsufficientFunds extends Error {
  override name = 'InsufficientFunds';
  constructor(
    readonly neededSats: bigint,
    readonly availableSats: bigint,
  ) {
    super(`the hot wallet holds ${availableSats} sats; the payout needs ${neededSats} with its fee`);
  }
}

export interface Selection {
  /** The coins spent, in the order they are the transaction's inputs. */
  inputs: Utxo[];
  feeSats: bigint;
  /** 0n: no change output (what was left, under the dust limit, went to the fee). */
  changeSats: bigint;
}

const compactSizeBytes = (n: number) => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5);

/**
 * The virtual size of a transaction of P2WPKH inputs and outputs of the given script lengths, at
 * its largest: each signature counted at 72 bytes (a low-R one has 71), so the fee rate paid is
 * never below the one asked.
 */
export function estimateVsize(inputs: number, outputScriptBytes: readonly number[]): bigint {
  const outputs = outputScriptBytes.reduce((sum, n) => sum + 8 + compactSizeBytes(n) + n, 0);
  // version, locktime, counts; per input: outpoint 36, empty scriptSig 1, sequence 4.
  const base = 8 + compactSizeBytes(inputs) + compactSizeBytes(outputScriptBytes.length) + 41 * inputs + outputs;
  // segwit marker and flag; per input: item count, signature (1 + 72), public key (1 + 33).
  const witness = 2 + 108 * inputs;
  return BigInt(Math.ceil((4 * base + witness) / 4));
}

/**
 * Largest coins first until the amount and the fee at `feeRatePerVb` are covered; the same coins,
 * in whatever order they are given, give the same selection. Change under the dust limit is left
 * to the fee rather than made an output nodes would refuse. Throws InsufficientFunds.
 */
export function selectCoins(utxos: readonly Utxo[], amountSats: bigint, feeRatePerVb: bigint, destinationScriptBytes = CHANGE_SCRIPT_BYTES): Selection {
  if (amountSats <= 0n) throw new InvalidPayout(`a payout of ${amountSats} sats is not a positive amount`);
  if (feeRatePerVb < 1n) throw new InvalidPayout(`a fee rate of ${feeRatePerVb} sat/vB is below the nodes' relay minimum`);
  const seen = new Set<string>();
  for (const u of utxos) {
    const key = `${u.txid}:${u.vout}`;
    if (seen.has(key)) throw new InvalidPayout(`coin ${key} is listed twice`);
    seen.add(key);
  }
  const sorted = [...utxos].sort((a, b) => (a.sats !== b.sats ? (b.sats > a.sats ? 1 : -1) : a.txid !== b.txid ? (a.txid < b.txid ? -1 : 1) : a.vout - b.vout));
  const fee = (inputs: number, change: boolean) => estimateVsize(inputs, change ? [destinationScriptBytes, CHANGE_SCRIPT_BYTES] : [destinationScriptBytes]) * feeRatePerVb;
  let total = 0n;
  for (let n = 1; n <= sorted.length; n++) {
    total += sorted[n - 1]?.sats ?? 0n;
    if (total < amountSats + fee(n, false)) continue;
    const inputs = sorted.slice(0, n);
    const change = total - amountSats - fee(n, true);
    return change >= DUST_SATS ? { inputs, feeSats: fee(n, true), changeSats: change } : { inputs, feeSats: total - amountSats, changeSats: 0n };
  }
  throw new InsufficientFunds(amountSats + fee(Math.max(sorted.length, 1), false), total);
}

/** The output script of `address` on `network`; InvalidPayout for any other network or a type nodes do not relay. */
export function destinationScript(address: string, network: BTC_NETWORK): Uint8Array {
  let decoded: ReturnType<ReturnType<typeof Address>['decode']>;
  try {
    decoded = Address(network).decode(address.trim());
  } catch (error) {
    throw new InvalidPayout(`${address} is not an address of this network (${error instanceof Error ? error.message : 'unreadable'})`);
  }
  if (!['pkh', 'sh', 'wpkh', 'wsh', 'tr'].includes(decoded.type)) throw new InvalidPayout(`${address} is a ${decoded.type} address, which a payout does not pay`);
  return OutScript.encode(decoded);
}

export interface BitcoinPayout {
  network: BitcoinNetwork;
  /** The wallet's coins; the ones spent are chosen by selectCoins. */
  utxos: readonly Utxo[];
  to: string;
  amountSats: bigint;
  feeRatePerVb: bigint;
}

/** A PSBT's bip32Derivation of `key`: how an offline device finds the key to sign with. */
const derivation = (key: BitcoinPublicKey, fingerprint: number): [Uint8Array, { fingerprint: number; path: number[] }][] => [[key.publicKey, { fingerprint, path: bip32Path(key.path) }]];

/**
 * The payout's unsigned transaction: destination first, then the change (if any) to the change
 * key; lock time 0 and version 2, so the same request gives the same bytes. Also the key each
 * input needs, in input order.
 */
function payoutTransaction<K extends BitcoinPublicKey>(p: BitcoinPayout, keys: BitcoinKeys<K>): { tx: Transaction; selection: Selection; signers: K[] } {
  const toScript = destinationScript(p.to, btcSignerNetwork(p.network));
  if (p.amountSats < DUST_SATS) throw new InvalidPayout(`${p.amountSats} sats is below the dust limit (${DUST_SATS}): nodes would not relay it`);
  const byScript = new Map([keys.receive, keys.change].map((k) => [k.script, k]));
  for (const u of p.utxos) {
    if (!byScript.has(u.script.toLowerCase())) throw new InvalidPayout(`coin ${u.txid}:${u.vout} pays ${u.script}, which is neither the receive nor the change key's script`);
  }
  const selection = selectCoins(p.utxos, p.amountSats, p.feeRatePerVb, toScript.length);
  const tx = new Transaction({ version: 2, lockTime: 0, lowR: true });
  const signers: K[] = [];
  for (const u of selection.inputs) {
    const key = byScript.get(u.script.toLowerCase()) as K;
    signers.push(key);
    tx.addInput({ txid: u.txid, index: u.vout, sequence: RBF_SEQUENCE, witnessUtxo: { script: hexToBytes(key.script), amount: u.sats }, bip32Derivation: derivation(key, keys.fingerprint) });
  }
  tx.addOutput({ script: toScript, amount: p.amountSats });
  if (selection.changeSats > 0n) tx.addOutput({ script: hexToBytes(keys.change.script), amount: selection.changeSats, bip32Derivation: derivation(keys.change, keys.fingerprint) });
  return { tx, selection, signers };
}

export interface SignedBitcoinPayout {
  hex: string;
  txid: string;
  feeSats: bigint;
  changeSats: bigint;
  inputs: Outpoint[];
  vsize: number;
}

/** The payout signed with the hot keys: raw transaction hex, ready for broadcastBitcoin. */
export function signBitcoinPayout(p: BitcoinPayout & { keys: BitcoinKeys<BitcoinKey> }): SignedBitcoinPayout {
  const { tx, selection, signers } = payoutTransaction(p, p.keys);
  signers.forEach((key, i) => tx.signIdx(key.privateKey, i));
  tx.finalize();
  return { hex: tx.hex, txid: tx.id, feeSats: tx.fee, changeSats: selection.changeSats, inputs: selection.inputs.map(({ txid, vout }) => ({ txid, vout })), vsize: tx.vsize };
}

export interface UnsignedBitcoinPayout {
  /** BIP174, base64: each input with its witnessUtxo and key derivation, the change output with its own. */
  psbt: string;
  /** The id the signed transaction will have (a segwit id does not cover signatures). */
  txid: string;
  feeSats: bigint;
  changeSats: bigint;
  /** The coins spent: what finalizeSignedPsbt expects back. */
  inputs: Utxo[];
}

/** The payout for an offline signer: `keys` are public only (coldKeys). */
export function unsignedPsbt(p: BitcoinPayout & { keys: BitcoinKeys }): UnsignedBitcoinPayout {
  const { tx, selection } = payoutTransaction(p, p.keys);
  return { psbt: Buffer.from(tx.toPSBT()).toString('base64'), txid: tx.id, feeSats: selection.feeSats, changeSats: selection.changeSats, inputs: selection.inputs };
}

export interface ExpectedBitcoinPayout {
  network: BitcoinNetwork;
  to: string;
  amountSats: bigint;
  /** The coins given to the signer (unsignedPsbt's `inputs`), with their amounts and scripts. */
  inputs: readonly Utxo[];
  /** The wallet's change script (hex): any output not paying `to` must pay it. */
  changeScript: string;
  /** Refused above this fee; without it, any fee the coins leave. */
  maxFeeSats?: bigint;
}

/** SIGHASH_ALL: a signature over anything less would let whoever relays the transaction change it. */
const SIGHASH_ALL = 0x01;

/**
 * A PSBT signed offline, checked to be the payout asked for and finalized: raw hex for
 * broadcastBitcoin. Throws SignedMismatch naming what differs.
 */
export function finalizeSignedPsbt(base64: string, expected: ExpectedBitcoinPayout): { hex: string; txid: string; feeSats: bigint } {
  let tx: Transaction;
  try {
    tx = Transaction.fromPSBT(Buffer.from(base64, 'base64'));
  } catch (error) {
    throw new SignedMismatch(`not a readable PSBT: ${error instanceof Error ? error.message : String(error)}`);
  }
  const want = new Map(expected.inputs.map((u) => [`${u.txid}:${u.vout}`, u]));
  if (tx.inputsLength !== want.size) throw new SignedMismatch(`the PSBT spends ${tx.inputsLength} coins, not the ${want.size} given to sign`);
  let inSats = 0n;
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const outpoint = `${input.txid ? bytesToHex(input.txid) : '?'}:${input.index ?? '?'}`;
    const coin = want.get(outpoint);
    if (!coin) throw new SignedMismatch(`input ${i} spends ${outpoint}, which is not one of the coins given to sign`);
    want.delete(outpoint);
    if (input.witnessUtxo?.amount !== coin.sats || bytesToHex(input.witnessUtxo.script) !== coin.script.toLowerCase()) {
      throw new SignedMismatch(`input ${i} (${outpoint}) describes its coin as another amount or script than the coin's`);
    }
    inSats += coin.sats;
    const signatures = input.partialSig?.map(([, sig]) => sig) ?? (input.finalScriptWitness?.[0] ? [input.finalScriptWitness[0]] : []);
    if (!signatures.length) throw new SignedMismatch(`input ${i} (${outpoint}) is not signed`);
    if (signatures.some((sig) => sig.at(-1) !== SIGHASH_ALL)) throw new SignedMismatch(`input ${i} (${outpoint}) is signed with a sighash other than ALL`);
  }
  const toScript = bytesToHex(destinationScript(expected.to, btcSignerNetwork(expected.network)));
  let outSats = 0n;
  let paid = false;
  for (let i = 0; i < tx.outputsLength; i++) {
    const { script, amount } = tx.getOutput(i);
    const scriptHex = script ? bytesToHex(script) : '';
    if (amount === undefined) throw new SignedMismatch(`output ${i} has no amount`);
    outSats += amount;
    if (!paid && scriptHex === toScript && amount === expected.amountSats) paid = true;
    else if (scriptHex !== expected.changeScript.toLowerCase()) throw new SignedMismatch(`output ${i} pays ${amount} sats to ${tx.getOutputAddress(i, btcSignerNetwork(expected.network)) ?? scriptHex}, which is neither the payout nor the change`);
  }
  if (!paid) throw new SignedMismatch(`no output pays exactly ${expected.amountSats} sats to ${expected.to}`);
  const feeSats = inSats - outSats;
  if (feeSats < 0n) throw new SignedMismatch(`the outputs (${outSats} sats) exceed the coins spent (${inSats})`);
  if (expected.maxFeeSats !== undefined && feeSats > expected.maxFeeSats) throw new SignedMismatch(`the fee, ${feeSats} sats, is above the ${expected.maxFeeSats} allowed`);
  try {
    tx.finalize();
  } catch (error) {
    throw new SignedMismatch(`the PSBT cannot be finalized: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { hex: tx.hex, txid: tx.id, feeSats };
}

/**
 * estimatesmartfee's answer (BTC per 1000 vB) in sat/vB, rounded up, within [floor, ceiling]; the
 * floor when the node has no estimate (regtest, or a node just started: `errors` and no `feerate`).
 */
export function feeRateFromEstimate(answer: unknown, floorSatPerVb: bigint, ceilingSatPerVb: bigint): bigint {
  if (floorSatPerVb > ceilingSatPerVb) throw new Error(`the fee floor (${floorSatPerVb} sat/vB) is above the ceiling (${ceilingSatPerVb})`);
  const { feerate } = record(answer, 'fee estimate');
  if (feerate === undefined) return floorSatPerVb;
  const perVb = (satoshis(feerate, 'the fee estimate') + 999n) / 1000n;
  return perVb < floorSatPerVb ? floorSatPerVb : perVb > ceilingSatPerVb ? ceilingSatPerVb : perVb;
}

/**
 * The confirmed coins at `addresses`, from the node's UTXO set (`scantxoutset`: no wallet), less
 * those a transaction in the mempool already spends (a payout broadcast and not yet mined): a new
 * payout spending one of them would replace that one (every payout signals RBF).
 */
export async function hotUtxos(rpc: RpcClient, addresses: readonly string[]): Promise<Utxo[]> {
  if (!addresses.length) return [];
  const scan = record(await rpc.call('scantxoutset', ['start', addresses.map((a) => `addr(${a})`)]), 'scan result');
  if (scan.success !== true) throw new NodeError('the node could not scan its UTXO set (another scan may be running)');
  const coins = list(scan.unspents, 'unspent outputs').map((raw): Utxo => {
    const u = record(raw, 'unspent output');
    const txid = text(u.txid, 'coin transaction id');
    return { txid, vout: whole(u.vout, 'coin output index'), sats: satoshis(u.amount, `coin ${txid}`), script: text(u.scriptPubKey, 'coin script').toLowerCase() };
  });
  // gettxout with the mempool: null for a coin a pending transaction spends.
  const live = await rpc.batch(coins.map((c) => ({ method: 'gettxout', params: [c.txid, c.vout, true] })));
  return coins.filter((_, i) => live[i] !== null).sort((a, b) => (a.txid !== b.txid ? (a.txid < b.txid ? -1 : 1) : a.vout - b.vout));
}

/** Refusals meaning the node has this very transaction already (Bitcoin Core's -27 and its mempool's). */
const ALREADY_SENT = /already in block chain|txn-already-known|txn-already-in-mempool/i;

/**
 * Sends a signed transaction; its id. Sending the same bytes again is not an error: a transaction
 * the node already has, in its mempool or its chain, counts as sent. Any other refusal is a
 * NodeError with the node's message.
 */
export async function broadcastBitcoin(rpc: RpcClient, hex: string): Promise<string> {
  const txid = Transaction.fromRaw(hexToBytes(hex), { allowUnknownOutputs: true }).id;
  try {
    const sent = text(await rpc.call('sendrawtransaction', [hex]), 'transaction id');
    if (sent !== txid) throw new NodeError(`the node answered transaction ${sent} for ${txid}`);
    return txid;
  } catch (error) {
    if (!(error instanceof NodeError)) throw error;
    if (ALREADY_SENT.test(error.message)) return txid;
    // Mined, and its outputs spent since: the node says its inputs are missing. It knows the
    // transaction still (its -txindex, or the mempool); a node that does not is not believed.
    const known = await rpc.call('getrawtransaction', [txid]).then(
      (raw) => typeof raw === 'string',
      () => false,
    );
    if (known) return txid;
    throw error;
  }
}
