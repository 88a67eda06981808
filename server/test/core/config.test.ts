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
  const c = loadConfig({ PORT: '3000', CORS_ORIGINS: 'https://a.example, https://b.example', SEED_DEMO: '1', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Admin12345!', DATABASE_URL: 'postgres://u@h/db' });
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
