import { CHAIN_COIN, type AdminPayout, type Chain, type HotWalletStatus, type PayoutsOverview, type SignerHealth, type UnsignedPayout } from '@halcyon/api-client/contract';
import { formatUnits } from '../chain/blocks';
import type { Db } from '../db/types';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import { dbUsd } from '../ledger/money';
import { iso, isoOrNull, userRef, type UserColumns } from '../ledger/rows';

// The admins' side of payouts (docs/chain.md "Payouts"): the queue, the hot wallets as the signer
// reports them, the signers' health, and the offline path's files. Nothing here signs or checks a
// transaction: the signer does, in its own process.

/** Open payouts listed at most (oldest first: the ones waiting longest), and the latest confirmed ones. */
const OPEN_LISTED = 200;
const DONE_LISTED = 20;
/** A signer not heard from for this long is down. */
const SIGNER_SILENT_SECONDS = 60;
/** A payout sent and in no block for this long is stuck. */
const STUCK_SECONDS = 600;

interface PayoutRow extends UserColumns {
  id: string;
  withdrawal_id: string;
  chain: Chain;
  destination: string;
  units: string;
  coin_decimals: number;
  usd_cents: string;
  status: AdminPayout['status'];
  txid: string | null;
  confirmations: number | null;
  confirmations_required: number;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  stuck: boolean;
  o_format: 'psbt' | 'evm' | null;
  o_uploaded: boolean | null;
  o_rejection: string | null;
}

const PAYOUT_SELECT = `SELECT p.id, p.withdrawal_id, p.chain, p.destination, p.units::text, p.coin_decimals, p.usd_cents, p.status, p.txid, p.confirmations_required,
    p.attempts, p.last_error, p.created_at, p.sent_at, u.name AS user_name, u.email AS user_email,
    (SELECT (c.height - p.block_height + 1)::int FROM chain_cursors c WHERE c.chain = p.chain) AS confirmations,
    (p.status = 'sent' AND p.block_hash IS NULL AND p.sent_at < now() - make_interval(secs => ${STUCK_SECONDS})) AS stuck,
    o.format AS o_format, o.uploaded IS NOT NULL AS o_uploaded, o.rejection AS o_rejection
  FROM payouts p JOIN withdrawals w ON w.id = p.withdrawal_id JOIN users u ON u.id = w.uid LEFT JOIN payout_offline o ON o.payout_id = p.id`;

const toAdminPayout = (deps: Pick<Deps, 'chains'>) => (r: PayoutRow): AdminPayout => ({
  id: r.id, withdrawalId: r.withdrawal_id, user: userRef(r), network: r.chain, coin: CHAIN_COIN[r.chain],
  cryptoAmount: formatUnits(BigInt(r.units), r.coin_decimals), amount: dbUsd(r.usd_cents), destination: r.destination, status: r.status,
  txid: r.txid, explorerUrl: r.txid ? (deps.chains.watched[r.chain]?.explorerUrl(r.txid) ?? null) : null,
  confirmations: r.confirmations !== null && (r.status === 'sent' || r.status === 'confirmed') ? Math.max(0, r.confirmations) : 0,
  confirmationsRequired: r.confirmations_required, attempts: r.attempts, lastError: r.last_error,
  createdAt: iso(r.created_at), sentAt: isoOrNull(r.sent_at), stuck: r.stuck,
  offline: r.status === 'offline' ? { format: r.o_format, ready: r.o_format !== null, uploaded: Boolean(r.o_uploaded), rejection: r.o_rejection } : null,
});

interface WalletReport {
  address?: unknown;
  balance?: unknown;
  perPayout?: unknown;
  daily?: unknown;
}

