import type { Queryable } from '../db/types';
import { USER_COLUMNS, type UserRow } from '../db/users';
import type { ProfileFiguresRow } from '../db/figures';
import { networkOf } from './devices';

// Sessions and sign-in history (docs/security.md "Sessions"): one row per login's token, checked
// on every request by every process; sign-ins of existing accounts, kept 90 days.

const HISTORY_DAYS = 90;
/** last_seen_at is written at most this often per session (one small write a minute, not per request). */
const SEEN_EVERY_S = 60;

export interface SessionRow {
  id: string;
  ip: string;
  user_agent: string;
  created_at: Date;
  last_seen_at: Date;
}

export interface SignInRow {
  at: Date;
  ip: string;
  user_agent: string;
  success: boolean;
}

/** The user agent as a person reads it: "Chrome on Windows", "Safari on iPhone"; its start otherwise. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent || '';
  const browser =
    /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const os =
    /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : /Android/.test(ua) ? 'Android' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : null;
  if (browser && os) return `${browser} on ${os}`;
  if (browser || os) return (browser ?? os) as string;
  return ua ? ua.slice(0, 60) : 'Unknown device';
}

/** Which second factor a session presented when it began (REQUIRE_ADMIN_2FA asks it of the session). */
export type SessionFactor = 'totp' | 'recovery' | 'enrolment' | 'passkey';

export async function openSession(q: Queryable, s: { id: string; uid: string; expiresAt: number; ip: string; userAgent: string; secondFactor: SessionFactor | null }): Promise<void> {
  await q.query('INSERT INTO sessions (id, uid, expires_at, ip, user_agent, second_factor) VALUES ($1, $2, to_timestamp($3), $4, $5, $6)', [
    s.id, s.uid, s.expiresAt, s.ip, s.userAgent.slice(0, 500), s.secondFactor,
  ]);
}

/** Notes that this session presented a second factor (two-factor turned on in it with a first code). */
export async function markSessionFactor(q: Queryable, sessionId: string, factor: SessionFactor): Promise<void> {
  await q.query('UPDATE sessions SET second_factor = $2 WHERE id = $1', [sessionId, factor]);
}

/** Where a sign-in came from: address, user agent and, when the browser sent one, its device cookie's hash (auth/devices.ts). */
export interface SignInPlace {
  ip: string;
  userAgent: string;
  deviceHash?: string | null;
}

export async function recordSignIn(q: Queryable, s: SignInPlace & { uid: string; success: boolean }): Promise<void> {
  await q.query('INSERT INTO sign_ins (uid, ip, user_agent, success, device_hash, network) VALUES ($1, $2, $3, $4, $5, $6)', [
    s.uid, s.ip, s.userAgent.slice(0, 500), s.success, s.deviceHash ?? null, networkOf(s.ip),
  ]);
}

/** What the account's earlier successful sign-ins say of this one (services/alerts.ts signInAlertDetail decides). */
export interface SignInNovelty {
  /** The account signed in successfully before (this is not its very first sign-in). */
  earlier: boolean;
  /** A successful sign-in carried this device cookie before. */
  knownDevice: boolean;
  /** ... and from this network. */
  knownNetwork: boolean;
}

/**
 * Records a successful sign-in and, in the same statement (a snapshot taken before the insert),
 * what the earlier ones say of it. Three probes of sign_ins_known_devices (migration 020), one
 * row each at most, however long the history. "Any earlier sign-in" is asked in the index's order:
 * as a bare EXISTS the planner may scan the table for the first row when this account is a large
 * share of it; sorted, a scan would have to read every row, so the index's one probe wins.
 */
export async function recordSuccessfulSignIn(q: Queryable, s: SignInPlace & { uid: string }): Promise<SignInNovelty> {
  const { rows } = await q.query<SignInNovelty>(SUCCESSFUL_SIGN_IN, [s.uid, s.ip, s.userAgent.slice(0, 500), s.deviceHash ?? null, networkOf(s.ip)]);
  const row = rows[0];
  return { earlier: Boolean(row?.earlier), knownDevice: Boolean(row?.knownDevice), knownNetwork: Boolean(row?.knownNetwork) };
}

/** recordSuccessfulSignIn's statement ($1 uid, $2 ip, $3 user agent, $4 device hash, $5 network); its plan is tested. */
export const SUCCESSFUL_SIGN_IN = `
  WITH seen AS (
    SELECT (SELECT true FROM sign_ins WHERE uid = $1 AND success ORDER BY device_hash, network LIMIT 1) IS NOT NULL AS "earlier",
           EXISTS (SELECT 1 FROM sign_ins WHERE uid = $1 AND success AND device_hash = $4) AS "knownDevice",
           EXISTS (SELECT 1 FROM sign_ins WHERE uid = $1 AND success AND device_hash = $4 AND network = $5) AS "knownNetwork"
  ), added AS (
    INSERT INTO sign_ins (uid, ip, user_agent, success, device_hash, network) VALUES ($1, $2, $3, true, $4, $5)
  )
  SELECT * FROM seen`;

