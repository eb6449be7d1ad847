import test from 'ava';
import { normaliseEventTypes, toPublicEvent } from '../../src/domain/events.ts';
import { fanOutDeliveryId } from '../../src/domain/ids.ts';
import { isSuccessStatus, maxAttempts, nextAttemptAt } from '../../src/domain/schedule.ts';

const minute = 60_000;
const hour = 60 * minute;

test('nextAttemptAt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, then none (8 attempts)', (t) => {
  const at = new Date('2025-03-01T00:00:00.000Z');
  const delays = [1 * minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour, 12 * hour, 24 * hour];
  t.is(maxAttempts, 8);
  delays.forEach((delay, i) =>
    t.is(nextAttemptAt(i + 1, at)!.getTime() - at.getTime(), delay, `after attempt ${i + 1}`),
  );
  t.is(nextAttemptAt(8, at), undefined);
  t.is(delays.reduce((a, b) => a + b, 0) / hour, 44.6);
});

const statuses: [number | undefined, boolean][] = [
  [200, true],
  [204, true],
  [299, true],
  [301, false],
  [302, false],
  [400, false],
  [500, false],
  [undefined, false],
];
for (const [status, ok] of statuses) {
  test(`isSuccessStatus: ${status} is ${ok ? 'success' : 'failure'}`, (t) => t.is(isSuccessStatus(status), ok));
}

const lifecycle = {
  id: 'evt_A',
  object: 'event',
  type: 'invoice.paid',
  created: '2025-03-04T10:15:30.120Z',
  workspace_id: 'WS1',
  sequence: 3,
  data: { object: { id: 'inv_1', invoice_status: 'paid', amount_paid: 10 }, previous_status: 'unpaid' },
};

test('toPublicEvent: the public envelope without workspace_id and sequence', (t) => {
  const ev = toPublicEvent(lifecycle)!;
  t.like(ev, { id: 'evt_A', type: 'invoice.paid', workspaceId: 'WS1', invoiceId: 'inv_1' });
  t.deepEqual(JSON.parse(ev.body), {
    id: 'evt_A',
    object: 'event',
    type: 'invoice.paid',
    created: '2025-03-04T10:15:30.120Z',
    data: { object: { id: 'inv_1', invoice_status: 'paid', amount_paid: 10 }, previous_status: 'unpaid' },
  });
});

test('toPublicEvent: previous_status only on status events; internal and malformed events are not forwarded', (t) => {
  const created = toPublicEvent({ ...lifecycle, type: 'invoice.created' })!;
  t.deepEqual(Object.keys(JSON.parse(created.body).data), ['object']);
  for (const type of ['invoice.status_changed', 'invoice.archived', 'invoice.pdf_updated', 'invoice.unknown'])
    t.is(toPublicEvent({ ...lifecycle, type }), undefined, type);
  t.is(toPublicEvent({ ...lifecycle, workspace_id: undefined }), undefined);
  t.is(toPublicEvent({ ...lifecycle, data: { object: {} } }), undefined);
});

// The money trail's opt-in events (docs/money-trail.md "Events") as the invoice service writes them.
const invoiceAfter = { id: 'inv_1', invoice_status: 'cancelled', amount_credited: 10, amount_due: 0 };
const creditNote = { id: 'cn_1', credit_note_number: 'CN-WS1-202503-1', invoice_id: 'inv_1', amount: 10 };
const payment = { id: 'pay_1', invoice_id: 'inv_1', amount: 4, method: 'bank_transfer', reference: null };
const noteCreated = {
  ...lifecycle,
  id: 'evt_CN',
  type: 'credit_note.created',
  data: { object: creditNote, invoice: invoiceAfter },
};
const paymentRecorded = {
  ...lifecycle,
  id: 'evt_PAY',
  type: 'invoice.payment_recorded',
  data: { object: invoiceAfter, payment },
};

