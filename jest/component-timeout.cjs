/* global jest */
// Component tests type whole forms with user-event: on a loaded 2-core machine (`pnpm test` runs
// two steps at once) 5 s per test is too tight. Set here rather than as `testTimeout`: `pnpm test`
// runs every package as a project of one jest, which reads only the global testTimeout.
jest.setTimeout(20_000);
