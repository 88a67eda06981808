// The sign-in pages' build (no Module Federation): see signinConfig in mf-shared.cjs.
const { signinConfig } = require('../mf-shared.cjs');

module.exports = (env) => signinConfig({ dir: __dirname }, env);
