const preset = require('../jest/preset.cjs')({ env: 'jsdom', rootDir: __dirname });

module.exports = { ...preset, setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/test/setup.ts'] };
