import { randomUUID } from 'node:crypto';
import { winRate, type CreateTraderBody, type ParsedQueryOf, type Trader } from '@halcyon/api-client/contract';
import { Params, asc, dayRange, desc, likePattern, readPage, text, ts, type Cursors, type Paged } from '../db/keyset';
import type { Db, Queryable } from '../db/types';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../errors';
import { isOwnUpload } from './uploads';

// The traders investors may copy: listed by anyone signed in, added and removed by admins.

interface Row {
  id: string;
  name: string;
  image_url: string;
  wins: number;
  losses: number;
  profit_share: string;
  created_at: Date;
}

const toTrader = (r: Row): Trader => ({
  _id: r.id,
  name: r.name,
  imageUrl: r.image_url,
  wins: r.wins,
  losses: r.losses,
  winRate: winRate(r.wins, r.losses),
  profitShare: r.profit_share,
  createdAt: r.created_at.toISOString(),
});

const ORDERS = {
  newest: desc(ts('t.created_at'), text('t.id')),
  oldest: asc(ts('t.created_at'), text('t.id')),
  name: asc(text('lower(t.name)'), text('t.id')),
};

/** A page of traders; `q` matches the trader's name or id. */
export async function listTraders(q: Queryable, cursors: Cursors, query: ParsedQueryOf<'getTraders'>): Promise<Paged<Trader>> {
  const params = new Params();
  const where = [
    ...dayRange('t.created_at', query, params),
    ...(query.q ? [`(t.id = ${params.add(query.q)} OR lower(t.name) LIKE ${params.add(likePattern(query.q))})`] : []),
  ];
  const { rows, page } = await readPage<Row>(q, cursors, { list: 'traders', columns: 't.*', from: 'traders t', where, params, order: ORDERS[query.sort] }, query);
  return { data: rows.map(toTrader), page };
}

export async function createTrader(deps: Pick<Deps, 'db' | 'config'>, adminUid: string, body: CreateTraderBody): Promise<Trader> {
  const { rows } = await deps.db.tx(async (q) => {
    // Shown in every investor's <img>: only an image this admin uploaded here (no external trackers).
    // Checked and referenced in one transaction: the upload sweep cannot delete it in between.
    if (!(await isOwnUpload(deps, q, adminUid, body.imageUrl))) {
      throw badRequest('imageUrl: must be the mediaUrl of an image you uploaded (POST /image/upload-single)');
    }
    return q.query<Row>(
      'INSERT INTO traders (id, name, image_url, wins, losses, profit_share) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
      [randomUUID(), body.name, body.imageUrl, body.wins, body.losses, body.profitShare],
    );
  });
  const row = rows[0];
  if (!row) throw new Error('trader insert returned nothing');
  return toTrader(row);
}

export async function deleteTrader(q: Queryable, id: string): Promise<void> {
  const { rows } = await q.query('DELETE FROM traders WHERE id = $1 RETURNING id', [id]);
  if (!rows.length) throw notFound('Trader not found', 'TRADER_NOT_FOUND');
}

/** Starts copying the trader, or stops if `uid` copies it already; returns which, and every trader `uid` copies after. */
export async function toggleCopy(db: Db, uid: string, traderId: string): Promise<{ copying: boolean; copyTraders: string[] }> {
  const copying = await db.tx(async (q) => {
    // Lock the trader row: a concurrent delete cannot slip between the check and the insert.
    const trader = await q.query('SELECT id FROM traders WHERE id = $1 FOR SHARE', [traderId]);
    if (!trader.rows.length) throw notFound('Trader not found', 'TRADER_NOT_FOUND');
    const stopped = await q.query('DELETE FROM user_copy_traders WHERE user_id = $1 AND trader_id = $2 RETURNING trader_id', [uid, traderId]);
    if (stopped.rows.length) return false;
    await q.query('INSERT INTO user_copy_traders (user_id, trader_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [uid, traderId]);
    return true;
  });
  const list = await db.query<{ trader_id: string }>('SELECT trader_id FROM user_copy_traders WHERE user_id = $1 ORDER BY created_at, trader_id', [uid]);
  return { copying, copyTraders: list.rows.map((r) => r.trader_id) };
}
