import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import type { Db } from '../db/types';
import type { Log } from '../deps';

const BOOTSTRAP_LOCK = 7_243_013;

/** The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, created only when no admin exists. */
export async function ensureBootstrapAdmin(db: Db, config: Config, log: Log): Promise<void> {
  const { adminEmail, adminPassword } = config;
  if (!adminEmail || !adminPassword) return;
  const hash = await hashPassword(adminPassword, config.scryptCost);
  await db.tx(async (q) => {
    // Two processes starting together must not both create one.
    await q.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK]);
    const admins = await q.query("SELECT 1 FROM users WHERE role = 'admin' AND closed_at IS NULL LIMIT 1");
    if (admins.rows.length) return;
    const taken = await q.query('SELECT 1 FROM users WHERE email = $1', [adminEmail]);
    if (taken.rows.length) {
      log.warn({ email: adminEmail }, 'ADMIN_EMAIL belongs to an existing account; no admin created');
      return;
    }
    const id = randomUUID();
    await q.query(
      "INSERT INTO users (id, name, username, email, password_hash, role) VALUES ($1, 'Administrator', $2, $3, $4, 'admin')",
      [id, `admin-${id.slice(0, 8)}`, adminEmail, hash],
    );
    log.info({ email: adminEmail }, 'first admin created from ADMIN_EMAIL');
  });
}
