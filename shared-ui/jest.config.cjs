module.exports = require('../jest/preset.cjs')({ env: 'jsdom', rootDir: __dirname });
