// The shared preset plus the server's own ESM-only dependencies (pulled in by @fastify/static etc.).
const base = require('../jest/preset.cjs')({ env: 'node', rootDir: __dirname });

const esmDeps = ['file-type', 'strtok3', 'token-types', 'peek-readable', 'uint8array-extras', '@tokenizer', 'cookie', 'content-disposition', '@borewit', 'otplib', '@otplib', '@scure', '@noble', 'micro-packed'];
module.exports = {
  ...base,
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmDeps.join('|')})[@/+])`],
  testTimeout: 30_000,
  // One migrated template per run, copied by each file (test/template.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // The chain tests need the run's nodes and run one file at a time: jest.chain.config.cjs.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/chain/'],
};
