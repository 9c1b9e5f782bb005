/** Ports of the e2e SMTP peer (start-smtp-peer.ts), beside the test server's own (E2E_PORT). */
const testPort = Number(process.env.E2E_PORT ?? 3210);
export const smtpPort = testPort + 10;
export const mailboxPort = testPort + 11;
