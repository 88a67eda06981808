import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { newPassword, PAYOUT_COOLDOWN_HOURS } from '@halcyon/api-client/contract';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''], { error: 'must be 1/0/true/false' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
export const int = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(min, { error: `must be at least ${min}` }).max(max, { error: `must be at most ${max}` });
const url = z.url({ error: 'must be a URL' });
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * TRUST_PROXY: whose X-Forwarded-For the server believes for the client's IP (rate limits, alerts).
 * Empty/`0`: nobody's. A hop count: that many proxies in front (`1` for one nginx). Or the
 * proxies' addresses, comma-separated (`10.0.0.5, 10.1.0.0/16`). Never every hop: a client could
 * then put any address first in the header and escape every per-IP limit.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === '0' || value === 'false' || value === 'no') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 16) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be at most 16 hops' });
    return z.NEVER;
  }
  if (value === 'true' || value === 'yes') {
    ctx.addIssue({ code: 'custom', message: 'must be a hop count (1 for one proxy) or the proxies\' addresses: true would believe any X-Forwarded-For a client sends' });
    return z.NEVER;
  }
  const addresses = value.split(',').map((a) => a.trim()).filter(Boolean);
  const bad = addresses.find((a) => !isProxyAddress(a));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `must be a hop count or IP addresses/CIDR ranges (not "${bad}")` });
    return z.NEVER;
  }
  return addresses;
});

/** An IP address, or a CIDR range with a prefix that fits its family. */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be a 0x address of 40 hex digits' });
const BITCOIN_NETWORK_NAMES = ['mainnet', 'testnet', 'regtest', 'litecoin-regtest'] as const;

/** One watched chain: its node, the confirmations a payment needs, its explorer's transaction link ('' = none). */
interface ChainNodeConfig {
  rpcUrl: string;
  confirmations: number;
  explorerTxUrl: string;
}

/** The chains deposits are watched on (docs/chain.md "Configuration"); null: that chain stays on manual review. */
export interface ChainConfig {
  bitcoin: (ChainNodeConfig & { network: (typeof BITCOIN_NETWORK_NAMES)[number] }) | null;
  ethereum: ChainNodeConfig | null;
  bsc: (ChainNodeConfig & { usdtContract: string }) | null;
  /** Chainlink aggregators for BTC/USD and ETH/USD on the Ethereum node; older rounds than maxAgeSeconds are refused. */
  prices: { btcFeed: string; ethFeed: string; maxAgeSeconds: number };
  quoteMinutes: number;
  /** How often each follower reads its chain. */
  pollMs: number;
  /** How often the reserves are measured (chain/reserves.ts); 0: never. */
  reservesIntervalMs: number;
  /** A follower's run counts as dead after this (its process killed): the singleton is free again. */
  followerExpireSeconds: number;
  /** A payment valued below this is recorded for the admins, not credited. */
  dustCents: number;
  /** Approved withdrawals on a watched chain are paid out on it by the signer (docs/chain.md "Payouts"). */
  payouts: boolean;
}

/** Connections per process that pipeline single statements (db/pipelined-lanes.ts), besides the pool. */
export const DEFAULT_PIPELINE_LANES = 2;

