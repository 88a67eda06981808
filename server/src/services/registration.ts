import { randomUUID } from 'node:crypto';
import type { AdminRecord, RegisterAdminBody, RegisterBody, UserProfile } from '@halcyon/api-client/contract';
import { hashPassword } from '../auth/passwords';
import type { Queryable } from '../db/types';
import { findUserById } from '../db/users';
import type { Deps } from '../deps';
import { AppError, badRequest, conflict, isUniqueViolation } from '../errors';
import { budgets, spend } from '../limits/budgets';
import { inviteIsOpen, spendInvite } from './invites';
import { adminRecord, userProfile } from './profile';

// New accounts: investors sign up; admins with an invite code (ADMIN_REGISTRATION=invite) or freely.

type RegisterDeps = Pick<Deps, 'db' | 'config' | 'limits' | 'log' | 'hashGate' | 'clock'>;

/** 409 naming what is taken; checked first for the message, the unique indexes decide under races. */
async function assertFree(q: Queryable, email: string, username: string | null): Promise<void> {
  const { rows } = await q.query<{ email: string; username: string }>('SELECT email, username FROM users WHERE email = $1 OR lower(username) = lower($2)', [email, username ?? '']);
  if (rows.some((r) => r.email === email)) throw conflict('Email is already registered', 'EMAIL_TAKEN');
  if (username && rows.length) throw conflict('Username is already taken', 'USERNAME_TAKEN');
}

const invalidInvite = () => new AppError(403, 'INVALID_INVITE', 'Invite code is invalid, expired or already used');

function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_key')) throw conflict('Email is already registered', 'EMAIL_TAKEN');
  if (isUniqueViolation(error, 'users_username_key')) throw conflict('Username is already taken', 'USERNAME_TAKEN');
  throw error;
}

/** A new investor, registering from `ip`. */
export async function register(deps: RegisterDeps, body: RegisterBody, ip: string): Promise<UserProfile> {
  const { db, config } = deps;
  await spend(deps, [[budgets.registerIp, ip]]);
  await assertFree(db, body.email, body.username);
  const hash = await deps.hashGate.run(() => hashPassword(body.password, config.scryptCost));
  const id = randomUUID();
  try {
    await db.query(
      "INSERT INTO users (id, name, username, email, phone_number, password_hash, role) VALUES ($1, $2, $3, $4, $5, $6, 'user')",
      [id, body.name, body.username, body.email, body.phone, hash],
    );
  } catch (error) {
    uniqueConflict(error);
  }
  const row = await findUserById(db, id);
  if (!row) throw new Error('registered user vanished');
  return userProfile(db, row, deps);
}

/** A new admin, registering from `ip`; with ADMIN_REGISTRATION=invite, only with an open invite code, spent by it. */
export async function registerAdmin(deps: RegisterDeps, body: RegisterAdminBody, ip: string): Promise<AdminRecord> {
  const { db, config } = deps;
  const inviteOnly = config.adminRegistration === 'invite';
  if (inviteOnly && !body.inviteCode) throw badRequest('inviteCode: is required');
  await spend(deps, [[budgets.registerIp, ip]]);
  // The invite first: without a valid one, a taken email and a free one get the same 403.
  if (inviteOnly && !(await inviteIsOpen(db, body.inviteCode ?? ''))) throw invalidInvite();
  await assertFree(db, body.email, null);
  const hash = await deps.hashGate.run(() => hashPassword(body.password, config.scryptCost));
  const id = randomUUID();
  const name = body.name || body.email.split('@')[0] || 'Admin';
  try {
    await db.tx(async (q) => {
      await q.query("INSERT INTO users (id, name, username, email, password_hash, role) VALUES ($1, $2, $3, $4, $5, 'admin')", [id, name, `admin-${id.slice(0, 8)}`, body.email, hash]);
      if (inviteOnly && !(await spendInvite(q, body.inviteCode ?? '', id))) throw invalidInvite();
    });
  } catch (error) {
    uniqueConflict(error);
  }
  const row = await findUserById(db, id);
  if (!row) throw new Error('registered admin vanished');
  return adminRecord(row);
}
