export interface ScratchDb {
  name: string;
  /** postgres://… of the new database (the admin URL with another database name) */
  url: string;
  /** DROP DATABASE … WITH (FORCE): open connections are cut. */
  drop(): Promise<void>;
}

/** PG_ADMIN_URL, else postgres://postgres@127.0.0.1:5432/postgres. */
export declare function pgAdminUrl(): string;

/** Creates `<prefix>_<pid>_<time>_<n>` on the server at `adminUrl`. */
export declare function createScratchDb(adminUrl: string, prefix: string): Promise<ScratchDb>;

/**
 * A scratch database, or, when PostgreSQL does not answer, the notice saying `what` is skipped.
 * Under CI=true an unreachable PostgreSQL throws instead: CI never skips.
 */
export declare function scratchDbOrSkip(prefix: string, what: string, adminUrl?: string): Promise<{ db: ScratchDb } | { skip: string }>;
