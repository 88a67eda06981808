import type { Queryable } from '../db/types';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * Recorded only to be rolled back: the same work as a real mail, for a request that must not
   * show whether it mailed anyone (a reset link for an unknown email, services/password-reset.ts).
   * Logged as such, without the address.
   */
  decoy?: true;
}

/** Sends mail. Every implementation is wrapped by the outbox (mail/outbox.ts), which records first. */
export interface Mailer {
  /**
   * Sends `message`. The outbox takes `q`, a transaction, to queue the mail in it (the mail then
   * exists only if that transaction commits); transports ignore it.
   */
  send(message: MailMessage, q?: Queryable): Promise<void>;
}

/** The platform's mailer: every mail goes through the outbox (mail/outbox.ts). */
export interface Outbox extends Mailer {
  /** Whether a transport delivers mail: then each mail comes with a delivery job in its transaction. */
  readonly delivers: boolean;
  /**
   * For a mail that a database function wrote to the outbox itself (migration 018's
   * mail_outbox_add, under `id`): queues its delivery job in the same transaction `q` when a
   * transport delivers, and logs it as queued.
   */
  recorded(id: string, message: MailMessage, q: Queryable): Promise<void>;
}
