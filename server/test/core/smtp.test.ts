import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { deliverMail } from '../../src/mail/outbox';
import { smtpTransport } from '../../src/mail/smtp';
import { setupTestServer } from '../harness';

// A minimal SMTP server (plain, no auth) that records what it receives, or refuses every sender.
function fakeSmtp(refuse = false): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            data = false;
            socket.write('250 queued\r\n');
          } else messages[messages.length - 1] += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake\r\n250 OK\r\n');
        else if (cmd === 'MAIL') socket.write(refuse ? '550 sender refused\r\n' : '250 OK\r\n');
        else if (cmd === 'RCPT') socket.write('250 OK\r\n');
        else if (cmd === 'DATA') {
          data = true;
          messages.push('');
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, messages })));
}

const t = setupTestServer();

/** An outbox row as the mailer writes it (with its delivery job, which these tests run by hand). */
async function outboxRow(subject: string, text: string): Promise<string> {
  const id = `mail-${Date.now()}`;
  await t().db.query('INSERT INTO mail_outbox (id, to_address, subject, body) VALUES ($1, $2, $3, $4)', [id, 'ann@example.com', subject, text]);
  return id;
}

test('with SMTP_URL a mail goes out over SMTP and its outbox row is marked sent; delivering it again sends nothing', async () => {
  const smtp = await fakeSmtp();
  try {
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Halcyon <no-reply@halcyon.test>');
    const id = await outboxRow('Halcyon: reset your password', 'Open this link: http://localhost/x');
    await deliverMail(t().db, transport, t().app.log, id);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain('Subject: Halcyon: reset your password');
    expect(smtp.messages[0]).toContain('To: ann@example.com');
    const row = await t().db.query<{ sent_at: Date | null; error: string | null }>('SELECT sent_at, error FROM mail_outbox');
    expect(row.rows).toEqual([{ sent_at: expect.any(Date), error: null }]);
    // A job retried after the send (a crash before it was marked done) finds the mail sent.
    await deliverMail(t().db, transport, t().app.log, id);
    expect(smtp.messages).toHaveLength(1);
  } finally {
    smtp.server.close();
  }
});

test('a refusing SMTP server: the error is kept on the outbox row and thrown, so the job queue retries', async () => {
  const smtp = await fakeSmtp(true);
  try {
    const id = await outboxRow('Hi', 'Body');
    await expect(deliverMail(t().db, smtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Halcyon <no-reply@halcyon.test>'), t().app.log, id)).rejects.toThrow(/550|refused/);
    const row = await t().db.query<{ sent_at: Date | null; error: string | null }>('SELECT sent_at, error FROM mail_outbox');
    expect(row.rows[0]?.sent_at).toBeNull();
    expect(row.rows[0]?.error).toMatch(/550|refused/);
  } finally {
    smtp.server.close();
  }
});
