import type { Chain } from '@halcyon/api-client/contract';
import type { Db, Queryable } from '../db/types';
import { InsufficientFunds } from './bitcoin-tx';
import type { HotLimit } from './config';
import { InvalidPayout, SignedMismatch } from './errors';
import { claimQueued, claimStuck, claimUnprepared, claimUploaded, holdForOffline, recordPrepared, rejectUploaded, type CurrentAttempt, type OfflinePrepared, hotSpentToday, lockChain, markBroadcast, noteError, failPayout, recordSigned, reportStatus, toBroadcastAgain, type PayoutRow, type SignedPayout } from './store';

// One round of the signer (docs/chain.md "The signer"): broadcast again what must be, then sign and
// send the queued payouts chain by chain, then report. The signed bytes are committed before they
// are broadcast, so a signer killed in between sends those same bytes on its next round, never a
// second transaction.

/** The hot wallet cannot cover the payout now: it waits (nothing is lost), and the round moves on to the next chain. */
export class InsufficientHotFunds extends Error {
  override name = 'InsufficientHotFunds';
}

/** What the signer does on one chain (signer/payers.ts). */
export interface Payer {
  chain: Chain;
  /** The hot address payouts are paid from (and the wallet is funded at). */
  address: string;
  limit: HotLimit;
  /** The hot wallet's spendable balance, in the coin's smallest unit. */
  balance(): Promise<bigint>;
  /** Signs `payout` inside the claim's transaction (nonces and coins are taken under its chain lock). */
  sign(q: Queryable, payout: PayoutRow): Promise<SignedPayout>;
  /** Sends signed bytes; an answer that they are already known counts as sent. */
  broadcast(raw: string): Promise<void>;
  /**
   * A replacement of a stuck hot transaction at a higher fee that spends the same coins (Bitcoin,
   * RBF) or takes the same nonce (EVM): whichever is mined pays, the other can never be.
   */
  replace(q: Queryable, payout: PayoutRow, current: CurrentAttempt): Promise<SignedPayout>;
  /** The offline (cold) wallet's path, when one is configured for the chain. */
  offline?: {
    /** The unsigned transaction for the offline signer, and what the signed one must be (its coins or nonce taken here). */
    prepare(q: Queryable, payout: PayoutRow): Promise<OfflinePrepared>;
    /** The uploaded signed transaction, checked against `expected`; SignedMismatch says what differs. */
    check(payout: PayoutRow, uploaded: string, expected: Record<string, unknown>): Promise<SignedPayout>;
  };
}

