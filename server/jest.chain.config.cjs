// The chain tests (test/chain, docs/chain.md): the server's setup plus the run's chain nodes,
// started once by the global setup and shared by the files, which run one at a time (they mine
// and reorganise the same chains, and count confirmations).
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  testPathIgnorePatterns: ['/node_modules/'],
  testMatch: ['<rootDir>/test/chain/**/*.test.ts'],
  globalSetup: '<rootDir>/test/chain/global-setup.ts',
  globalTeardown: '<rootDir>/test/chain/global-teardown.ts',
  maxWorkers: 1,
};
