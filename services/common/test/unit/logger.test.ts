import { Writable } from 'node:stream';
import test from 'ava';
import { newId } from '../../src/ids.ts';
import { createLogger, type Logger, shortenInvoiceIds } from '../../src/logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw.push(chunk.toString('utf8'));
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('test', 'info', sink), lines, raw };
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

test('logger: payment credentials are redacted wherever they sit, their field names are not', (t) => {
  const { log, lines } = capture();
  const credentials = { secret_key: 'sk_test_REDACTME', webhook_secret: 'whsec_REDACTME' };
  log.info({ credentials, credential_fields: Object.keys(credentials) }, 'top level');
  log.info({ req: { provider: 'stripe', credentials } }, 'nested');
  t.is(lines.length, 2);
  for (const line of lines.map((l) => JSON.stringify(l))) {
    t.false(line.includes('REDACTME'), line);
    t.true(line.includes('"[redacted]"'), line);
  }
  t.deepEqual(lines[0]!.credential_fields, ['secret_key', 'webhook_secret']);
});

// Invoice ids are capabilities for their public page (docs/observability.md#invoice-ids-in-logs):
// no line carries one whole, wherever it sits, and each carries the short form that correlates.
const id = newId('inv');
const short = `inv_${id.slice(4, 8)}…`;
const hex = (i: number) => `%${id.charCodeAt(i).toString(16)}`;
/** Encoded in its prefix and its third character, and one encoded only far into it. */
const encoded = `%69nv%5F${id.slice(4, 6)}${hex(6)}${id.slice(7)}`;
const encodedLate = `${id.slice(0, 12)}${hex(12)}${id.slice(13)}`;

const idCases: [string, (log: Logger) => void][] = [
  ['under invoice_id', (log) => log.info({ invoice_id: id }, 'invoice stored')],
  ['under an innocuous key', (log) => log.info({ id, replay_of: id, value: id }, 'replayed')],
  ['nested', (log) => log.info({ event: { data: { object: { invoice_id: id } } } }, 'event')],
  ['deeper than the secret paths go', (log) => log.info({ a: { b: { c: { d: { e: { f: { g: id } } } } } } }, 'x')],
  ['in an array', (log) => log.info({ invoices: [id, { invoice_id: id }] }, 'listed')],
  ['in a path', (log) => log.warn({ path: `/p/invoice/${id}/pdf` }, 'public page unavailable')],
  ['in a URL', (log) => log.info({ pdf_url: `https://invoices.example/p/invoice/${id}/pdf` }, 'generated')],
  ['in a query string', (log) => log.info({ url: `https://x.example/return?invoice=${id}&a=1` }, 'redirect')],
  ['percent-encoded in a raw path', (log) => log.warn({ path: `/p/invoice/${encoded}` }, 'public page failed')],
  ['percent-encoded late in a raw path', (log) => log.warn({ path: `/p/invoice/${encodedLate}/pdf` }, 'failed')],
  ['in the message', (log) => log.info(`invoice ${id} stored`)],
  ['in an interpolated message', (log) => log.info({ n: 1 }, 'invoice %s stored', id)],
  ['in an error logged under err', (log) => log.error({ err: new Error(`no invoice ${id}`) }, 'request failed')],
  ['in an error logged alone', (log) => log.error(new Error(`duplicate key { _id: "${id}" }`))],
  ['in an error message logged as a string', (log) => log.warn({ err: `not found: ${id}` }, 'render failed')],
  [
    'in a field of an error',
    (log) => log.error({ err: Object.assign(new Error('dup'), { keyValue: { _id: id } }) }, 'x'),
  ],
  ['as a key', (log) => log.info({ counts: { [id]: 2 } }, 'counted')],
  ['in a child logger binding', (log) => log.child({ invoice_id: id }).info('child')],
];

for (const [where, write] of idCases) {
  test(`logger: an invoice id ${where} is shortened`, (t) => {
    const { log, lines, raw } = capture();
    write(log);
    t.is(lines.length, 1);
    // Its last twelve characters are in any form of it that is not shortened.
    t.false(raw[0]!.includes(id.slice(-12)) || raw[0]!.includes(encoded), raw[0]);
    t.true(raw[0]!.includes(short), raw[0]);
  });
}

test('logger: every id of a line is shortened, beside redacted secrets', (t) => {
  const { log, lines, raw } = capture();
  const other = newId('inv');
  log.info({ invoice_id: id, secret: 'S', endpoint: { secret: 'S', invoices: [other] } }, `${id} and ${other}`);
  t.false(raw[0]!.includes(id.slice(4)) || raw[0]!.includes(other.slice(4)), raw[0]);
  t.like(lines[0], {
    invoice_id: short,
    secret: '[redacted]',
    endpoint: { secret: '[redacted]', invoices: [`inv_${other.slice(4, 8)}…`] },
    msg: `${short} and inv_${other.slice(4, 8)}…`,
  });
});

// A credit note id opens its public PDF as an invoice id opens its page: shortened alike.
const noteId = newId('cn');
const noteShort = `cn_${noteId.slice(3, 7)}…`;
const noteEncoded = `%63n%5f${noteId.slice(3)}`;
const noteCases: [string, (log: Logger) => void][] = [
  ['under credit_note_id', (log) => log.info({ credit_note_id: noteId }, 'credit note stored')],
  ['in its public PDF path', (log) => log.warn({ path: `/p/credit-note/${noteId}/pdf` }, 'public pdf unavailable')],
  ['percent-encoded in a raw path', (log) => log.warn({ path: `/p/credit-note/${noteEncoded}/pdf` }, 'failed')],
  ['in an error message', (log) => log.error({ err: new Error(`no credit note ${noteId}`) }, 'request failed')],
];
for (const [where, write] of noteCases) {
  test(`logger: a credit note id ${where} is shortened`, (t) => {
    const { log, lines, raw } = capture();
    write(log);
    t.is(lines.length, 1);
    t.false(raw[0]!.includes(noteId.slice(-12)) || raw[0]!.includes(noteEncoded), raw[0]);
    t.true(raw[0]!.includes(noteShort), raw[0]);
  });
}

test('logger: other ids, short look-alikes and an already short id stay as they are', (t) => {
  const { log, lines } = capture();
  const others = {
    workspace_id: newId('ws'),
    series_id: newId('rs'),
    event_id: newId('evt'),
    file_id: newId('pdf'),
    delivery_id: newId('whd'),
    invoice_number: 'INV-2024-0001',
    db: 'invoice_test_ab12',
    tiny: 'inv_1',
    tinyNote: 'cn_12',
    shortened: short,
    percent: '100%',
  };
  log.info(others, 'unrelated');
  t.like(lines[0], others);
});

test('logger: shortenInvoiceIds leaves a line without an id untouched and keeps JSON valid', (t) => {
  const line = '{"level":"info","msg":"50% done","path":"/p/invoice/%22x"}';
  t.is(shortenInvoiceIds(line), line);
  const out = shortenInvoiceIds(`{"a":"${id}","b":"/p/invoice/${encoded}\\n"}`);
  t.deepEqual(JSON.parse(out), { a: short, b: `/p/invoice/${short}\n` });
});
