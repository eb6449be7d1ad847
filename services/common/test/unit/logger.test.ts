import { Writable } from 'node:stream';
import test from 'ava';
import { createLogger } from '../../src/logger.ts';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, log: createLogger('logger-test', 'info', sink) };
}

test('logger: payment credentials are redacted wherever they sit, their field names are not', (t) => {
  const { lines, log } = capture();
  const credentials = { secret_key: 'sk_test_REDACTME', webhook_secret: 'whsec_REDACTME' };
  log.info({ credentials, credential_fields: Object.keys(credentials) }, 'top level');
  log.info({ req: { provider: 'stripe', credentials } }, 'nested');
  t.is(lines.length, 2);
  for (const line of lines) {
    t.false(line.includes('REDACTME'), line);
    t.true(line.includes('"[redacted]"'), line);
  }
  t.true(lines[0]!.includes('"credential_fields":["secret_key","webhook_secret"]'));
});

test('logger: the other secrets stay redacted too', (t) => {
  const { lines, log } = capture();
  log.info({ raw_key: 'ipk_x_SECRET', token: 'SECRET', req: { headers: { authorization: 'Bearer SECRET' } } }, 'm');
  t.false(lines[0]!.includes('SECRET'), lines[0]);
});
