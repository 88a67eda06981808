// The kit's own tests: Node environment (child processes, sockets, PostgreSQL).
module.exports = require('../jest/preset.cjs')({ env: 'node', rootDir: __dirname });
