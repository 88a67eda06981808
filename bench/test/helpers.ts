// Shared by the fault tests: the database URL given by global-setup and a `describe` that skips
// (with the reason printed once) when no PostgreSQL was available outside CI.
export const databaseUrl = (): string => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (global-setup.cjs sets it)');
  return url;
};

export const describeWithPostgres: jest.Describe = process.env.BENCH_SKIP_FAULTS ? describe.skip : describe;
