import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/types';
import type { MailMessage, Mailer, Outbox } from './mailer';

/** The job queue's kind that delivers one outbox mail (jobs/index.ts). */
export const MAIL_JOB = 'mail';

export interface MailJob {
  mailId: string;
}

/** Where delivery jobs are queued (jobs/queue.ts's JobQueue; mail/ stays below jobs/). */
interface JobSender {
  send(name: string, data: object, q?: Queryable): Promise<unknown>;
}

/**
 * Every mail is written to `mail_outbox` first (an audit trail, and the dev "inbox") together with
 * a delivery job in the same transaction, so a mail is never lost between the two; the job queue
 * delivers it, retrying with backoff while the mail server fails. Without a transport the mail
 * stays in the outbox only. The row is written by the database's mail_outbox_add (migration 018),
 * which a money function also calls for its alert, and which opens the mail with the recipient's
 * anti-phishing phrase (docs/security.md "Alerts"). The log shows recipient and subject; the body (it may hold a reset
 * link) only at debug.
 */
export function outboxMailer(db: Db, log: FastifyBaseLogger, jobs: JobSender, transport: Mailer | null): Outbox {
  const recorded = async (id: string, message: MailMessage, q: Queryable) => {
    if (transport) await jobs.send(MAIL_JOB, { mailId: id } satisfies MailJob, q);
    if (message.decoy) log.info({ mailId: id, subject: message.subject }, 'decoy mail recorded (rolled back, never sent)');
    else log.info({ mailId: id, to: message.to, subject: message.subject }, 'mail queued');
    log.debug({ mailId: id, body: message.text }, 'mail body');
  };
  const record = async (q: Queryable, id: string, message: MailMessage) => {
    await q.query('SELECT mail_outbox_add($1, $2, $3, $4)', [id, message.to, message.subject, message.text]);
    await recorded(id, message, q);
  };
  return {
    delivers: transport !== null,
    recorded,
    async send(message: MailMessage, q?: Queryable) {
      const id = randomUUID();
      if (q) await record(q, id, message);
      else await db.tx((tx) => record(tx, id, message));
    },
  };
}

/**
 * Delivers one outbox mail unless it was delivered already (a job retried after the send but before
 * it was marked). A transport failure is recorded on the row and thrown, so the queue retries.
 */
export async function deliverMail(db: Queryable, transport: Mailer, log: FastifyBaseLogger, mailId: string): Promise<void> {
  const { rows } = await db.query<{ to_address: string; subject: string; body: string }>(
    'SELECT to_address, subject, body FROM mail_outbox WHERE id = $1 AND sent_at IS NULL',
    [mailId],
  );
  const mail = rows[0];
  if (!mail) return;
  try {
    await transport.send({ to: mail.to_address, subject: mail.subject, text: mail.body });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    log.error({ mailId, err: text }, 'mail transport failed');
    await db.query('UPDATE mail_outbox SET error = $2 WHERE id = $1', [mailId, text.slice(0, 500)]);
    throw error;
  }
  await db.query('UPDATE mail_outbox SET sent_at = now(), error = NULL WHERE id = $1', [mailId]);
}
