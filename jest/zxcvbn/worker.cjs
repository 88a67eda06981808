// zxcvbn for a whole jest worker, not once per test file (jest/preset.cjs). Each test file gets a
// fresh module registry, so the password rule (api-client/src/contract/rules/password.ts) built
// its estimator again in every file: about 0.56 s of CPU for the ranked dictionaries and 0.2 s to
// load them, in some 110 server and shell test files per run. Loaded here, in the worker's own
// realm, the packages and each estimator are made once per worker: ../node-env.cjs and
// ../jsdom-env.cjs put them on each file's global, and core.cjs and the language files beside
// this one are what the packages resolve to in jest. An estimator is not changed by a check, so
// no file sees another's use of it. The rule and the library are the real ones.
const path = require('node:path');

const from = { paths: [path.join(__dirname, '../../api-client')] };
const load = (name) => require(require.resolve(name, from));

const real = load('@zxcvbn-ts/core');
const built = [];

/**
 * The estimator for these options, built on first use. The same options: the same plain values,
 * the same objects (translations, graphs: the worker's, so the same in every file) and a
 * dictionary with the same lists.
 */
class ZxcvbnFactory {
  constructor(options = {}, ...rest) {
    if (rest.length) return new real.ZxcvbnFactory(options, ...rest);
    const { dictionary = {}, ...others } = options;
    const parts = [...Object.entries(others), ...Object.entries(dictionary).map(([k, v]) => [`dictionary.${k}`, v])].sort(([a], [b]) => (a < b ? -1 : 1));
    const same = (entry) => entry.parts.length === parts.length && entry.parts.every(([k, v], i) => parts[i][0] === k && parts[i][1] === v);
    let entry = built.find(same);
    if (!entry) built.push((entry = { parts, estimator: rememberingVerdicts(new real.ZxcvbnFactory(options)) }));
    return entry.estimator;
  }
}

/**
 * The estimator, with each password's verdict kept for the worker's life: the server tests register
 * hundreds of investors with the same password, and a check costs 40–60 ms of CPU (about 15 s a
 * run). A verdict depends only on the password and the estimator's options (checks with user
 * inputs are not kept); it is frozen, so a caller that changed it would fail rather than pass
 * another file a different verdict.
 */
function rememberingVerdicts(estimator) {
  const verdicts = new Map();
  const check = (password, userInputs) => {
    if (userInputs !== undefined) return estimator.check(password, userInputs);
    let verdict = verdicts.get(password);
    if (!verdict) verdicts.set(password, (verdict = deepFreeze(estimator.check(password))));
    return verdict;
  };
  return new Proxy(estimator, { get: (target, key) => (key === 'check' ? check : Reflect.get(target, key)) });
}

function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

module.exports = {
  core: { ...real, ZxcvbnFactory },
  'language-common': load('@zxcvbn-ts/language-common'),
  'language-en': load('@zxcvbn-ts/language-en'),
};
