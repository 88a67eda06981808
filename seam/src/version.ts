/**
 * The seam's version: what a remote may take from the page it runs in. A remote records the
 * version it was built against as its requiredVersion of @halcyon/seam (`^x.y.z`, mf-shared.cjs);
 * the shell refuses one it cannot serve (shell/src/federation/seamCheck.ts, with the federation
 * runtime's semver `satisfy`). Minor: additions only;
 * major: anything a remote could notice (docs/deploying.md "Compatibility").
 */
export const SEAM_VERSION = '1.0.0'; // = package.json's version (version.test.ts)
