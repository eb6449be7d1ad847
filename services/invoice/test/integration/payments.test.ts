import { AppError, type ErrorKind } from '@invoice-platform/common/errors';
import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import test, { type ExecutionContext } from 'ava';
import { EventLog, type LifecycleEvent } from '@invoice-platform/test-support/events';
import { Platform } from '@invoice-platform/test-support/platform';

// RecordPayment and ListPayments on the invoice service with its real peers and stack, over gRPC
// as the gateway calls them, and MarkPaidByPayment after a partial payment
// (docs/money-trail.md "Partial payments"); events read from Kafka as a consumer would.

const platform = new Platform({ invoices: true });
let invoice: UnaryClient;
let events: EventLog;
let workspaceId: string;

test.before(async () => {
  await platform.start();
  invoice = createUnaryClient(
    loadService('invoiceplatform/invoice/v1/invoice.proto', 'invoiceplatform.invoice.v1.InvoiceService'),
    platform.invoiceAddr,
    60_000,
  );
  events = await new EventLog(platform.stack.KAFKA_BROKERS!).start();
  workspaceId = (await platform.client('enterprise', 'unlimited')).workspaceId;
});

test.after.always(async () => {
  await events?.stop();
  invoice?.close();
  await platform.stop();
});

interface Payment {
  id: string;
  invoice_id: string;
  amount: string;
  currency: string;
  method: string;
  reference?: string;
  paid_at: string;
  payment_gateway?: string;
  amount_applied: string;
}

interface Invoice {
  id: string;
  invoice_status: string;
  amount: string;
  amount_paid: string;
  amount_due: string;
  amount_received: string;
  paid_at?: string;
  payments: Payment[];
}

interface Recorded {
  payment: Payment;
  replayed: boolean;
  invoice: Invoice;
  status_changed: boolean;
}

/** EUR 100.00 (no tax). */
async function newInvoice(ws = workspaceId, price = '100'): Promise<Invoice> {
  const made = await invoice.call<{ id: string }>('GenerateInvoice', {
    workspace_id: ws,
    source: 'api',
    customer_name: 'Teilzahler GmbH',
    currency: 'EUR',
    items: [{ description: 'Beratung', quantity: '1', price }],
  });
  return get(made.id, ws);
}

const get = (id: string, ws = workspaceId) => invoice.call<Invoice>('GetInvoice', { workspace_id: ws, invoice_id: id });

const record = (inv: Pick<Invoice, 'id'>, fields: Record<string, unknown>, ws = workspaceId) =>
  invoice.call<Recorded>('RecordPayment', { workspace_id: ws, invoice_id: inv.id, source: 'api', ...fields });

const list = async (inv: Pick<Invoice, 'id'>, ws = workspaceId) =>
  (await invoice.call<{ payments?: Payment[] }>('ListPayments', { workspace_id: ws, invoice_id: inv.id })).payments ??
  [];

let providerIds = 0;
const payOnline = (inv: Pick<Invoice, 'id'>, amount: string) =>
  invoice.call<{ invoice_status: string; status_changed: boolean; payment_recorded: boolean }>('MarkPaidByPayment', {
    workspace_id: workspaceId,
    invoice_id: inv.id,
    payment_gateway: 'stripe',
    provider_payment_id: `pi_partial_${Date.now().toString(36)}_${++providerIds}`,
    amount,
    currency: 'EUR',
  });

/** Every event of the invoice up to a fence (archiving writes invoice.archived after all before it). */
async function eventsUntilFence(inv: Pick<Invoice, 'id'>): Promise<LifecycleEvent[]> {
  await invoice.call('SetArchived', { workspace_id: workspaceId, invoice_id: inv.id, is_archived: true });
  const all = await events.waitFor(inv.id, (l) => l.some((e) => e.type === 'invoice.archived'));
  return all.slice(
    0,
    all.findIndex((e) => e.type === 'invoice.archived'),
  );
}

const types = (l: LifecycleEvent[]) => l.map((e) => e.type);

async function refused(t: ExecutionContext, call: Promise<unknown>, kind: ErrorKind): Promise<AppError> {
  const err = await t.throwsAsync(call);
  t.true(err instanceof AppError, String(err));
  t.is((err as AppError).kind, kind, err?.message);
  return err as AppError;
}

const paths = (err: AppError) => (err.details?.errors as { path: string }[]).map((e) => e.path);

