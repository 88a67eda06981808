import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''], { error: 'must be 1/0/true/false' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const int = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(min, { error: `must be at least ${min}` }).max(max, { error: `must be at most ${max}` });
const url = z.url({ error: 'must be a URL' });
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Every environment variable the server reads, with its default. Documented in docs/server.md. */
const EnvSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })),
  DB_POOL_SIZE: int(1, 500).default(10),
  ADMIN_EMAIL: optional(z.email({ error: 'must be an email address' })),
  ADMIN_PASSWORD: optional(z.string().min(8, { error: 'must be at least 8 characters' })),
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
  UPLOAD_MAX_BYTES: int(1, 100 * 1024 * 1024).default(5 * 1024 * 1024),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  RATE_LIMIT_LOGIN: int(0, 1_000_000).default(10),
  RATE_LIMIT_REGISTER: int(0, 1_000_000).default(5),
  RATE_LIMIT_RESET: int(0, 1_000_000).default(5),
  TRUST_PROXY: bool.default(false),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Tests only: one PostgreSQL schema per test file. */
  databaseSchema: string | undefined;
  dbPoolSize: number;
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
  uploadMaxBytes: number;
  bodyLimitBytes: number;
  /** Requests per minute per IP and email; 0 disables that limit. */
  rateLimits: { login: number; register: number; reset: number };
  trustProxy: boolean;
  /** scrypt cost N for new hashes (tests lower it; stored in each hash). */
  scryptCost: number;
  /**
   * Strict contract check (tests; default when NODE_ENV=test): a response with an undeclared key is
   * a 500 naming it, instead of leaving with the key dropped. A missing or mistyped field is a 500 always.
   */
  checkResponses: boolean;
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
  return {
    port: e.PORT,
    host: e.HOST,
    // Relative to where the command was run (pnpm sets INIT_CWD), so `pnpm start`, `pnpm dev` and
    // `pnpm seed` at the root all use the same ./data although pnpm runs them in other folders.
    dataDir: e.DATA_DIR.startsWith('memory://') || isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: undefined,
    dbPoolSize: e.DB_POOL_SIZE,
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
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimits: { login: e.RATE_LIMIT_LOGIN, register: e.RATE_LIMIT_REGISTER, reset: e.RATE_LIMIT_RESET },
    trustProxy: e.TRUST_PROXY,
    scryptCost: 16384,
    checkResponses: env.NODE_ENV === 'test',
    ...overrides,
  };
}
