const preset = require('../jest/preset.cjs')({ env: 'jsdom', rootDir: __dirname });

module.exports = { ...preset, setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/test/setup.ts'] };
