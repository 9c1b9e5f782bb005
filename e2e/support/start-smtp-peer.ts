// The SMTP peer of the browser tests: a real SMTP server (smtp-server) the e2e server sends its
// mails to, and a small HTTP mailbox the tests read them from (GET /mails?to=address, decoded).
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { readMime } from '../../apps/server/src/test/read-mime';
import { mailboxPort, smtpPort } from './smtp-peer-ports';

const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  // Plain SMTP on the loopback, as in the server tests' peer (apps/server/src/test/smtp-peer.ts).
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://mailbox.invalid');
  if (url.pathname !== '/mails') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to');
  const mails = received
    .filter((mail) => to === null || mail.to.includes(to))
    .map((mail) => {
      const read = readMime(mail.raw);
      return { to: mail.to, subject: read.subject, text: read.text ?? '', html: read.html ?? '' };
    });
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(mails));
});
server.listen(mailboxPort, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    smtp.close(() => process.exit(0));
  });
}
