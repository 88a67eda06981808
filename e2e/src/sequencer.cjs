// Runs the test files in a fixed, readable order instead of jest's duration-based one.
const Sequencer = require('@jest/test-sequencer').default;

const order = ['smoke', 'failures', 'investor', 'chain', 'admin', 'two-factor', 'passkeys', 'skew', 'screens'];
const rank = (p) => {
  const i = order.findIndex((name) => p.endsWith(`${name}.test.ts`));
  return i === -1 ? order.length : i;
};

module.exports = class FixedOrder extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
  }
};