test('toPublicEvent: credit_note.created carries the note as data.object and the invoice after it as data.invoice, filed under the invoice', (t) => {
  const ev = toPublicEvent(noteCreated)!;
  t.like(ev, { id: 'evt_CN', type: 'credit_note.created', workspaceId: 'WS1', invoiceId: 'inv_1' });
  t.deepEqual(JSON.parse(ev.body), {
    id: 'evt_CN',
    object: 'event',
    type: 'credit_note.created',
    created: '2025-03-04T10:15:30.120Z',
    data: { object: creditNote, invoice: invoiceAfter },
  });
});

test('toPublicEvent: invoice.payment_recorded carries the invoice after it as data.object and the payment as data.payment', (t) => {
  const ev = toPublicEvent(paymentRecorded)!;
  t.like(ev, { id: 'evt_PAY', type: 'invoice.payment_recorded', invoiceId: 'inv_1' });
  t.deepEqual(JSON.parse(ev.body).data, { object: invoiceAfter, payment });
});

test('toPublicEvent: a money-trail event without its second object, or with one without an id, is not forwarded', (t) => {
  const cases: [string, object][] = [
    ['note without invoice', { ...noteCreated, data: { object: creditNote } }],
    ['note with an invoice without id', { ...noteCreated, data: { object: creditNote, invoice: { amount_due: 0 } } }],
    ['note with an array as invoice', { ...noteCreated, data: { object: creditNote, invoice: [invoiceAfter] } }],
    ['payment without payment', { ...paymentRecorded, data: { object: invoiceAfter } }],
    ['payment with a payment id of 0', { ...paymentRecorded, data: { object: invoiceAfter, payment: { id: 0 } } }],
    ['payment without object', { ...paymentRecorded, data: { payment } }],
  ];
  for (const [name, event] of cases) t.is(toPublicEvent(event), undefined, name);
  // Only what each type carries: no previous_status on either, whatever the event holds.
  const withStatus = { ...noteCreated, data: { ...noteCreated.data, previous_status: 'unpaid', extra: 1 } };
  t.deepEqual(Object.keys(JSON.parse(toPublicEvent(withStatus)!.body).data), ['object', 'invoice']);
});

test('normaliseEventTypes: the opt-in types only when named; never by default', (t) => {
  t.false(normaliseEventTypes([]).types.some((type) => type.includes('credit_note') || type.includes('payment')));
  t.false(normaliseEventTypes(undefined).types.includes('recurring.paused'));
  t.deepEqual(normaliseEventTypes(['credit_note.created', 'invoice.paid', 'invoice.payment_recorded']), {
    types: ['invoice.paid', 'credit_note.created', 'invoice.payment_recorded'],
    unknown: [],
  });
  t.deepEqual(normaliseEventTypes(['credit_note.issued', 'invoice.payment_received']).unknown, [
    'credit_note.issued',
    'invoice.payment_received',
  ]);
});

test('normaliseEventTypes: empty means all four; unknown names are reported', (t) => {
  t.deepEqual(normaliseEventTypes([]).types, [
    'invoice.created',
    'invoice.paid',
    'invoice.overdue',
    'invoice.cancelled',
  ]);
  t.deepEqual(normaliseEventTypes(['invoice.paid', 'invoice.paid']), { types: ['invoice.paid'], unknown: [] });
  t.deepEqual(normaliseEventTypes(['invoice.paid', 'invoice.archived']).unknown, ['invoice.archived']);
});

test('fanOutDeliveryId: the same pair gives the same id, another pair another', (t) => {
  const id = fanOutDeliveryId('evt_A', 'whe_1');
  t.regex(id, /^whd_[0-9A-Za-z]{22}$/);
  t.is(fanOutDeliveryId('evt_A', 'whe_1'), id);
  t.not(fanOutDeliveryId('evt_A', 'whe_2'), id);
  t.not(fanOutDeliveryId('evt_B', 'whe_1'), id);
});
