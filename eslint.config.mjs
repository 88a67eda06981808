import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Import layering (docs/server.md "Layers", docs/frontend.md "Imports"): in `files`, an import whose
 * specifier matches one of `forbidden` ([regex, why]) is an error. One entry per file set: a later
 * entry's options replace an earlier one's for the same file, so each set lists all its rules.
 */
const layer = (files, forbidden, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns: forbidden.map(([regex, message]) => ({ regex, message })) }] },
});
/** An import `depth` folders up (0: this folder) into one of `names`, a folder or a module: `../../screens/X`. */
const up = (depth, ...names) => `^${depth ? `(\\.\\./){${depth}}` : '\\./'}(${names.join('|')})(/|$)`;
/** From a folder's flat file, `../<something>`: a sibling folder (another feature). */
const SIBLING = '^\\.\\./(?!\\.\\./)';
const S = 'server/src';
const TOP = ['app', 'main', 'seed'];
const NOT_EACH_OTHER = [SIBLING, 'features do not import each other: move what they share to services/ (or ledger/, db/)'];
const NO_DB = [up(2, 'db'), 'features/ hold no SQL: a route calls a service (services/), which reads db/'];
const ROUTE_FILE = [up(2, ...TOP), 'routes are below app and seed'];
const MAPPING_FILE = [
  ['^\\./routes$', "a feature's mapping files do not import its routes"],
  [up(2, 'http', ...TOP), 'below routes: no http/ (throw the errors of errors.ts)'],
];
const SERVICES = [up(1, 'features', 'http', 'jobs', ...TOP), 'services are below routes: no features/, http/, jobs/'];
const serverLayers = [
  layer([`${S}/http/**/*.ts`], [[up(1, 'features', 'services', 'ledger', 'jobs', ...TOP), 'http/ is the route framework: it imports no feature, service or ledger']]),
  layer([`${S}/features/*/routes.ts`], [NOT_EACH_OTHER, ROUTE_FILE, NO_DB]),
  layer([`${S}/features/*/*.ts`], [NOT_EACH_OTHER, ...MAPPING_FILE, NO_DB], [`${S}/features/*/routes.ts`]),
  layer([`${S}/services/**/*.ts`], [SERVICES, ['^(@fastify/|fastify(/|$))', 'services take explicit deps (deps.ts: Pick<Deps, ...>), never Fastify, types included']]),
  layer([`${S}/jobs/**/*.ts`], [[up(1, 'features', 'services', 'http', ...TOP), 'jobs run the ledger: no features, services or http/']]),
  layer([`${S}/ledger/**/*.ts`], [[up(1, 'features', 'services', 'http', 'jobs', ...TOP), 'the ledger is below routes and services: it imports db/ and leaf modules only']]),
  layer([`${S}/db/**/*.ts`], [[up(1, 'ledger', 'features', 'services', 'http', 'jobs', 'auth', 'mail', 'storage', ...TOP), 'db/ is the lowest layer']]),
  layer([`${S}/chain/**/*.ts`], [[up(1, 'db', 'ledger', 'features', 'services', 'http', 'jobs', 'auth', 'mail', 'storage', ...TOP), 'chain/ talks to nodes (RPC, derivation, prices): no database, ledger or services']]),
  layer([`${S}/{auth,mail,storage}/**/*.ts`], [[up(1, 'ledger', 'features', 'services', 'http', 'jobs', ...TOP), 'leaf modules import db/ and each other only']]),
  layer([`${S}/{config,logger,errors}.ts`], [[up(0, 'ledger', 'features', 'services', 'http', 'jobs', ...TOP), 'leaf modules import db/ and each other only']]),
];
/** Code patterns a layer must not contain ([selector, why]); like `layer`, one entry per file set. */
const banned = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-syntax': ['error', ...patterns.map(([selector, message]) => ({ selector, message }))] },
});
const REQUEST_SERVER = ["MemberExpression[object.name='request'][property.name='server']", 'pass the context\'s `deps` (deps.ts) on, not request.server'];
// The time is the deps' clock (deps.ts), which a test can set: not the system's, read in passing.
const CLOCK = [
  ["CallExpression[callee.object.name='Date'][callee.property.name='now']", "read the time from deps.clock (deps.ts), not Date.now()"],
  ["NewExpression[callee.name='Date'][arguments.length=0]", 'read the time from deps.clock (deps.ts), not new Date()'],
];
const serverCode = [
  // Routes parse, authorize, call one service and map its answer: the SQL is in services/ (and ledger/, db/).
  banned([`${S}/features/**/*.ts`], [
    ["CallExpression[callee.property.name=/^(query|tx)$/]", 'features/ hold no SQL: a route calls a service (services/), which queries and opens transactions'],
    REQUEST_SERVER,
    ...CLOCK,
  ]),
  // The route framework reads through the stores below it (auth/, db/), never with SQL of its own.
  banned([`${S}/http/**/*.ts`], [["CallExpression[callee.property.name=/^(query|tx)$/]", 'http/ holds no SQL: read through auth/ or db/ (or a service)']]),
  // Services get what they use (deps.ts), not the Fastify instance as a service locator.
  banned([`${S}/services/**/*.ts`], [
    REQUEST_SERVER,
    ["TSImportType[source.value=/fastify/]", 'services take explicit deps (deps.ts), never Fastify, types included'],
    ...CLOCK,
  ]),
  // No import cycles: a module and what it imports can be loaded, read and moved one after the other.
  {
    files: [`${S}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts'], 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts'] })] },
    rules: { 'import-x/no-cycle': 'error' },
  },
];
const APPS = '{user-app,admin-app}/src';
const appLayers = [
  layer([`${APPS}/features/*/*.{ts,tsx}`], [
    [SIBLING, 'features do not import each other: move what they share to lib/ (or shared-ui, api-client)'],
    [up(2, 'screens', 'layout', 'App'), 'features may import lib/, never screens or the layout'],
  ]),
  layer([`${APPS}/lib/**/*.{ts,tsx}`], [[up(1, 'features', 'screens', 'layout', 'widgets', 'App'), 'lib/ is the lowest layer of an app']]),
];

/**
 * Package roles (docs/frontend.md "Packages"): which of our packages (and which api-client entry)
 * each may import. Its own rule, so it adds to the layering above instead of replacing it.
 */
const uses = (files, forbidden, ignores = []) => ({
  files,
  ignores,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: forbidden.map(([regex, message]) => ({ regex, message })) }] },
});
const TESTS = ['**/*.test.{ts,tsx}', '**/test/**', '**/src/testing/**'];
const SERVER_PACKAGES = ['^@halcyon/(?!api-client/contract$|test-kit(/chain)?$)', 'the server imports only the contract (@halcyon/api-client/contract)'];
const SIGNER_ONLY = [
  ['^(@scure/btc-signer|@scure/bip39|viem/accounts)(/|$)', 'private keys are derived and used in server/src/signer/ only'],
  ['^\\.{1,2}/(\\.\\./)*signer(/|$)', 'the signer is a process of its own: nothing else in the server imports server/src/signer/'],
];
const packageRules = [
  uses(['shared-ui/**/*.{ts,tsx}'], [['^@halcyon/', 'shared-ui is the design system: it imports nothing of ours (a business rule comes in as a prop, e.g. phoneRule)']]),
  uses(['api-client/src/contract/**/*.ts'], [
    ['^(\\.\\./)+(http|query|testing)(/|$)|^@halcyon/|^(react|jotai|@tanstack/.*)$', 'the contract is schemas and plain rules: no client, React or test code'],
  ]),
  // The seam (the state one per page) depends on nothing of ours: every copy of api-client a remote
  // may bring reads the same one.
  uses(['seam/**/*.ts'], [['^@halcyon/(?!seam$)', 'the seam imports nothing of ours (its session types are written out)'], ['^\\.\\./?session$|^\\./session$', 'import the session as @halcyon/seam: the federation shares it by that name']], ['seam/src/index.ts', ...TESTS]),
  uses(['api-client/src/http/**/*.ts'], [['^\\.\\./query(/|$)|^@halcyon/(?!seam$)|^(react|@tanstack/.*)$', 'the HTTP client has no React (hooks go in src/query, @halcyon/api-client/react); its state is the seam\'s (@halcyon/seam)']], TESTS),
  uses(['api-client/src/query/**/*.{ts,tsx}'], [['^\\.\\./http(/|$)', 'import the client as @halcyon/api-client/http: the federation shares it by that name (one session store)']]),
  uses(['server/**/*.ts'], [SERVER_PACKAGES]),
  // The private keys live in the signer's process only (issue 27): the rest of the server imports
  // neither the libraries that derive and sign with them nor the signer's modules.
  uses([`${S}/**/*.ts`], [SERVER_PACKAGES, ...SIGNER_ONLY], [`${S}/signer/**`]),
  uses(['{shell,user-app,admin-app,app-kit}/src/**/*.{ts,tsx}'], [
    ['^@halcyon/api-client/contract$', 'browser code imports @halcyon/api-client/model (no zod schemas in the bundle)'],
    ['^@halcyon/api-client/testing', 'test doubles are for tests only'],
  ], TESTS),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '**/@mf-types/**', '**/data/**', 'e2e/shots/**', 'e2e/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...serverLayers,
  ...serverCode,
  ...appLayers,
  ...packageRules,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
