import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465 (nodemailer's connection URL). */
export function smtpTransport(url: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