/** Every environment variable the server reads, with its default. Documented in docs/server.md. */
const EnvSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })),
  DB_POOL_SIZE: int(1, 500).default(10),
  DB_PIPELINE_LANES: int(0, 16).default(DEFAULT_PIPELINE_LANES),
  ADMIN_EMAIL: optional(z.email({ error: 'must be an email address' })),
  // The rule every new password meets (length and not guessable), so the first admin is no weak spot.
  ADMIN_PASSWORD: optional(newPassword),
  ADMIN_REGISTRATION: z.enum(['invite', 'open'], { error: 'must be invite or open' }).default('invite'),
  TOKEN_SECRET: optional(z.string().min(32, { error: 'must be at least 32 characters' })),
  CORS_ORIGINS: z.string().default(''),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })),
  MAIL_FROM: z.string().default('Halcyon <no-reply@halcyon.local>'),
  BRAND: z.string().min(1).default('Halcyon'),
  PUBLIC_URL: optional(url),
  API_BASE_URL: z.string().min(1).default('/api'),
  USER_APP_URL: z.string().min(1).default('/remotes/user-app/mf-manifest.json'),
  ADMIN_APP_URL: z.string().min(1).default('/remotes/admin-app/mf-manifest.json'),
  STATIC_ROOT: optional(z.string()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  SEED_DEMO: bool.default(false),
  MATURITY_INTERVAL_MS: int(0, 86_400_000).default(60_000),
  LEDGER_SEAL_INTERVAL_MS: int(0, 86_400_000).default(5_000),
  JOBS_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'must be a lowercase SQL name' }).default('pgboss'),
  JOB_POLL_INTERVAL_MS: int(500, 600_000).default(2_000),
  JOB_MAINTENANCE_INTERVAL_SECONDS: int(1, 3_600).default(30),
  MAIL_RETRY_LIMIT: int(0, 100).default(8),
  MAIL_RETRY_DELAY_SECONDS: int(1, 86_400).default(30),
  UPLOAD_MAX_BYTES: int(1, 100 * 1024 * 1024).default(5 * 1024 * 1024),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  UPLOAD_QUOTA_BYTES: int(1, Number.MAX_SAFE_INTEGER).default(50 * 1024 * 1024),
  UPLOAD_MAX_PER_HOUR: int(1, 1_000_000_000).default(60),
  UPLOAD_GRACE_HOURS: int(1, 24 * 365).default(24),
  UPLOAD_SWEEP_INTERVAL_MS: int(0, 86_400_000).default(600_000),
  MAX_PENDING_DEPOSITS: int(1, 1_000_000_000).default(5),
  MAX_PENDING_WITHDRAWALS: int(1, 1_000_000_000).default(5),
  MAX_DEPOSIT_USD: int(1, 1_000_000_000_000).default(1_000_000),
  MAX_WITHDRAWAL_USD: int(1, 1_000_000_000_000).default(1_000_000),
  SESSION_IDLE_HOURS: int(0, 24 * 365).default(72),
  PAYOUT_COOLDOWN_HOURS: int(0, 24 * 30).default(PAYOUT_COOLDOWN_HOURS),
  PASSWORD_CHANGE_WITHDRAWAL_PAUSE_HOURS: int(0, 24 * 30).default(24),
  RATE_LIMIT_LOGIN: int(0, 1_000_000).default(10),
  RATE_LIMIT_LOGIN_ACCOUNT: int(0, 1_000_000).default(20),
  RATE_LIMIT_LOGIN_IP: int(0, 1_000_000).default(20),
  RATE_LIMIT_REGISTER: int(0, 1_000_000).default(5),
  RATE_LIMIT_RESET: int(0, 1_000_000).default(5),
  RATE_LIMIT_RESET_IP: int(0, 1_000_000).default(20),
  RATE_LIMIT_2FA: int(0, 1_000_000).default(10),
  REQUIRE_ADMIN_2FA: bool.default(false),
  REQUIRE_ADMIN_PASSKEY: bool.default(false),
  WEBAUTHN_RP_ID: optional(z.string().regex(/^[a-z0-9.-]+$/i, { error: 'must be a host name such as halcyon.example (no scheme, no port)' })),
  WEBAUTHN_ORIGINS: optional(z.string()),
  TOTP_MAX_FAILURES: int(1, 1000).default(5),
  TOTP_LOCK_MINUTES: int(1, 24 * 60 * 7).default(60),
  HASH_CONCURRENCY: int(1, 64).default(4),
  WORKERS: int(1, 64).default(1),
  MAX_EVENT_LOOP_DELAY_MS: int(0, 60_000).default(1000),
  MAX_EVENT_LOOP_UTILIZATION: z.coerce.number({ error: 'must be a number' }).min(0, { error: 'must be at least 0' }).max(1, { error: 'must be at most 1' }).default(0.98),
  HASH_QUEUE: int(0, 100_000).default(32),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })),
  /** Where CONFIG GET is refused (managed Redis): 1 says its maxmemory-policy is noeviction (limits/redis-store.ts). */
  REDIS_ASSUME_NOEVICTION: bool.default(false),
  TRUST_PROXY: trustProxy.default(false),
  // The chains deposits are watched on (docs/chain.md); a chain without its RPC URL stays on manual review.
  BITCOIN_RPC_URL: optional(url),
  BITCOIN_NETWORK: z.enum(BITCOIN_NETWORK_NAMES, { error: `must be one of ${BITCOIN_NETWORK_NAMES.join(', ')}` }).default('mainnet'),
  ETHEREUM_RPC_URL: optional(url),
  BSC_RPC_URL: optional(url),
  BSC_USDT_CONTRACT: optional(evmAddress),
  CONFIRMATIONS_BTC: int(1, 1000).default(3),
  CONFIRMATIONS_ETH: int(1, 1000).default(12),
  CONFIRMATIONS_BSC: int(1, 1000).default(15),
  // Chainlink's mainnet BTC/USD and ETH/USD aggregators, read over ETHEREUM_RPC_URL.
  PRICE_FEED_BTC_USD: evmAddress.default('0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c'),
  PRICE_FEED_ETH_USD: evmAddress.default('0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419'),
  PRICE_MAX_AGE_SECONDS: int(1, 7 * 86_400).default(3_600),
  QUOTE_MINUTES: int(1, 7 * 24 * 60).default(30),
  CHAIN_POLL_MS: int(100, 3_600_000).default(5_000),
  CHAIN_RESERVES_INTERVAL_MS: int(0, 86_400_000).default(600_000),
  CHAIN_FOLLOWER_EXPIRE_SECONDS: int(5, 3_600).default(60),
  DEPOSIT_DUST_CENTS: int(1, 100_000_000).default(100),
  CHAIN_PAYOUTS: bool.default(false),
  EXPLORER_TX_URL_BITCOIN: z.string().default('https://mempool.space/tx/{txid}'),
  EXPLORER_TX_URL_ETHEREUM: z.string().default('https://etherscan.io/tx/{txid}'),
  EXPLORER_TX_URL_BSC: z.string().default('https://bscscan.com/tx/{txid}'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /** Connections pipelining single statements, besides the pool (db/pipelined-lanes.ts); 0: none. */
  dbPipelineLanes: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminRegistration: 'invite' | 'open';
  tokenSecret: string | undefined;
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  brand: string;
  /** Origin used in emailed links; default: the request's own origin. */
  publicUrl: string | undefined;
  apiBaseUrl: string;
  userAppUrl: string;
  adminAppUrl: string;
  /** Folder holding shell/, user-app/, admin-app/ (each with dist/); default: the repository root. */
  staticRoot: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  seedDemo: boolean;
  /** 0 disables the periodic maturity run (it still runs once at start). */
  maturityIntervalMs: number;
  /** Period of the ledger sealing job (docs/ledger.md "Seals"); 0: only once at start. */
  ledgerSealIntervalMs: number;
  /**
   * The job queue (pg-boss; docs/server.md "Jobs"): its PostgreSQL schema, how often each process
   * polls for due jobs, and how often (with exponential backoff from the first delay) a mail is retried.
   */
  jobs: { schema: string; pollIntervalMs: number; mailRetryLimit: number; mailRetryDelaySeconds: number; maintenanceIntervalSeconds: number };
  uploadMaxBytes: number;
  bodyLimitBytes: number;
  /** Upload spam (security.md): stored bytes per user, uploads per user per hour, hours an unreferenced upload is kept. */
  uploadQuotaBytes: number;
  uploadMaxPerHour: number;
  uploadGraceHours: number;
  /** Period of the unreferenced-upload sweep; 0 disables it. */
  uploadSweepIntervalMs: number;
  /**
   * Payout safety (docs/security.md "Payout addresses"): hours before a payout destination saved
   * after the first approved deposit may be used, and withdrawals pause after a password change; 0 = off.
   */
  payoutSafety: { cooldownHours: number; passwordPauseHours: number };
  /** A session unused this many hours ends (docs/security.md "Sessions"); 0 = never. */
  sessionIdleHours: number;
  /** Request spam (security.md): open requests per user and the largest single request, in whole USD. */
  requestLimits: { maxPendingDeposits: number; maxPendingWithdrawals: number; maxDepositUsd: number; maxWithdrawalUsd: number };
  /**
   * Budgets (server/src/limits/budgets.ts; 0 disables one): login per IP and email a minute, per
   * email an hour, per IP 10 minutes; registrations per IP an hour; reset mails per address an hour,
   * reset requests per IP an hour.
   */
  rateLimits: { login: number; loginAccount: number; loginIp: number; register: number; reset: number; resetIp: number; secondFactor: number };
  /** Admin changes need a session that presented a second factor (docs/security.md "Two-factor"); the production setting. */
  requireAdmin2fa: boolean;
  /** Admin money decisions need a passkey assertion bound to each (docs/security.md "Passkeys"). */
  requireAdminPasskey: boolean;
  /**
   * WebAuthn's relying party: the host name passkeys belong to, and the page origins allowed to
   * use them. Default: PUBLIC_URL's, else localhost and http://localhost:PORT.
   */
  webauthn: { rpId: string; origins: string[] };
  /** This many wrong second-factor codes in a row lock the account's second factor for `lockMinutes`, and mail its owner. */
  secondFactorLock: { maxFailures: number; lockMinutes: number };
  /** Server processes (node:cluster) sharing PORT; more than 1 needs DATABASE_URL. */
  workers: number;
  /** Load shedding (@fastify/under-pressure): 503 OVERLOADED past these; 0 turns one off. */
  pressure: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number };
  /** Password hashes running at once in this process, and waiting before a 503. */
  hashing: { concurrency: number; queue: number };
  /** Where rate-limit counters live: Redis when set, else the database. */
  redisUrl: string | undefined;
  /**
   * When REDIS_URL's server refuses CONFIG GET maxmemory-policy: true keeps the counters in Redis
   * (the operator vouches for noeviction), false keeps them in the database (docs/security.md).
   */
  redisAssumeNoEviction: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (TRUST_PROXY above). */
  trustProxy: false | number | string[];
  chain: ChainConfig;
  /** scrypt cost N for new hashes (tests lower it; stored in each hash). */
  scryptCost: number;
  /**
   * Strict contract check (tests; default when NODE_ENV=test): a response with an undeclared key is
   * a 500 naming it, instead of leaving with the key dropped. A missing or mistyped field is a 500 always.
   */
  checkResponses: boolean;
}

/** WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS, or what PUBLIC_URL (else localhost:PORT) implies. */
function relyingParty(rpId: string | undefined, origins: string | undefined, publicUrl: string | undefined, port: number): Config['webauthn'] {
  const base = new URL(publicUrl ?? `http://localhost:${port}`);
  return {
    rpId: rpId ?? base.hostname,
    origins: origins ? origins.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean) : [base.origin],
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: is required when ADMIN_EMAIL is set');
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  WORKERS: more than 1 needs DATABASE_URL (the embedded PGlite database belongs to one process)');
  }
  if (e.BITCOIN_RPC_URL && !e.ETHEREUM_RPC_URL) {
    throw new ConfigError('Invalid configuration:\n  ETHEREUM_RPC_URL: is required when BITCOIN_RPC_URL is set (Bitcoin quotes are priced from Chainlink on Ethereum)');
  }
  if (e.BSC_RPC_URL && !e.BSC_USDT_CONTRACT) throw new ConfigError('Invalid configuration:\n  BSC_USDT_CONTRACT: is required when BSC_RPC_URL is set');
  return {
    port: e.PORT,
    host: e.HOST,
    // Relative to where the command was run (pnpm sets INIT_CWD), so `pnpm start`, `pnpm dev` and
    // `pnpm seed` at the root all use the same ./data although pnpm runs them in other folders.
    dataDir: e.DATA_DIR.startsWith('memory://') || isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbPipelineLanes: e.DB_PIPELINE_LANES,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    adminRegistration: e.ADMIN_REGISTRATION,
    tokenSecret: e.TOKEN_SECRET,
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    brand: e.BRAND,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    apiBaseUrl: e.API_BASE_URL,
    userAppUrl: e.USER_APP_URL,
    adminAppUrl: e.ADMIN_APP_URL,
    staticRoot: e.STATIC_ROOT,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    maturityIntervalMs: e.MATURITY_INTERVAL_MS,
    ledgerSealIntervalMs: e.LEDGER_SEAL_INTERVAL_MS,
    jobs: {
      schema: e.JOBS_SCHEMA, pollIntervalMs: e.JOB_POLL_INTERVAL_MS, mailRetryLimit: e.MAIL_RETRY_LIMIT, mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      maintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    uploadMaxPerHour: e.UPLOAD_MAX_PER_HOUR,
    uploadGraceHours: e.UPLOAD_GRACE_HOURS,
    uploadSweepIntervalMs: e.UPLOAD_SWEEP_INTERVAL_MS,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    payoutSafety: { cooldownHours: e.PAYOUT_COOLDOWN_HOURS, passwordPauseHours: e.PASSWORD_CHANGE_WITHDRAWAL_PAUSE_HOURS },
    requestLimits: {
      maxPendingDeposits: e.MAX_PENDING_DEPOSITS,
      maxPendingWithdrawals: e.MAX_PENDING_WITHDRAWALS,
      maxDepositUsd: e.MAX_DEPOSIT_USD,
      maxWithdrawalUsd: e.MAX_WITHDRAWAL_USD,
    },
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      loginAccount: e.RATE_LIMIT_LOGIN_ACCOUNT,
      loginIp: e.RATE_LIMIT_LOGIN_IP,
      register: e.RATE_LIMIT_REGISTER,
      reset: e.RATE_LIMIT_RESET,
      resetIp: e.RATE_LIMIT_RESET_IP,
      secondFactor: e.RATE_LIMIT_2FA,
    },
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA,
    secondFactorLock: { maxFailures: e.TOTP_MAX_FAILURES, lockMinutes: e.TOTP_LOCK_MINUTES },
    requireAdminPasskey: e.REQUIRE_ADMIN_PASSKEY,
    webauthn: relyingParty(e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGINS, e.PUBLIC_URL, e.PORT),
    hashing: { concurrency: e.HASH_CONCURRENCY, queue: e.HASH_QUEUE },
    workers: e.WORKERS,
    pressure: { maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS, maxEventLoopUtilization: e.MAX_EVENT_LOOP_UTILIZATION },
    redisUrl: e.REDIS_URL,
    redisAssumeNoEviction: e.REDIS_ASSUME_NOEVICTION,
    trustProxy: e.TRUST_PROXY,
    chain: {
      bitcoin: e.BITCOIN_RPC_URL ? { rpcUrl: e.BITCOIN_RPC_URL, network: e.BITCOIN_NETWORK, confirmations: e.CONFIRMATIONS_BTC, explorerTxUrl: e.EXPLORER_TX_URL_BITCOIN } : null,
      ethereum: e.ETHEREUM_RPC_URL ? { rpcUrl: e.ETHEREUM_RPC_URL, confirmations: e.CONFIRMATIONS_ETH, explorerTxUrl: e.EXPLORER_TX_URL_ETHEREUM } : null,
      bsc: e.BSC_RPC_URL && e.BSC_USDT_CONTRACT ? { rpcUrl: e.BSC_RPC_URL, usdtContract: e.BSC_USDT_CONTRACT, confirmations: e.CONFIRMATIONS_BSC, explorerTxUrl: e.EXPLORER_TX_URL_BSC } : null,
      prices: { btcFeed: e.PRICE_FEED_BTC_USD, ethFeed: e.PRICE_FEED_ETH_USD, maxAgeSeconds: e.PRICE_MAX_AGE_SECONDS },
      quoteMinutes: e.QUOTE_MINUTES,
      pollMs: e.CHAIN_POLL_MS,
      reservesIntervalMs: e.CHAIN_RESERVES_INTERVAL_MS,
      followerExpireSeconds: e.CHAIN_FOLLOWER_EXPIRE_SECONDS,
      dustCents: e.DEPOSIT_DUST_CENTS,
      payouts: e.CHAIN_PAYOUTS,
    },
    scryptCost: 16384,
    checkResponses: env.NODE_ENV === 'test',
    ...overrides,
  };
}
