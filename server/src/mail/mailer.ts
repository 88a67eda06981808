export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Every implementation is wrapped by the outbox (mail/outbox.ts), which records first. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