/** GET /admin/payouts: each read is an index's few rows (open payouts, the latest done, the signers, the queue per chain). */
export async function payoutsOverview(deps: Pick<Deps, 'db' | 'chains'>): Promise<PayoutsOverview> {
  const q = deps.db;
  const [open, done, signers, queued] = await Promise.all([
    q.query<PayoutRow>(`${PAYOUT_SELECT} WHERE p.status <> 'confirmed' ORDER BY p.id LIMIT ${OPEN_LISTED}`),
    q.query<PayoutRow>(`${PAYOUT_SELECT} WHERE p.status = 'confirmed' ORDER BY p.confirmed_at DESC LIMIT ${DONE_LISTED}`),
    q.query<{ signer: string; started_at: Date; seen_at: Date; wallets: Record<string, WalletReport>; last_error: string | null; alive: boolean }>(
      `SELECT signer, started_at, seen_at, wallets, last_error, seen_at > now() - make_interval(secs => ${SIGNER_SILENT_SECONDS}) AS alive
         FROM signer_status ORDER BY seen_at DESC LIMIT 20`,
    ),
    q.query<{ chain: Chain; units: string; decimals: number }>(
      "SELECT chain, sum(units)::text AS units, max(coin_decimals) AS decimals FROM payouts WHERE status IN ('queued', 'signed') GROUP BY chain",
    ),
  ]);
  const health: SignerHealth[] = signers.rows.map((s) => ({ signer: s.signer, startedAt: iso(s.started_at), seenAt: iso(s.seen_at), alive: s.alive, lastError: s.last_error }));
  const alerts: string[] = [];
  const openRows = open.rows.map(toAdminPayout(deps));
  const waiting = openRows.filter((p) => p.status === 'queued' || p.status === 'signed' || p.status === 'offline');
  if (waiting.length && !health.some((s) => s.alive)) {
    alerts.push(health.length ? `No signer has reported for more than ${SIGNER_SILENT_SECONDS} seconds: ${waiting.length} payouts wait.` : `No signer has ever reported: ${waiting.length} payouts wait. Start one (pnpm signer).`);
  }
  // The latest report of each chain's hot wallet, whichever signer made it.
  const latest = new Map<string, WalletReport>();
  for (const s of signers.rows) for (const [chain, report] of Object.entries(s.wallets ?? {})) if (!latest.has(chain)) latest.set(chain, report);
  const queuedBy = new Map(queued.rows.map((r) => [r.chain, r]));
  const wallets: HotWalletStatus[] = [];
  for (const [chain, report] of latest) {
    const watched = deps.chains.watched[chain as Chain];
    if (!watched) continue;
    const decimals = await watched.decimals().catch(() => queuedBy.get(watched.chain)?.decimals ?? null);
    if (decimals === null) continue;
    const units = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : null);
    const balance = units(report.balance);
    const inQueue = BigInt(queuedBy.get(watched.chain)?.units ?? '0');
    const covered = balance !== null && balance >= inQueue;
    wallets.push({
      network: watched.chain, coin: watched.coin, address: typeof report.address === 'string' ? report.address : '',
      balance: balance === null ? null : formatUnits(balance, decimals),
      perPayoutLimit: formatUnits(units(report.perPayout) ?? 0n, decimals), dailyLimit: formatUnits(units(report.daily) ?? 0n, decimals),
      queued: formatUnits(inQueue, decimals), covered,
    });
    if (!covered) alerts.push(`The ${watched.coin} hot wallet (${watched.chain}) holds ${balance === null ? 'an unknown amount' : `${formatUnits(balance, decimals)} ${watched.coin}`}; ${formatUnits(inQueue, decimals)} ${watched.coin} of payouts wait for it. Fund it: the payouts go out as soon as it can cover them.`);
  }
  const stuck = openRows.filter((p) => p.stuck).length;
  if (stuck) alerts.push(`${stuck} payout${stuck === 1 ? ' has' : 's have'} been sent for more than ${STUCK_SECONDS / 60} minutes without reaching a block.`);
  const failed = openRows.filter((p) => p.status === 'failed').length;
  if (failed) alerts.push(`${failed} payout${failed === 1 ? '' : 's'} failed and need${failed === 1 ? 's' : ''} an admin.`);
  const offline = openRows.filter((p) => p.status === 'offline' && p.offline?.ready && !p.offline.uploaded).length;
  if (offline) alerts.push(`${offline} payout${offline === 1 ? ' waits' : 's wait'} for an offline signature.`);
  return { signers: health, wallets, payouts: [...openRows, ...done.rows.map(toAdminPayout(deps))], alerts };
}

/** GET /admin/payouts/{id}/unsigned: the offline payout's file, as the signer prepared it. */
export async function unsignedPayout(db: Db, id: string): Promise<UnsignedPayout> {
  const { rows } = await db.query<{ format: 'psbt' | 'evm'; unsigned: string; status: string }>(
    'SELECT o.format, o.unsigned, p.status FROM payouts p JOIN payout_offline o ON o.payout_id = p.id WHERE p.id::text = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound('No unsigned transaction for this payout: it is not offline, or the signer has not prepared it yet');
  if (row.status !== 'offline') throw new AppError(409, 'PAYOUT_NOT_OFFLINE', 'This payout is no longer waiting for an offline signature');
  return { format: row.format, filename: `payout-${id}.${row.format === 'psbt' ? 'psbt' : 'evm.txt'}`, unsigned: row.unsigned };
}

/**
 * POST /admin/payouts/{id}/signed: keeps the signed transaction for the signer, which checks it
 * (destination, amount, chain, nonce, coins) before anything is stored or sent; a refusal's reason
 * shows on the queue. A second upload replaces one not checked yet.
 */
export async function uploadSignedPayout(db: Db, adminUid: string, id: string, signed: string): Promise<{ message: string }> {
  const { rows } = await db.query<{ status: string }>(
    `UPDATE payout_offline o SET uploaded = $2, uploaded_by = $3, uploaded_at = now(), rejection = NULL
       FROM payouts p WHERE p.id = o.payout_id AND p.id::text = $1 AND p.status = 'offline'
     RETURNING p.status`,
    [id, signed, adminUid],
  );
  if (!rows[0]) {
    const exists = await db.query('SELECT 1 FROM payouts WHERE id::text = $1', [id]);
    if (!exists.rows.length) throw notFound('No such payout');
    throw new AppError(409, 'PAYOUT_NOT_OFFLINE', 'This payout is not waiting for an offline signature (or its unsigned transaction is not prepared yet)');
  }
  return { message: 'Signed transaction received: the signer checks it before it is sent.' };
}
