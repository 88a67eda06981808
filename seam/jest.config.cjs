module.exports = require('../jest/preset.cjs')({ env: 'node', rootDir: __dirname });