test('RecordPayment: a partial then the closing payment; amount_paid and amount_due follow; the closing one moves to paid with invoice.paid', async (t) => {
  const inv = await newInvoice();
  t.like(inv, { invoice_status: 'unpaid', amount: '100.00', amount_paid: '0.00', amount_due: '100.00' });

  const first = await record(inv, {
    amount: '30.5',
    method: 'bank_transfer',
    reference: 'SEPA 2026-11-4711',
    paid_at: '2026-11-02T09:00:00+01:00',
  });
  t.false(first.replayed);
  t.false(first.status_changed);
  t.regex(first.payment.id, /^pay_[0-9A-Za-z]{22}$/);
  t.like(first.payment, {
    invoice_id: inv.id,
    amount: '30.50',
    currency: 'EUR',
    method: 'bank_transfer',
    reference: 'SEPA 2026-11-4711',
    paid_at: '2026-11-02T08:00:00.000Z',
    amount_applied: '30.50',
  });
  t.like(first.invoice, { invoice_status: 'unpaid', amount_paid: '30.50', amount_due: '69.50', amount_received: '0' });

  const closing = await record(inv, { amount: '69.50', method: 'cash' });
  t.true(closing.status_changed);
  t.like(closing.invoice, { invoice_status: 'paid', amount_paid: '100.00', amount_due: '0.00' });
  t.is(closing.invoice.paid_at, closing.payment.paid_at, 'paid when the closing payment was');
  t.like(await get(inv.id), { invoice_status: 'paid', amount_paid: '100.00', amount_due: '0.00' });

  const listed = await list(inv);
  t.deepEqual(
    listed.map((p) => [p.id, p.method, p.amount]),
    [
      [first.payment.id, 'bank_transfer', '30.50'],
      [closing.payment.id, 'cash', '69.50'],
    ],
  );
  t.is(listed[1]!.reference, undefined, 'no reference given');

  // A paid invoice takes no more recorded money: 400, nothing written.
  const err = await refused(t, record(inv, { amount: '1' }), 'application');
  t.regex(err.message, /is paid/);

  const log = await eventsUntilFence(inv);
  t.deepEqual(types(log), [
    'invoice.created',
    'invoice.payment_recorded',
    'invoice.payment_recorded',
    'invoice.paid',
    'invoice.status_changed',
  ]);
  const recorded = log[1]!.data as { object: Record<string, unknown>; payment?: Record<string, unknown> };
  t.like(recorded.object, { id: inv.id, invoice_status: 'unpaid', amount_paid: 30.5 });
  t.like(recorded.payment, { id: first.payment.id, amount: 30.5, method: 'bank_transfer', invoice_id: inv.id });
  t.like(log[3]!.data, { previous_status: 'unpaid', object: { invoice_status: 'paid', amount_paid: 100 } });
});

test('RecordPayment: more than amount_due is a 400 naming body.amount; paid, cancelled, unknown and other workspaces are refused; nothing is written', async (t) => {
  const inv = await newInvoice();
  await record(inv, { amount: '40' });

  const over = await refused(t, record(inv, { amount: '60.01' }), 'validation');
  t.deepEqual(paths(over), ['body.amount']);
  t.regex(JSON.stringify(over.details), /at most the amount due, 60.00 EUR/);
  for (const [fields, path] of [
    [{ amount: '10.001' }, 'body.amount'],
    [{ amount: '0' }, 'body.amount'],
    [{ amount: '5', method: 'online' }, 'body.method'],
    [{ amount: '5', reference: 'x'.repeat(201) }, 'body.reference'],
    [{ amount: '5', paid_at: '2099-01-01T00:00:00Z' }, 'body.paid_at'],
  ] as const)
    t.deepEqual(paths(await refused(t, record(inv, fields), 'validation')), [path], JSON.stringify(fields));

  const other = await platform.client('enterprise', 'unlimited');
  await refused(t, record(inv, { amount: '1' }, other.workspaceId), 'not_found');
  await refused(t, list(inv, other.workspaceId), 'not_found');
  await refused(t, record({ id: 'inv_doesnotexist0000000000' }, { amount: '1' }), 'not_found');

  t.like(await get(inv.id), { invoice_status: 'unpaid', amount_paid: '40.00', amount_due: '60.00' });
  t.is((await list(inv)).length, 1);

  const cancelled = await newInvoice();
  await invoice.call('UpdateInvoiceStatus', {
    workspace_id: workspaceId,
    invoice_id: cancelled.id,
    status: 'cancelled',
  });
  const err = await refused(t, record(cancelled, { amount: '1' }), 'application');
  t.regex(err.message, /is cancelled/);
  t.deepEqual(await list(cancelled), []);
  t.deepEqual(types(await eventsUntilFence(inv)), ['invoice.created', 'invoice.payment_recorded']);
});