export interface SignerContext {
  db: Db;
  id: string;
  payers: Payer[];
  rebroadcastSeconds: number;
  /** A hot payout in no block this long after its transaction was signed is replaced at a higher fee. */
  replaceSeconds: number;
  /** Fault injection (tests): called between the commit of the signed bytes and their broadcast. */
  afterSign?: (payout: PayoutRow) => void;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

export interface RoundResult {
  rebroadcast: number;
  signed: number;
  offline: number;
  /** Offline payouts given their unsigned transaction, and uploads accepted or refused. */
  prepared: number;
  accepted: number;
  refused: number;
  /** Stuck transactions replaced at a higher fee. */
  replaced: number;
  waiting: Chain[];
  errors: string[];
}

/** Payouts signed per chain per round at most: a long queue does not starve the other chains. */
const PER_CHAIN = 20;

export async function signerRound(ctx: SignerContext): Promise<RoundResult> {
  const result: RoundResult = { rebroadcast: 0, signed: 0, offline: 0, prepared: 0, accepted: 0, refused: 0, replaced: 0, waiting: [], errors: [] };
  const byChain = new Map(ctx.payers.map((p) => [p.chain, p]));
  for (const stored of await toBroadcastAgain(ctx.db, [...byChain.keys()], ctx.rebroadcastSeconds)) {
    const payer = byChain.get(stored.chain);
    if (!payer) continue;
    try {
      await payer.broadcast(stored.raw);
      await markBroadcast(ctx.db, stored.chain, stored.txid);
      result.rebroadcast++;
    } catch (error) {
      result.errors.push(`${stored.chain} ${stored.txid}: ${messageOf(error)}`);
      await noteError(ctx.db, stored.payoutId, `broadcast: ${messageOf(error)}`);
    }
  }
  for (const payer of ctx.payers) {
    for (let i = 0; i < PER_CHAIN; i++) {
      const step = await payNext(ctx, payer).catch((error: unknown) => {
        result.errors.push(`${payer.chain}: ${messageOf(error)}`);
        return 'error' as const;
      });
      if (step === 'signed') result.signed++;
      else if (step === 'offline') result.offline++;
      else if (step === 'waiting') result.waiting.push(payer.chain);
      if (step !== 'signed' && step !== 'offline') break;
    }
    await replaceStuck(ctx, payer, result).catch((error: unknown) => {
      result.errors.push(`${payer.chain} replacement: ${messageOf(error)}`);
    });
    if (payer.offline) {
      await offlineSteps(ctx, payer, payer.offline, result).catch((error: unknown) => {
        result.errors.push(`${payer.chain} offline: ${messageOf(error)}`);
      });
    }
  }
  await report(ctx, result);
  return result;
}

type Step = 'signed' | 'offline' | 'waiting' | 'failed' | 'none';

/** Claims, checks against the limits, signs and stores the oldest queued payout of `payer`'s chain, then broadcasts it. */
async function payNext(ctx: SignerContext, payer: Payer): Promise<Step> {
  const claim: { payout: PayoutRow | null } = { payout: null };
  let outcome: { step: 'none' | 'offline' } | { step: 'signed'; payout: PayoutRow; tx: SignedPayout };
  try {
    outcome = await ctx.db.tx(async (q) => {
      await lockChain(q, payer.chain);
      const payout = (claim.payout = await claimQueued(q, payer.chain));
      if (!payout) return { step: 'none' as const };
      const units = BigInt(payout.units);
      if (units > payer.limit.perPayout || (await hotSpentToday(q, payer.chain)) + units > payer.limit.daily) {
        await holdForOffline(q, payout.id, units > payer.limit.perPayout ? 'above the hot wallet limit per payout' : 'above the hot wallet limit per day');
        return { step: 'offline' as const };
      }
      const tx = await payer.sign(q, payout);
      await recordSigned(q, payout, tx, ctx.id);
      return { step: 'signed' as const, payout, tx };
    });
  } catch (error) {
    if (!claim.payout) throw error;
    if (error instanceof InvalidPayout) {
      await failPayout(ctx.db, claim.payout.id, error.message);
      return 'failed';
    }
    await noteError(ctx.db, claim.payout.id, messageOf(error));
    if (error instanceof InsufficientHotFunds || error instanceof InsufficientFunds) return 'waiting';
    throw error;
  }
  if (outcome.step !== 'signed') return outcome.step;
  const { payout, tx } = outcome;
  ctx.log('payout signed', { payout: payout.id, chain: payout.chain, txid: tx.txid });
  ctx.afterSign?.(payout);
  try {
    await payer.broadcast(tx.raw);
    await markBroadcast(ctx.db, payout.chain, tx.txid);
  } catch (error) {
    // Stored: the next round broadcasts these bytes again.
    await noteError(ctx.db, payout.id, `broadcast: ${messageOf(error)}`);
  }
  return 'signed';
}

/**
 * Stuck hot payouts of one chain replaced at a higher fee, each in the exactly-once way: the new
 * attempt's bytes committed (both attempts kept), then broadcast.
 */
async function replaceStuck(ctx: SignerContext, payer: Payer, result: RoundResult): Promise<void> {
  const done: string[] = [];
  for (let i = 0; i < PER_CHAIN; i++) {
    const replaced = await ctx.db.tx(async (q) => {
      await lockChain(q, payer.chain);
      const stuck = await claimStuck(q, payer.chain, ctx.replaceSeconds, done);
      if (!stuck) return null;
      const tx = await payer.replace(q, stuck.payout, stuck.current);
      await recordSigned(q, stuck.payout, tx, ctx.id);
      return { payout: stuck.payout, tx };
    });
    if (!replaced) break;
    done.push(replaced.payout.id);
    result.replaced++;
    ctx.log('stuck payout replaced', { payout: replaced.payout.id, chain: payer.chain, txid: replaced.tx.txid });
    await payer.broadcast(replaced.tx.raw).then(
      () => markBroadcast(ctx.db, payer.chain, replaced.tx.txid),
      (error: unknown) => noteError(ctx.db, replaced.payout.id, `broadcast: ${messageOf(error)}`),
    );
  }
}

/**
 * The offline path of one chain: an unsigned transaction for each offline payout that has none, then
 * each upload checked; a good one is stored as the payout's transaction (the same exactly-once path
 * as a hot one: committed, then broadcast), a bad one refused with why.
 */
async function offlineSteps(ctx: SignerContext, payer: Payer, offline: NonNullable<Payer['offline']>, result: RoundResult): Promise<void> {
  for (let i = 0; i < PER_CHAIN; i++) {
    const claim: { payout: PayoutRow | null } = { payout: null };
    const prepared = await ctx.db
      .tx(async (q) => {
        await lockChain(q, payer.chain);
        const payout = (claim.payout = await claimUnprepared(q, payer.chain));
        if (!payout) return false;
        await recordPrepared(q, payout.id, await offline.prepare(q, payout));
        return true;
      })
      .catch(async (error: unknown) => {
        // The cold wallet cannot cover it, or a node is away: the payout says why, and the next round tries again.
        if (!claim.payout) throw error;
        await noteError(ctx.db, claim.payout.id, `offline: ${messageOf(error)}`);
        return false;
      });
    if (!prepared) break;
    result.prepared++;
  }
  for (let i = 0; i < PER_CHAIN; i++) {
    const checked = await ctx.db.tx(async (q) => {
      const upload = await claimUploaded(q, payer.chain);
      if (!upload) return null;
      try {
        const tx = await offline.check(upload.payout, upload.uploaded, upload.expected);
        await recordSigned(q, upload.payout, tx, ctx.id, 'offline');
        return { payout: upload.payout, tx };
      } catch (error) {
        if (!(error instanceof SignedMismatch || error instanceof InvalidPayout)) throw error;
        await rejectUploaded(q, upload.payout.id, error.message);
        return 'refused' as const;
      }
    });
    if (checked === null) break;
    if (checked === 'refused') {
      result.refused++;
      continue;
    }
    result.accepted++;
    ctx.log('offline payout accepted', { payout: checked.payout.id, chain: payer.chain, txid: checked.tx.txid });
    await payer.broadcast(checked.tx.raw).then(
      () => markBroadcast(ctx.db, payer.chain, checked.tx.txid),
      (error: unknown) => noteError(ctx.db, checked.payout.id, `broadcast: ${messageOf(error)}`),
    );
  }
}

/**
 * The hot wallets' balances are read at most once a minute per signer, not every round: a Bitcoin
 * balance is a scan of the node's UTXO set (minutes on mainnet). The heartbeat itself is every round.
 */
const BALANCE_EVERY_MS = 60_000;
const balancesRead = new WeakMap<SignerContext, { at: number; values: Map<Chain, string> }>();

async function balances(ctx: SignerContext): Promise<Map<Chain, string>> {
  const last = balancesRead.get(ctx);
  if (last && Date.now() - last.at < BALANCE_EVERY_MS) return last.values;
  const values = new Map<Chain, string>();
  for (const payer of ctx.payers) values.set(payer.chain, await payer.balance().then(String, (error: unknown) => `unknown: ${messageOf(error)}`));
  balancesRead.set(ctx, { at: Date.now(), values });
  return values;
}

async function report(ctx: SignerContext, result: RoundResult): Promise<void> {
  const wallets: Record<string, unknown> = {};
  const read = await balances(ctx);
  for (const payer of ctx.payers) {
    const balance = read.get(payer.chain);
    wallets[payer.chain] = { address: payer.address, balance, perPayout: payer.limit.perPayout.toString(), daily: payer.limit.daily.toString(), waiting: result.waiting.includes(payer.chain) };
  }
  await reportStatus(ctx.db, ctx.id, STARTED, wallets, result.errors[0] ?? null);
}

const STARTED = new Date();
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
