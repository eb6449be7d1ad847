import { Writable } from 'node:stream';
import test from 'ava';
import { createLogger } from '../../src/logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('test', 'info', sink), lines };
}

const cases: [string, Record<string, unknown>][] = [
  ['top level', { secret: 'S' }],
  ['one level down', { endpoint: { secret: 'S' } }],
  ['four levels down', { a: { b: { c: { d: { secret: 'S' } } } } }],
  ['inside an array', { endpoints: [{ url: 'https://x.example', secret: 'S' }] }],
  ['a request header', { req: { headers: { authorization: 'Bearer S' } } }],
  ['payment credentials, as an object', { gateway: { credentials: { secret_key: 'S' } } }],
  ['a customer email deep in an invoice', { event: { data: { object: { customer_email: 'S' } } } }],
];

for (const [where, fields] of cases) {
  test(`logger: a secret ${where} is redacted`, (t) => {
    const { log, lines } = capture();
    log.info(fields, 'something happened');
    const text = JSON.stringify(lines[0]);
    t.false(text.includes('"S"') || text.includes('Bearer S'), text);
    t.true(text.includes('[redacted]'), text);
  });
}

test('logger: other fields, the service name and the message stay', (t) => {
  const { log, lines } = capture();
  log.info({ invoice_id: 'inv_1', nested: { count: 3 } }, 'invoice stored');
  t.like(lines[0], { service: 'test', msg: 'invoice stored', invoice_id: 'inv_1', nested: { count: 3 } });
});
