// Remote user_app: exposes ./App (its routes under the shell's router) and runs standalone in dev.
const { federatedConfig } = require('../mf-shared.cjs');

module.exports = (env) => federatedConfig({ dir: __dirname, name: 'user_app', exposes: { './App': './src/App.tsx' } }, env);
