import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

// The layering of eslint.config.mjs (docs/server.md "Layers", docs/frontend.md): each snippet is
// linted as if it were the named file, by the repository's real config; a refusal is an error of
// the import layering, the banned code patterns or the import cycle rule.
const ROOT = resolve(__dirname, '../../..');

// ESLint runs in a child process: it loads its flat config with a native import(), outside Jest.
const LINT = `
import { ESLint } from 'eslint';
const eslint = new ESLint({ cwd: process.cwd() });
const RULES = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax', 'import-x/no-cycle'];
const out = [];
for (const [file, code] of JSON.parse(process.argv[1])) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out.push(result.messages.filter((m) => RULES.includes(m.ruleId)).length);
}
process.stdout.write(JSON.stringify(out));
`;

/** [file the snippet pretends to be, import line, whether the layering refuses it] */
const CASES: Array<[string, string, boolean]> = [
  // server: routes → services → ledger → db; http/ imports no feature; features not each other
  ['server/src/http/authenticate.ts', "import { x } from '../features/users/routes';", true],
  ['server/src/http/authenticate.ts', "import { x } from '../db/users';", false],
  ['server/src/http/authenticate.ts', "export const f = (db: { query(s: string): unknown }) => db.query('SELECT 1');", true],
  ['server/src/features/users/routes.ts', "import { x } from '../auth/routes';", true],
  ['server/src/features/users/routes.ts', "import { x } from './columns';", false],
  ['server/src/features/users/routes.ts', "import { x } from '../../services/profile';", false],
  // features hold no SQL: no db/ import, no query or transaction, no service locator
  ['server/src/features/users/routes.ts', "import { x } from '../../db/users';", true],
  ['server/src/features/users/routes.ts', "export const f = (db: { query(s: string): unknown }) => db.query('SELECT 1');", true],
  ['server/src/features/users/routes.ts', 'export const f = (db: { tx(f: () => unknown): unknown }) => db.tx(() => 1);', true],
  ['server/src/features/users/routes.ts', 'export const f = (request: { server: unknown }) => request.server;', true],
  ['server/src/features/users/routes.ts', 'export const f = (deps: { cursors: unknown }) => deps.cursors;', false],
  ['server/src/features/investments/columns.ts', "import { x } from '../plans/columns';", true],
  ['server/src/features/investments/columns.ts', "import { x } from './routes';", true],
  ['server/src/features/investments/columns.ts', "import { x } from '../../http/define-route';", true],
  ['server/src/features/investments/columns.ts', "import { x } from '../../ledger/transfer';", false],
  ['server/src/services/profile.ts', "import { x } from '../features/users/routes';", true],
  // services take explicit deps, never the Fastify instance
  ['server/src/services/profile.ts', "import type { FastifyInstance } from 'fastify';", true],
  ['server/src/services/profile.ts', "export type A = import('fastify').FastifyInstance;", true],
  ['server/src/services/profile.ts', 'export const f = (request: { server: unknown }) => request.server;', true],
  ['server/src/services/profile.ts', "import type { Deps } from '../deps';", false],
  // the time comes from deps.clock
  ['server/src/services/profile.ts', 'export const t = Date.now();', true],
  ['server/src/services/profile.ts', 'export const t = new Date();', true],
  ['server/src/services/profile.ts', "export const t = new Date('2026-01-01');", false],
  ['server/src/features/users/routes.ts', 'export const t = Date.now();', true],
  // no import cycles (password-reset.ts imports alerts.ts)
  ['server/src/services/alerts.ts', "import { sendResetLink } from './password-reset';", true],
  ['server/src/services/alerts.ts', "import { publicOrigin } from './public-origin';", false],
  ['server/src/ledger/transfer.ts', "import { x } from '../http/errors';", true],
  ['server/src/ledger/transfer.ts', "import { x } from '../services/deposits';", true],
  ['server/src/ledger/transfer.ts', "import { x } from '../db/types';", false],
  ['server/src/ledger/transfer.ts', "import { x } from '../errors';", false],
  ['server/src/db/pglite.ts', "import { x } from '../ledger/money';", true],
  ['server/src/jobs/maturity.ts', "import { x } from '../services/investments';", true],
  ['server/src/errors.ts', "import { x } from './http/define-route';", true],
  // apps: no cross-feature imports; features import lib, never screens; lib imports neither
  ['user-app/src/features/profile/PictureUpload.tsx', "import { x } from '../account/AccountMenu';", true],
  ['user-app/src/features/profile/PictureUpload.tsx', "import { x } from '../../screens/Profile';", true],
  ['user-app/src/features/profile/PictureUpload.tsx', "import { x } from '../../lib/Avatar';", false],
  ['user-app/src/features/profile/PictureUpload.tsx', "import { x } from './useSaveProfile';", false],
  ['admin-app/src/features/users/usersColumns.tsx', "import { x } from '../traders/queries';", true],
  ['admin-app/src/lib/format.ts', "import { x } from '../features/users/queries';", true],
  ['admin-app/src/screens/AllUsersScreen.tsx', "import { x } from '../features/users/queries';", false],
  // packages by role (docs/architecture.md): the design system imports nothing of ours; the
  // contract has no client; the client has no React; the server takes only the contract; browser
  // code takes the zod-free model
  ['shared-ui/src/Button.tsx', "import { x } from '@halcyon/api-client/http';", true],
  ['shared-ui/src/Button.tsx', "import { x } from 'styled-components';", false],
  ['api-client/src/contract/requests.ts', "import { x } from '../http/http';", true],
  ['api-client/src/http/http.ts', "import { x } from '@tanstack/react-query';", true],
  ['api-client/src/query/hooks.ts', "import { x } from '../http/session';", true],
  ['api-client/src/query/hooks.ts', "import { x } from '@halcyon/api-client/http';", false],
  ['server/src/services/profile.ts', "import { x } from '@halcyon/shared-ui';", true],
  ['server/src/services/profile.ts', "import { x } from '@halcyon/api-client/contract';", false],
  ['user-app/src/screens/Dashboard.tsx', "import { x } from '@halcyon/api-client/contract';", true],
  ['user-app/src/screens/Dashboard.tsx', "import { x } from '@halcyon/api-client/model';", false],
];

test('the import layering refuses exactly the imports it should', () => {
  const counts = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', LINT, JSON.stringify(CASES.map(([file, code]) => [file, code]))], { cwd: ROOT, encoding: 'utf8' }),
  ) as number[];
  const got = CASES.map(([file, code], i) => [file, code, (counts[i] ?? 0) > 0]);
  expect(got).toEqual(CASES);
}, 60_000);
