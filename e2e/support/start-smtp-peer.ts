// The SMTP peer of the browser tests: the server tests' real SMTP peer (apps/server/src/test/smtp-peer.ts)
// on a fixed port the e2e server sends its mails to, and a small HTTP mailbox the tests read them
// from (GET /mails?to=address, decoded).
import http from 'node:http';
import { startSmtpPeer } from '../../apps/server/src/test/smtp-peer';
import { readMime } from '../../apps/server/src/test/read-mime';
import { mailboxPort, smtpPort } from './smtp-peer-ports';
import { stopWithParent } from './stop-with-parent';

const peer = await startSmtpPeer({ port: smtpPort });
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://mailbox.invalid');
  if (url.pathname !== '/mails') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to');
  const mails = peer.received
    .filter((mail) => to === null || mail.to.includes(to))
    .map((mail) => {
      const read = readMime(mail.raw);
      return { to: mail.to, subject: read.subject, text: read.text ?? '', html: read.html ?? '' };
    });
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(mails));
});
server.listen(mailboxPort, '127.0.0.1');

function stop() {
  server.close();
  void peer.close().then(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
stopWithParent(stop);
