import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { loadSinkConfig } from './config.ts';
import { MessageStore, type StoredMessage } from './store.ts';

/**
 * SMTP sink for the local stack and the tests: accepts any message on the SMTP port (no auth, no
 * TLS), keeps it in <repo>/.local/smtp/messages.jsonl, and shows the messages over HTTP:
 *   GET    /messages[?to=ADDR]   JSON array, newest last
 *   DELETE /messages             clears them
 *   GET    /healthz              200 when up
 * Output goes to stdout, which stack.sh sends to .local/logs/smtp.log.
 */
const config = loadSinkConfig();
const store = new MessageStore(config.dir);
await store.init();

const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), msg, ...extra }));

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '').filter(Boolean));
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  banner: 'invoice-platform smtp-sink',
  size: 50 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then(async (mail) => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        const mailFrom = session.envelope.mailFrom;
        const message: StoredMessage = {
          id: randomUUID(),
          received_at: new Date().toISOString(),
          message_id: mail.messageId ?? null,
          from: addresses(mail.from)[0] ?? (mailFrom ? mailFrom.address : ''),
          // The envelope is who the message was delivered to (Bcc included).
          to: envelopeTo.length > 0 ? envelopeTo : addresses(mail.to),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : null,
          attachments: mail.attachments.map((a) => ({
            filename: a.filename ?? null,
            contentType: a.contentType,
            size: a.size ?? a.content.length,
            sha256: createHash('sha256').update(a.content).digest('hex'),
          })),
        };
        await store.append(message);
        log('message stored', { id: message.id, to: message.to.length, attachments: message.attachments.length });
        callback();
      })
      .catch((err: unknown) => {
        log('message rejected', { err: String(err) });
        callback(err instanceof Error ? err : new Error(String(err)));
      });
  },
});
smtp.on('error', (err) => log('smtp error', { err: err.message }));

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sink');
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (err: unknown) => send(500, { error: String(err) });
  if (url.pathname === '/healthz' && req.method === 'GET') return send(200, { ok: true });
  if (url.pathname !== '/messages') return send(404, { error: 'not found' });
  if (req.method === 'GET') {
    store.list(url.searchParams.get('to') ?? undefined).then((messages) => send(200, messages), fail);
    return;
  }
  if (req.method === 'DELETE') {
    store.clear().then(() => send(200, { cleared: true }), fail);
    return;
  }
  send(405, { error: 'method not allowed' });
});

await new Promise<void>((resolve, reject) => {
  smtp.server.once('error', reject);
  smtp.listen(config.smtpPort, config.smtpHost, () => resolve());
});
await new Promise<void>((resolve, reject) => {
  http.once('error', reject);
  http.listen(config.httpPort, config.httpHost, () => resolve());
});
log('smtp-sink listening', {
  smtp: `${config.smtpHost}:${config.smtpPort}`,
  http: `${config.httpHost}:${config.httpPort}`,
  file: store.file,
});

const stop = (signal: string) => {
  log('stopping', { signal });
  http.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
