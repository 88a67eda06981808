import type { Queryable } from '../db/types';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Every implementation is wrapped by the outbox (mail/outbox.ts), which records first. */
export interface Mailer {
  /**
   * Sends `message`. The outbox takes `q`, a transaction, to queue the mail in it (the mail then
   * exists only if that transaction commits); transports ignore it.
   */
  send(message: MailMessage, q?: Queryable): Promise<void>;
}