test('RecordPayment: a retry with the same Idempotency-Key replays the payment; another body under it is 422', async (t) => {
  const inv = await newInvoice();
  const key = `pay-key-${Date.now()}`;
  const first = await record(inv, { amount: '25', idempotency_key: key, request_fingerprint: 'fp-a' });
  const again = await record(inv, { amount: '25', idempotency_key: key, request_fingerprint: 'fp-a' });
  t.true(again.replayed);
  t.false(again.status_changed);
  t.deepEqual(again.payment, first.payment);
  t.like(again.invoice, { amount_paid: '25.00', amount_due: '75.00' });

  await refused(t, record(inv, { amount: '26', idempotency_key: key, request_fingerprint: 'fp-b' }), 'unprocessable');
  // The same key from the dashboard is another namespace; on another invoice, another request.
  t.false((await record(inv, { amount: '1', source: 'dashboard', idempotency_key: key })).replayed);
  const second = await newInvoice();
  t.false((await record(second, { amount: '25', idempotency_key: key, request_fingerprint: 'fp-a' })).replayed);

  // A replay after the payment closed the invoice still answers the payment.
  const closing = await record(inv, { amount: '74', idempotency_key: `${key}-close`, request_fingerprint: 'fp-c' });
  t.true(closing.status_changed);
  const replayed = await record(inv, { amount: '74', idempotency_key: `${key}-close`, request_fingerprint: 'fp-c' });
  t.like(replayed, { replayed: true, status_changed: false, invoice: { invoice_status: 'paid' } });
  t.is(replayed.payment.id, closing.payment.id);
  t.is((await list(inv)).length, 3);
});

test('RecordPayment: concurrent payments never pass the amount, and the closing one moves the invoice to paid once', async (t) => {
  const inv = await newInvoice(workspaceId, '100');
  // 12 × 10.00 against 100.00 due: at most 10 fit.
  const results = await Promise.allSettled(Array.from({ length: 12 }, () => record(inv, { amount: '10' })));
  const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  for (const r of results)
    if (r.status === 'rejected') {
      const kind = (r.reason as AppError).kind;
      // Over the due once the others were recorded, the invoice paid by them, or the change loop
      // gave up (409: retry).
      t.true(kind === 'validation' || kind === 'application' || kind === 'conflict', String(r.reason));
    }
  const now = await get(inv.id);
  const paid = (await list(inv)).reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
  t.is(paid, done.length * 1000, 'every answered payment is recorded, and only those');
  t.true(paid <= 10000, `recorded ${paid} cents of 10000`);
  t.is(Math.round(Number(now.amount_paid) * 100), paid);
  t.is(Math.round(Number(now.amount_due) * 100), 10000 - paid);
  t.is(done.filter((r) => r.status_changed).length, paid === 10000 ? 1 : 0);
  t.is(now.invoice_status, paid === 10000 ? 'paid' : 'unpaid');
  // Whatever was left, the invoice can be closed exactly once more.
  if (paid < 10000) {
    await record(inv, { amount: String((10000 - paid) / 100) });
  }
  t.like(await get(inv.id), { invoice_status: 'paid', amount_due: '0.00' });
  const log = types(await eventsUntilFence(inv));
  t.is(log.filter((type) => type === 'invoice.paid').length, 1);
  t.is(log.filter((type) => type === 'invoice.payment_recorded').length, (await list(inv)).length);
});

test('MarkPaidByPayment: an online payment of amount_due after a partial recorded payment marks the invoice paid; ListPayments lists both', async (t) => {
  const inv = await newInvoice();
  await record(inv, { amount: '30', method: 'bank_transfer' });
  t.like(await payOnline(inv, '70.00'), { invoice_status: 'paid', status_changed: true, payment_recorded: true });
  const now = await get(inv.id);
  t.like(now, { invoice_status: 'paid', amount_paid: '100.00', amount_due: '0.00', amount_received: '70.00' });
  t.deepEqual(
    (await list(inv)).map((p) => [p.method, p.amount, p.amount_applied, p.payment_gateway ?? null]),
    [
      ['bank_transfer', '30.00', '30.00', null],
      ['online', '70.00', '70.00', 'stripe'],
    ],
  );
  t.deepEqual(types(await eventsUntilFence(inv)), [
    'invoice.created',
    'invoice.payment_recorded',
    'invoice.payment_recorded',
    'invoice.paid',
    'invoice.status_changed',
  ]);
});

test('MarkPaidByPayment: a checkout opened for the whole amount, paid after a recorded payment, closes the invoice and receives the excess', async (t) => {
  const inv = await newInvoice();
  await record(inv, { amount: '30' });
  t.like(await payOnline(inv, '100'), { invoice_status: 'paid', status_changed: true });
  const now = await get(inv.id);
  t.like(now, { amount_paid: '100.00', amount_due: '0.00', amount_received: '100.00' });
  t.deepEqual(
    (await list(inv)).map((p) => [p.amount, p.amount_applied]),
    [
      ['30.00', '30.00'],
      ['100.00', '70.00'],
    ],
  );
  // Money after that is received, not applied, and not a recorded payment event.
  t.like(await payOnline(inv, '100'), { invoice_status: 'paid', status_changed: false, payment_recorded: true });
  t.like(await get(inv.id), { amount_paid: '100.00', amount_received: '200.00' });
  t.is((await list(inv))[2]!.amount_applied, '0.00');
  t.is(types(await eventsUntilFence(inv)).filter((type) => type === 'invoice.payment_recorded').length, 2);
});
