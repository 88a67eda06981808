// `@halcyon/seam`: what the shell and its remotes hold as one instance per page. A Module
// Federation singleton (mf-shared.cjs) whose version is the interface's (version.ts). The QueryClient
// is its own entry, `@halcyon/seam/query`: the shell's pages start without the query library.
export * from './session';
export * from './apiBase';
export * from './version';
