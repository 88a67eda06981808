import { randomBytes, randomUUID } from 'node:crypto';
import type { Deps } from '../deps';
import { networkOf } from '../auth/devices';
import { tokenHash } from '../auth/revocations';
import { describeDevice, type SignInNovelty } from '../auth/sessions';
import type { Queryable } from '../db/types';
import type { UserRow } from '../db/users';
import type { MailMessage } from '../mail/mailer';
import { MAIL_NAME_MAX, mailLine } from '../mail/mail-line';
import { publicOrigin } from './public-origin';

type AlertDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'clock'>;

// Security alerts by mail, each with a one-click "lock my account" link (docs/security.md "Alerts").

const LOCK_TTL_MS = 7 * 24 * 3600 * 1000;

export type AlertKind = 'new-device' | 'withdrawal' | 'password-changed' | 'payout-changed' | '2fa-on' | '2fa-off' | '2fa-locked' | 'passkey-added' | 'passkey-removed';

const HEADLINES: Record<AlertKind, { subject: string; line: string }> = {
  'new-device': { subject: 'new sign-in to your account', line: 'Your account was just signed in to from a device or a network it has not used before.' },
  withdrawal: { subject: 'withdrawal requested', line: 'A withdrawal was just requested from your account.' },
  'password-changed': { subject: 'your password was changed', line: 'The password of your account was just changed.' },
  'payout-changed': { subject: 'your payout details changed', line: 'The payout addresses or bank details of your account were just changed.' },
  '2fa-on': { subject: 'two-factor authentication turned on', line: 'Two-factor authentication was just turned on for your account.' },
  '2fa-off': { subject: 'two-factor authentication turned off', line: 'Two-factor authentication was just turned off for your account.' },
  'passkey-added': { subject: 'a passkey was added', line: 'A passkey was just added to your account: it can sign in and confirm withdrawals.' },
  'passkey-removed': { subject: 'a passkey was removed', line: 'A passkey was just removed from your account.' },
  '2fa-locked': { subject: 'two-factor authentication locked', line: 'Someone who knows your password just typed too many wrong two-factor codes for your account.' },
};


/** A security alert ready to be recorded: its lock link (stored as a hash) and its mail. */
export interface SecurityAlert {
  lockHash: string;
  lockExpires: Date;
  mailId: string;
  mail: MailMessage;
}

/**
 * The alert that mails `user` that `kind` just happened (`detail` says what), with a single-use
 * link, valid 7 days, that locks the account. Recorded by the database's security_alert_add
 * (migration 018), by sendSecurityAlert or inside a money function.
 */
export function securityAlert(deps: Pick<Deps, 'config' | 'clock'>, user: Pick<UserRow, 'email' | 'name'>, kind: AlertKind, detail: string): SecurityAlert {
  const token = randomBytes(32).toString('base64url');
  const { subject, line } = HEADLINES[kind];
  const link = `${publicOrigin(deps.config)}/auth/lock-account?token=${encodeURIComponent(token)}`;
  return {
    lockHash: tokenHash(token),
    lockExpires: new Date(deps.clock.now().getTime() + LOCK_TTL_MS),
    mailId: randomUUID(),
    mail: {
      to: user.email,
      subject: `${deps.config.brand}: ${subject}`,
      text:
        `Hello ${mailLine(user.name, MAIL_NAME_MAX)},\n\n${line}\n${detail}\n\nIf this was you, there is nothing to do.\n\n` +
        `If it was not you, lock your account now. Every session ends at once and withdrawals stay frozen until you reset your password:\n\n${link}\n\n` +
        'The link works once, for 7 days.\n',
    },
  };
}

/**
 * Mails `user` that `kind` just happened (securityAlert). Inside `q`'s transaction when given:
 * the alert exists only if what it reports was saved.
 */
export async function sendSecurityAlert(deps: AlertDeps, user: Pick<UserRow, 'id' | 'email' | 'name'>, kind: AlertKind, detail: string, q?: Queryable): Promise<void> {
  const alert = securityAlert(deps, user, kind, detail);
  const record = async (tx: Queryable) => {
    await tx.query('SELECT security_alert_add($1, $2, $3, $4, $5, $6, $7)', [user.id, alert.lockHash, alert.lockExpires, alert.mailId, alert.mail.to, alert.mail.subject, alert.mail.text]);
    await deps.mailer.recorded(alert.mailId, alert.mail, tx);
  };
  if (q) await record(q);
  else await deps.db.tx(record);
}

/**
 * What the "new sign-in" alert of a successful sign-in says, or null when none is due (docs/security.md
 * "Alerts"): never for the account's very first sign-in; otherwise when the browser's device cookie
 * was never seen on a successful sign-in of the account (none, or unknown: a new device, whatever
 * its user agent says), or when that device signs in from a network it never signed in from. The
 * sign-in is recorded, so the next one of that device from that network is known: at most one
 * alert per device and network.
 */
export function signInAlertDetail(novelty: SignInNovelty, place: { ip: string; userAgent: string }, at: Date): string | null {
  if (!novelty.earlier || (novelty.knownDevice && novelty.knownNetwork)) return null;
  const device = describeDevice(place.userAgent);
  const network = `network ${networkOf(place.ip)} (IP address ${place.ip})`;
  const when = `At ${at.toISOString()} (UTC).`;
  return novelty.knownDevice
    ? `Device: ${device}, which signed in before, now from a new ${network}. ${when}`
    : `Device: ${device}, new to this account, from ${network}. ${when}`;
}
