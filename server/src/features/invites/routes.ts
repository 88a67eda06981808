import { randomBytes } from 'node:crypto';
import type { AdminInvite } from '@halcyon/api-client/contract';
import { Params, asc, dayRange, desc, readPage, text, ts } from '../../db/keyset';
import { defineRoute, feature } from '../../http/define-route';

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

export default feature(
  defineRoute('createInvite', async ({ auth, db }) => {
    const { rows } = await db.query<InviteRow>(
      'INSERT INTO admin_invites (code, created_by, expires_at) VALUES ($1, $2, $3) RETURNING *',
      [randomBytes(12).toString('base64url'), auth.uid, new Date(Date.now() + INVITE_TTL_MS)],
    );
    const row = rows[0];
    if (!row) throw new Error('invite insert returned nothing');
    return { data: toInvite(row), message: 'Invite created: it works once, for 7 days.' };
  }),
  // q matches the code.
  defineRoute('listInvites', async ({ db, query, request }) => {
    const params = new Params();
    const where = [...dayRange('i.created_at', query, params), ...(query.q ? [`i.code = ${params.add(query.q)}`] : [])];
    const { rows, page } = await readPage<InviteRow>(db, request.server.cursors, { list: 'invites', columns: 'i.*', from: 'admin_invites i', where, params, order: ORDERS[query.sort] }, query);
    return { data: rows.map(toInvite), page };
  }),
);
