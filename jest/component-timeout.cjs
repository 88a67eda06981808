/* global jest */
// Component tests type whole forms with user-event: on a loaded 2-core machine (`pnpm test` runs
// two steps at once) 5 s per test is too tight. Set here rather than as `testTimeout`: `pnpm test`
// runs every package as a project of one jest, which reads only the global testTimeout.
jest.setTimeout(20_000);

// findBy*/waitFor give up after 1 s by default: on a loaded machine a lazily loaded chunk (the
// toast library, a screen) once took longer and the test failed on a screen that was right. 5 s
// only changes how long a failing test waits. (One @testing-library/react in the workspace: the
// package the tests import, resolved from a package that has it; by a name knip does not read as
// an import of the root's.)
const path = require('node:path');
const fromPackages = (name) => require(require.resolve(name, { paths: [path.join(__dirname, '../shell')] }));
fromPackages('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
