import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { lockUserRow } from '../db/users';
import { AppError, badRequest } from '../errors';
import { mediaName, mediaUrl } from '../storage/media-url';

type UploadDeps = Pick<Deps, 'db' | 'config' | 'storage'>;

/** By content (magic bytes), never by name or declared type; SVG is refused (it can carry script). */
const ALLOWED: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(ALLOWED).map(([type, ext]) => [ext, type]));

/** An uploaded image, checked by its content, stored for `uid`: its public URL. 400 UNSUPPORTED_FILE for anything else. */
export async function storeImage(deps: UploadDeps, uid: string, data: Buffer): Promise<string> {
  // Loaded with the first upload: file-type and its readers were a tenth of the server's module load.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  const ext = type ? ALLOWED[type.mime] : undefined;
  if (!type || !ext) throw badRequest('file: must be a PNG, JPEG, GIF or WebP image', 'UNSUPPORTED_FILE');
  return mediaUrl(deps.config, await storeUpload(deps, uid, data, type.mime, ext));
}

/** A stored image by its name, with its content type; null when there is none (or the name is not one of ours). */
export async function readMedia({ storage }: Pick<Deps, 'storage'>, name: string): Promise<{ data: Buffer; contentType: string } | null> {
  const ext = /^[\w-]+\.(png|jpg|gif|webp)$/.exec(name)?.[1];
  const data = ext ? await storage.get(name) : null;
  return ext && data ? { data, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' } : null;
}

const MB = 1024 * 1024;

interface Usage {
  bytes: string;
  last_hour: string;
  /** Seconds until the oldest upload of the past hour leaves the window. */
  retry_after: string | null;
}

/**
 * Stores an uploaded file for `uid` under a new name and returns the name. The user's row is locked
 * first, so the quota (bytes stored) and the hourly count are checked and the row written without a
 * concurrent upload of the same user slipping in between: 413 UPLOAD_QUOTA_EXCEEDED, 429
 * UPLOAD_RATE_LIMITED with Retry-After.
 */
async function storeUpload(deps: UploadDeps, uid: string, data: Buffer, mime: string, ext: string): Promise<string> {
  const { config, storage } = deps;
  const name = `${randomUUID()}.${ext}`;
  try {
    await deps.db.tx(async (q) => {
      await lockUserRow(q, uid);
      const usage = (
        await q.query<Usage>(
          `SELECT coalesce(sum(size), 0) AS bytes,
                  count(*) FILTER (WHERE created_at > now() - interval '1 hour') AS last_hour,
                  ceil(extract(epoch FROM min(created_at) FILTER (WHERE created_at > now() - interval '1 hour') + interval '1 hour' - now())) AS retry_after
           FROM uploads WHERE uploaded_by = $1`,
          [uid],
        )
      ).rows[0];
      if (usage && Number(usage.last_hour) >= config.uploadMaxPerHour) {
        throw new AppError(429, 'UPLOAD_RATE_LIMITED', `file: at most ${config.uploadMaxPerHour} uploads per hour; try again later`, {
          'retry-after': String(Math.max(1, Number(usage.retry_after ?? 3600))),
        });
      }
      if (usage && Number(usage.bytes) + data.length > config.uploadQuotaBytes) {
        throw new AppError(
          413,
          'UPLOAD_QUOTA_EXCEEDED',
          `file: your uploads may take at most ${+(config.uploadQuotaBytes / MB).toFixed(2)} MB in all; images you no longer use are removed after ${config.uploadGraceHours} hours`,
        );
      }
      await storage.put(name, data, mime);
      await q.query('INSERT INTO uploads (name, content_type, size, uploaded_by) VALUES ($1, $2, $3, $4)', [name, mime, data.length, uid]);
    });
  } catch (error) {
    // No row records the file (rolled back): remove it, or nothing would ever sweep it.
    await storage.delete(name).catch(() => undefined);
    throw error;
  }
  return name;
}

/**
 * True when `url` is the mediaUrl of a file `uid` uploaded here. Pictures shown in <img> (profile,
 * trader) are only ever these: never a script or data: URL, nor an external tracking pixel.
 * FOR SHARE: call it in the transaction that stores the reference, so the upload sweep (which locks
 * the row to delete it) cannot remove the file between this check and the commit.
 */
export async function isOwnUpload(deps: Pick<Deps, 'config'>, q: Queryable, uid: string, url: string): Promise<boolean> {
  const name = mediaName(deps.config, url);
  return name !== null && (await q.query('SELECT 1 FROM uploads WHERE name = $1 AND uploaded_by = $2 FOR SHARE', [name, uid])).rows.length > 0;
}
