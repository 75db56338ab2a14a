import http from 'node:http';
import { startTestSmtpServer } from './smtp.test-support.ts';

/*
 * A real SMTP server for the e2e journeys (issue #15): the app server sends to it through
 * SMTP_URL like to any mail server; the journeys read what arrived over HTTP on another port
 * (GET /messages: every message, parsed). Started by Playwright next to the app server.
 *   node apps/server/src/mail/smtp-sink.test-support.ts <smtp port> <http port>
 */
const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) {
  console.error('usage: node apps/server/src/mail/smtp-sink.test-support.ts <smtp port> <http port>');
  process.exit(2);
}
const smtp = await startTestSmtpServer({ port: smtpPort });
const server = http.createServer((request, response) => {
  if (request.url === '/healthz') {
    response.end('ok');
    return;
  }
  if (request.url !== '/messages') {
    response.statusCode = 404;
    response.end();
    return;
  }
  const messages = smtp.messages.map((message) => ({
    to: message.to,
    from: message.from,
    subject: message.parsed.header('subject') ?? '',
    replyTo: message.parsed.header('reply-to') ?? '',
    text: message.parsed.text ?? '',
    html: message.parsed.html ?? '',
  }));
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(messages));
});
server.listen(httpPort, '127.0.0.1');
const stop = () => {
  server.close();
  void smtp.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
