import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { z } from 'zod';
import { parseUnits } from '../chain/blocks';
import { ConfigError, int, loadConfig, type ChainConfig } from '../config';

// The signer's settings (docs/chain.md "The signer"): the chains' nodes as the server reads them,
// plus what only the signer has: the mnemonic's file, its own database login, the hot limits.

/** A hot limit per asset, in the coin's decimal units ("0.5"): per payout, and per 24 hours. */
export interface HotLimit {
  perPayout: bigint;
  daily: bigint;
}

export interface SignerConfig {
  /** Names this process in the payouts it signs and on the admins' panel. */
  id: string;
  databaseUrl: string;
  mnemonic: string;
  chain: ChainConfig;
  /** Per asset, in the coin's smallest unit once its decimals are known: see `limitUnits`. */
  limits: Record<'btc' | 'eth' | 'usdt', { perPayout: string; daily: string }>;
  pollMs: number;
  /** A sent transaction in no block for this long is broadcast again (a node that dropped it). */
  rebroadcastSeconds: number;
  /** A hot transaction in no block this long after it was signed is replaced at a higher fee. */
  replaceSeconds: number;
  /** Bitcoin fee rate bounds, sat/vB: estimatesmartfee's answer is clamped to them. */
  feeRate: { floor: number; ceiling: number };
  /** The most an EVM payout may pay per gas (maxFeePerGas), in gwei. */
  maxFeeGwei: number;
  /**
   * The offline (cold) wallet payouts above the hot limits are paid from: a BIP84 account key with
   * its master key's fingerprint (what PSBTs name), and an EVM address. Public only; null: none.
   */
  cold: { bitcoin: { accountXpub: string; fingerprint: number } | null; evmAddress: string | null };
  /** Fault injection for the crash tests: 'exit-after-sign' kills the process between signing and broadcasting. */
  fault: 'exit-after-sign' | null;
}

const amount = z.string().regex(/^\d+(\.\d+)?$/, { error: 'must be a decimal amount of the coin, e.g. 0.5' });

const schema = z.object({
  SIGNER_MNEMONIC_FILE: z.string({ error: 'is required: the file holding the hot wallet mnemonic' }).min(1, { error: 'is required: the file holding the hot wallet mnemonic' }),
  SIGNER_DATABASE_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  SIGNER_ID: z.string().optional(),
  SIGNER_POLL_MS: int(100, 3_600_000).default(2_000),
  SIGNER_REBROADCAST_SECONDS: int(1, 86_400).default(120),
  SIGNER_REPLACE_SECONDS: int(0, 7 * 86_400).default(1_800),
  // Nothing is paid hot unless a limit says so: with the defaults every payout waits for an offline signature.
  HOT_LIMIT_BTC: amount.default('0'),
  HOT_LIMIT_BTC_DAILY: amount.default('0'),
  HOT_LIMIT_ETH: amount.default('0'),
  HOT_LIMIT_ETH_DAILY: amount.default('0'),
  HOT_LIMIT_USDT: amount.default('0'),
  HOT_LIMIT_USDT_DAILY: amount.default('0'),
  BTC_FEE_RATE_FLOOR: int(1, 10_000).default(1),
  BTC_FEE_RATE_CEILING: int(1, 10_000).default(500),
  EVM_MAX_FEE_GWEI: int(1, 100_000).default(500),
  SIGNER_FAULT: z.enum(['exit-after-sign']).optional(),
  COLD_BITCOIN_XPUB: z.string().optional(),
  COLD_BITCOIN_FINGERPRINT: z.string().regex(/^[0-9a-fA-F]{8}$/, { error: 'must be the master key fingerprint, 8 hex digits' }).optional(),
  COLD_EVM_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be a 0x address of 40 hex digits' }).optional(),
});

/**
 * Reads the signer's settings; a ConfigError names what is wrong. The mnemonic is read from its file
 * here and nowhere else, and no message ever includes it.
 */
export function loadSignerConfig(env: NodeJS.ProcessEnv = process.env): SignerConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid signer configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const e = parsed.data;
  const databaseUrl = e.SIGNER_DATABASE_URL ?? e.DATABASE_URL;
  // The embedded database belongs to the server's process: the signer needs a PostgreSQL server.
  if (!databaseUrl) throw new ConfigError('Invalid signer configuration:\n  SIGNER_DATABASE_URL: is required (a PostgreSQL login in the halcyon_signer role; DATABASE_URL is used if unset)');
  if (Boolean(e.COLD_BITCOIN_XPUB) !== Boolean(e.COLD_BITCOIN_FINGERPRINT)) throw new ConfigError('Invalid signer configuration:\n  COLD_BITCOIN_FINGERPRINT: COLD_BITCOIN_XPUB and COLD_BITCOIN_FINGERPRINT go together');
  if (e.BTC_FEE_RATE_FLOOR > e.BTC_FEE_RATE_CEILING) throw new ConfigError('Invalid signer configuration:\n  BTC_FEE_RATE_FLOOR: must not be above BTC_FEE_RATE_CEILING');
  let mnemonic: string;
  try {
    mnemonic = readFileSync(e.SIGNER_MNEMONIC_FILE, 'utf8').trim().split(/\s+/).join(' ');
  } catch (error) {
    throw new ConfigError(`Invalid signer configuration:\n  SIGNER_MNEMONIC_FILE: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return {
    id: e.SIGNER_ID ?? `${hostname()}:${process.pid}`,
    databaseUrl,
    mnemonic,
    chain: loadConfig(env).chain,
    limits: {
      btc: { perPayout: e.HOT_LIMIT_BTC, daily: e.HOT_LIMIT_BTC_DAILY },
      eth: { perPayout: e.HOT_LIMIT_ETH, daily: e.HOT_LIMIT_ETH_DAILY },
      usdt: { perPayout: e.HOT_LIMIT_USDT, daily: e.HOT_LIMIT_USDT_DAILY },
    },
    pollMs: e.SIGNER_POLL_MS,
    rebroadcastSeconds: e.SIGNER_REBROADCAST_SECONDS,
    replaceSeconds: e.SIGNER_REPLACE_SECONDS,
    feeRate: { floor: e.BTC_FEE_RATE_FLOOR, ceiling: e.BTC_FEE_RATE_CEILING },
    maxFeeGwei: e.EVM_MAX_FEE_GWEI,
    cold: {
      bitcoin: e.COLD_BITCOIN_XPUB && e.COLD_BITCOIN_FINGERPRINT ? { accountXpub: e.COLD_BITCOIN_XPUB, fingerprint: Number.parseInt(e.COLD_BITCOIN_FINGERPRINT, 16) } : null,
      evmAddress: e.COLD_EVM_ADDRESS ?? null,
    },
    fault: e.SIGNER_FAULT ?? null,
  };
}

/** An asset's hot limits in its smallest unit. */
export function limitUnits(limit: { perPayout: string; daily: string }, decimals: number): HotLimit {
  return { perPayout: parseUnits(limit.perPayout, decimals), daily: parseUnits(limit.daily, decimals) };
}
