import { ConfigError, loadConfig } from '../../src/config';

test('defaults are the documented ones', () => {
  const c = loadConfig({});
  expect(c).toMatchObject({
    port: 8080, host: '0.0.0.0', dataDir: `${process.cwd()}/data`, databaseUrl: undefined, dbPoolSize: 10, adminRegistration: 'invite',
    corsOrigins: [], brand: 'Halcyon', apiBaseUrl: '/api', userAppUrl: '/remotes/user-app/mf-manifest.json',
    adminAppUrl: '/remotes/admin-app/mf-manifest.json', logLevel: 'info', seedDemo: false, maturityIntervalMs: 60_000,
    uploadMaxBytes: 5 * 1024 * 1024, bodyLimitBytes: 1024 * 1024, rateLimits: { login: 10, register: 5, reset: 5 },
  });
});

test('values are parsed: numbers, lists, flags, lower-cased admin email', () => {
  const c = loadConfig({ PORT: '3000', CORS_ORIGINS: 'https://a.example, https://b.example', SEED_DEMO: '1', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Lantern-Admin-7391', DATABASE_URL: 'postgres://u@h/db' });
  expect(c).toMatchObject({ port: 3000, corsOrigins: ['https://a.example', 'https://b.example'], seedDemo: true, adminEmail: 'boss@example.com', databaseUrl: 'postgres://u@h/db' });
});

test('every bad variable is named in one clear error', () => {
  const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_REGISTRATION: 'anyone', TOKEN_SECRET: 'short' });
  expect(attempt).toThrow(ConfigError);
  expect(attempt).toThrow(
    [
      'Invalid configuration:',
      '  PORT: must be a number',
      '  DATABASE_URL: must start with postgres:// or postgresql://',
      '  ADMIN_REGISTRATION: must be invite or open',
      '  TOKEN_SECRET: must be at least 32 characters',
    ].join('\n'),
  );
});

test('a relative DATA_DIR is taken from where the command was run (INIT_CWD), an absolute one as is', () => {
  expect(loadConfig({ INIT_CWD: '/srv/halcyon' }).dataDir).toBe('/srv/halcyon/data');
  expect(loadConfig({ INIT_CWD: '/srv/halcyon', DATA_DIR: '/var/lib/halcyon' }).dataDir).toBe('/var/lib/halcyon');
});

test('ADMIN_EMAIL without ADMIN_PASSWORD is refused', () => {
  expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com' })).toThrow('ADMIN_PASSWORD: is required when ADMIN_EMAIL is set');
});

test('upload and request limits (issue 15 item 10): documented defaults, parsed values, bad values named', () => {
  expect(loadConfig({})).toMatchObject({
    uploadQuotaBytes: 50 * 1024 * 1024, uploadMaxPerHour: 60, uploadGraceHours: 24, uploadSweepIntervalMs: 600_000,
    requestLimits: { maxPendingDeposits: 5, maxPendingWithdrawals: 5, maxDepositUsd: 1_000_000, maxWithdrawalUsd: 1_000_000 },
  });
  const c = loadConfig({
    UPLOAD_QUOTA_BYTES: '1000', UPLOAD_MAX_PER_HOUR: '7', UPLOAD_GRACE_HOURS: '48', UPLOAD_SWEEP_INTERVAL_MS: '0',
    MAX_PENDING_DEPOSITS: '2', MAX_PENDING_WITHDRAWALS: '3', MAX_DEPOSIT_USD: '5000', MAX_WITHDRAWAL_USD: '250',
  });
  expect(c).toMatchObject({
    uploadQuotaBytes: 1000, uploadMaxPerHour: 7, uploadGraceHours: 48, uploadSweepIntervalMs: 0,
    requestLimits: { maxPendingDeposits: 2, maxPendingWithdrawals: 3, maxDepositUsd: 5000, maxWithdrawalUsd: 250 },
  });
  expect(() => loadConfig({ UPLOAD_QUOTA_BYTES: 'lots', UPLOAD_GRACE_HOURS: '0', MAX_PENDING_DEPOSITS: '0', MAX_DEPOSIT_USD: '1.5' })).toThrow(
    [
      'Invalid configuration:',
      '  UPLOAD_QUOTA_BYTES: must be a number',
      '  UPLOAD_GRACE_HOURS: must be at least 1',
      '  MAX_PENDING_DEPOSITS: must be at least 1',
      '  MAX_DEPOSIT_USD: must be a whole number',
    ].join('\n'),
  );
});

test('TRUST_PROXY is nobody, a hop count or the proxies\' addresses, never every hop', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16, ::1' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
  // `true` (or `yes`) meant every hop: a client's own X-Forwarded-For entry became its IP.
  expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY: must be a hop count (1 for one proxy) or the proxies\' addresses');
  expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY: must be a hop count or IP addresses/CIDR ranges (not "10.0.0.0/33")');
  expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow('(not "proxy.internal")');
  expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow('TRUST_PROXY: must be at most 16 hops');
});