/** An authenticated caller: their users row, and with `figures` their profile's figures (user_figures). */
export interface SessionCaller {
  user: UserRow;
  figures: ProfileFiguresRow | undefined;
  /** The second factor the session presented (null: password only, or a token from before sessions). */
  factor: SessionFactor | null;
}

interface SessionQuery {
  uid: string;
  tokenHash: string;
  sessionId: string | undefined;
  idleHours: number;
  /** Also read the caller's profile figures (user_figures, migration 019) in the same statement. */
  figures: boolean;
}

/**
 * The caller of a request, read in one round trip: the users row of `uid`, unless the token's
 * session has ended (or the token itself was logged out before sessions existed). A session
 * unused for `idleHours` (0: never) ends now, as idle. Notes the session as seen when that is a
 * minute old (one small write a minute per session, not per request).
 */
export async function sessionCaller(q: Queryable, s: SessionQuery): Promise<SessionCaller | undefined> {
  const { uid, tokenHash, sessionId, idleHours } = s;
  const { rows } = await q.query<UserRow & { ended: boolean; idle: boolean; stale: boolean; factor: SessionFactor | null; figures?: ProfileFiguresRow }>(
    `SELECT u.*,${s.figures ? ' (SELECT to_jsonb(f) FROM user_figures(ARRAY[u.id]) f) AS figures,' : ''}
            EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = $2) OR COALESCE(s.ended_at IS NOT NULL, false) AS ended,
            COALESCE($5 > 0 AND s.last_seen_at < now() - make_interval(hours => $5), false) AS idle,
            COALESCE(s.last_seen_at < now() - make_interval(secs => $4), false) AS stale,
            s.second_factor AS factor
       FROM (SELECT ${USER_COLUMNS} FROM users WHERE id = $1) u LEFT JOIN sessions s ON s.id = $3`,
    [uid, tokenHash, sessionId ?? '', SEEN_EVERY_S, idleHours],
  );
  const row = rows[0];
  if (!row || row.ended) return undefined;
  const { ended: _ended, idle, stale, factor, figures, ...user } = row;
  if (idle) {
    await q.query("UPDATE sessions SET ended_at = now(), ended_by = 'idle' WHERE id = $1 AND ended_at IS NULL", [sessionId]);
    return undefined;
  }
  if (stale) await q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [sessionId]);
  return { user, figures, factor };
}

/** The user's sessions still open (not ended, expired or idle past `idleHours`), newest first. */
export async function openSessions(q: Queryable, uid: string, idleHours: number): Promise<SessionRow[]> {
  const { rows } = await q.query<SessionRow>(
    `SELECT id, ip, user_agent, created_at, last_seen_at FROM sessions
      WHERE uid = $1 AND ended_at IS NULL AND expires_at > now() AND ($2 = 0 OR last_seen_at > now() - make_interval(hours => $2))
      ORDER BY created_at DESC, id LIMIT 100`,
    [uid, idleHours],
  );
  return rows;
}

/** Ends one of `uid`'s open sessions; false when `id` is no open session of theirs (someone else's included). */
export async function endSession(q: Queryable, uid: string, id: string, by: 'logout' | 'owner'): Promise<boolean> {
  const r = await q.query("UPDATE sessions SET ended_at = now(), ended_by = $3 WHERE id = $1 AND uid = $2 AND ended_at IS NULL AND expires_at > now()", [id, uid, by]);
  return r.rowCount > 0;
}

/** Ends every open session of `uid` but `keep`; returns how many ended. */
export async function endOtherSessions(q: Queryable, uid: string, keep: string | undefined): Promise<number> {
  const r = await q.query("UPDATE sessions SET ended_at = now(), ended_by = 'owner' WHERE uid = $1 AND id <> $2 AND ended_at IS NULL AND expires_at > now()", [uid, keep ?? '']);
  return r.rowCount;
}

/** The user's sign-ins of the last 90 days, newest first (at most 200). */
export async function recentSignIns(q: Queryable, uid: string): Promise<SignInRow[]> {
  const { rows } = await q.query<SignInRow>(
    'SELECT at, ip, user_agent, success FROM sign_ins WHERE uid = $1 AND at > now() - make_interval(days => $2) ORDER BY at DESC, id DESC LIMIT 200',
    [uid, HISTORY_DAYS],
  );
  return rows;
}

/** Drops sign-ins older than 90 days and sessions that ended or expired more than 90 days ago. */
export async function sweepSecurityHistory(q: Queryable): Promise<void> {
  await q.query('DELETE FROM sign_ins WHERE at < now() - make_interval(days => $1)', [HISTORY_DAYS]);
  await q.query('DELETE FROM sessions WHERE COALESCE(ended_at, expires_at) < now() - make_interval(days => $1) AND expires_at < now()', [HISTORY_DAYS]);
}
