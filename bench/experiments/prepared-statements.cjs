// Experiment, not product code: preloaded into the server (BENCH_SERVER_NODE_ARGS="--require
// bench/experiments/prepared-statements.cjs"), it turns every parameterized query into a named
// statement, so each pool connection parses and plans it once. Measured effect in bench/RESULTS.md.
const path = require('node:path');
const crypto = require('node:crypto');

const pg = require(require.resolve('pg', { paths: [path.join(__dirname, '..', '..', 'server')] }));
const names = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (typeof config === 'string' && Array.isArray(values)) {
    let name = names.get(config);
    if (!name) {
      // Same text, same name: node-pg prepares it once per connection and then only binds.
      name = `q${crypto.createHash('sha1').update(config).digest('hex').slice(0, 16)}`;
      names.set(config, name);
    }
    return original.call(this, { name, text: config, values }, callback);
  }
  return original.call(this, config, values, callback);
};
