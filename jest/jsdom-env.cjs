// jsdom without Node's fetch family breaks api-client's calls and FormData uploads: copy Node's
// globals in. And the worker's zxcvbn (zxcvbn/worker.cjs) on the sandbox's global.
const { TestEnvironment } = require('jest-environment-jsdom');
const zxcvbn = require('./zxcvbn/worker.cjs');

const forwarded = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'structuredClone', 'AbortController', 'AbortSignal'];

class JsdomWithNodeGlobals extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of forwarded) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    this.global.__workerZxcvbn = zxcvbn;
  }
}
module.exports = JsdomWithNodeGlobals;
