import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/types';
import type { MailMessage, Mailer } from './mailer';

/**
 * Every mail is written to `mail_outbox` first (an audit trail, and the dev "inbox"), then handed to
 * the transport. The log shows recipient and subject; the body (it may hold a reset link) only at debug.
 */
export function outboxMailer(db: Queryable, log: FastifyBaseLogger, transport: Mailer | null): Mailer {
  return {
    async send(message: MailMessage) {
      const id = randomUUID();
      await db.query('INSERT INTO mail_outbox (id, to_address, subject, body) VALUES ($1, $2, $3, $4)', [id, message.to, message.subject, message.text]);
      log.info({ mailId: id, to: message.to, subject: message.subject }, 'mail queued');
      log.debug({ mailId: id, body: message.text }, 'mail body');
      if (!transport) return;
      try {
        await transport.send(message);
        await db.query('UPDATE mail_outbox SET sent_at = now() WHERE id = $1', [id]);
      } catch (error) {
        // The caller's answer must not depend on the mail server (same reply for every email).
        const text = error instanceof Error ? error.message : String(error);
        log.error({ mailId: id, err: text }, 'mail transport failed');
        await db.query('UPDATE mail_outbox SET error = $2 WHERE id = $1', [id, text.slice(0, 500)]);
      }
    },
  };
}
