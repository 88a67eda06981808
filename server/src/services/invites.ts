import { randomBytes } from 'node:crypto';
import type { AdminInvite, ParsedQueryOf } from '@halcyon/api-client/contract';
import { Params, asc, dayRange, desc, readPage, text, ts, type Cursors, type Paged } from '../db/keyset';
import type { Queryable } from '../db/types';
import type { Deps } from '../deps';

// Admin invites (ADMIN_REGISTRATION=invite): a code works once, for 7 days (services/registration.ts spends it).

const ORDERS = { newest: desc(ts('i.created_at'), text('i.code')), oldest: asc(ts('i.created_at'), text('i.code')) };

const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

interface InviteRow {
  code: string;
  created_by: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  used_by: string | null;
}

const toInvite = (r: InviteRow): AdminInvite => ({
  code: r.code,
  createdBy: r.created_by,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  usedAt: r.used_at?.toISOString() ?? null,
  usedBy: r.used_by,
});

export async function createInvite(deps: Pick<Deps, 'db' | 'clock'>, adminUid: string): Promise<AdminInvite> {
  const { rows } = await deps.db.query<InviteRow>(
    'INSERT INTO admin_invites (code, created_by, expires_at) VALUES ($1, $2, $3) RETURNING *',
    [randomBytes(12).toString('base64url'), adminUid, new Date(deps.clock.now().getTime() + INVITE_TTL_MS)],
  );
  const row = rows[0];
  if (!row) throw new Error('invite insert returned nothing');
  return toInvite(row);
}

/** A page of invites; `q` matches the code. */
export async function listInvites(q: Queryable, cursors: Cursors, query: ParsedQueryOf<'listInvites'>): Promise<Paged<AdminInvite>> {
  const params = new Params();
  const where = [...dayRange('i.created_at', query, params), ...(query.q ? [`i.code = ${params.add(query.q)}`] : [])];
  const { rows, page } = await readPage<InviteRow>(q, cursors, { list: 'invites', columns: 'i.*', from: 'admin_invites i', where, params, order: ORDERS[query.sort] }, query);
  return { data: rows.map(toInvite), page };
}

/** A quick look before any other work; the compare-and-set of spendInvite still decides races. */
export async function inviteIsOpen(q: Queryable, code: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM admin_invites WHERE code = $1 AND used_at IS NULL AND expires_at > now()', [code]);
  return rows.length > 0;
}

/** Compare-and-set: a code is spent by exactly one registration, even when two race. False when it was not open. */
export async function spendInvite(q: Queryable, code: string, uid: string): Promise<boolean> {
  const spent = await q.query('UPDATE admin_invites SET used_at = now(), used_by = $2 WHERE code = $1 AND used_at IS NULL AND expires_at > now() RETURNING code', [code, uid]);
  return spent.rows.length > 0;
}
