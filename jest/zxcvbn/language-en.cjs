// @zxcvbn-ts/language-en in jest: the worker's copy (worker.cjs), put on the sandbox's global by the test environment.
module.exports = globalThis.__workerZxcvbn['language-en'];
