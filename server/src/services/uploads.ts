import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { mediaName } from '../storage/media-url';

/**
 * True when `url` is the mediaUrl of a file `uid` uploaded here. Pictures shown in <img> (profile,
 * trader) are only ever these: never a script or data: URL, nor an external tracking pixel.
 */
export async function isOwnUpload(app: FastifyInstance, q: Queryable, uid: string, url: string): Promise<boolean> {
  const name = mediaName(app, url);
  return name !== null && (await q.query('SELECT 1 FROM uploads WHERE name = $1 AND uploaded_by = $2', [name, uid])).rows.length > 0;
}
