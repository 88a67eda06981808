const preset = require('../jest/preset.cjs')({ env: 'jsdom', rootDir: __dirname });

// Form tests type whole forms; on a loaded 2-core machine 5 s per test is too tight.
module.exports = { ...preset, setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'], testTimeout: 20000 };
