// Fault tests run against a real server process and PostgreSQL: one file at a time (--runInBand).
const preset = require('../jest/preset.cjs')({ env: 'node', rootDir: __dirname });
module.exports = { ...preset, testTimeout: 180_000, globalSetup: '<rootDir>/test/global-setup.ts', globalTeardown: '<rootDir>/test/global-teardown.ts' };
