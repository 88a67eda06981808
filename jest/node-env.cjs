// Node's test environment, plus the worker's zxcvbn (zxcvbn/worker.cjs) on the sandbox's global.
const { TestEnvironment } = require('jest-environment-node');
const zxcvbn = require('./zxcvbn/worker.cjs');

class NodeWithWorkerZxcvbn extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__workerZxcvbn = zxcvbn;
  }
}
module.exports = NodeWithWorkerZxcvbn;
