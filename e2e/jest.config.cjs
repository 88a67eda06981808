// Browser journeys: node environment, one process (one server, one browser at a time), long
// timeouts because every step waits on a real server and a real Chromium.
const base = require('../jest/preset.cjs')({ env: 'node', rootDir: __dirname });

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  testTimeout: 120_000,
  maxWorkers: 1,
  // Journeys first: they are the point of the suite; screens last (they also make the shots).
  testSequencer: '<rootDir>/src/sequencer.cjs',
};
