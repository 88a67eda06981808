// Scratch databases on the PostgreSQL server, created for one run and dropped after it.
import { Client } from 'pg';

export interface ScratchDb {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const withAdmin = async <T>(adminUrl: string, fn: (c: Client) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** True when the PostgreSQL server answers at `adminUrl`. */
export async function pgReachable(adminUrl: string): Promise<boolean> {
  try {
    await withAdmin(adminUrl, (c) => c.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}

export async function createScratchDb(adminUrl: string, prefix: string): Promise<ScratchDb> {
  // Name from pid and clock: unique per run, and a valid unquoted identifier.
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
