import { AppError, type ErrorKind } from '@invoice-platform/common/errors';
import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import test, { type ExecutionContext } from 'ava';
import { EventLog, type LifecycleEvent } from '@invoice-platform/test-support/events';
import { Platform, uniqueIp, waitFor } from '@invoice-platform/test-support/platform';

// MarkPaidByPayment on the invoice service with its real peers (accounts, pdf) and stack, called
// over gRPC as the payment service calls it; events read from Kafka as a consumer would.

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

interface Invoice {
  id: string;
  invoice_number: string;
  invoice_status: string;
  currency: string;
  amount: string;
  paid_at?: string;
  amount_paid: string;
  amount_received: string;
  pdf_status: string;
  sequence: number;
}

interface MarkPaidResponse {
  id: string;
  invoice_number: string;
  invoice_status: string;
  paid_at?: string;
  payment_recorded: boolean;
  status_changed: boolean;
  previous_status: string;
}

let paymentIds = 0;
const paymentId = (prefix = 'pay') => `${prefix}_${Date.now().toString(36)}_${++paymentIds}`;

/** USD: 2 × 150000 + 10% tax = 330000.00. IDR (no minor unit here): 2 × 150000 = 300000. */
async function newInvoice(currency: 'USD' | 'IDR' = 'USD', ws = workspaceId): Promise<Invoice> {
  const made = await invoice.call<{ id: string }>('GenerateInvoice', {
    workspace_id: ws,
    source: 'api',
    customer_name: 'PT Bayar',
    currency,
    tax_rate: currency === 'USD' ? '10' : '0',
    items: [{ description: 'Design', quantity: '2', price: '150000' }],
  });
  return get(made.id, ws);
}

const get = (id: string, ws = workspaceId) => invoice.call<Invoice>('GetInvoice', { workspace_id: ws, invoice_id: id });

function pay(inv: Pick<Invoice, 'id'>, fields: Record<string, unknown> = {}, ws = workspaceId) {
  return invoice.call<MarkPaidResponse>('MarkPaidByPayment', {
    workspace_id: ws,
    invoice_id: inv.id,
    payment_gateway: 'stripe',
    provider_payment_id: paymentId(),
    amount: '330000.00',
    currency: 'USD',
    ...fields,
  });
}

const setStatus = (inv: Invoice, status: string) =>
  invoice.call<{ changed: boolean }>('UpdateInvoiceStatus', { workspace_id: workspaceId, invoice_id: inv.id, status });

/**
 * Every event of the invoice up to a fence: archiving writes invoice.archived after whatever the
 * calls before it wrote, and one invoice's events arrive in order, so an event a call wrongly wrote
 * is in the list by the time the fence is.
 */
async function eventsUntilFence(inv: Invoice): Promise<LifecycleEvent[]> {
  await invoice.call('SetArchived', { workspace_id: workspaceId, invoice_id: inv.id, is_archived: true });
  const all = await events.waitFor(inv.id, (list) => list.some((e) => e.type === 'invoice.archived'));
  return all.slice(
    0,
    all.findIndex((e) => e.type === 'invoice.archived'),
  );
}

const types = (list: LifecycleEvent[]) => list.map((e) => e.type);

async function refused(t: ExecutionContext, call: Promise<unknown>, kind: ErrorKind): Promise<AppError> {
  const err = await t.throwsAsync(call);
  t.true(err instanceof AppError, String(err));
  t.is((err as AppError).kind, kind, err?.message);
  return err as AppError;
}

/** The file name the public PDF route serves once the re-render of the last change is stored. */
async function renderedPdfName(inv: Invoice): Promise<string | null> {
  await waitFor('the re-rendered PDF', async () => (await get(inv.id)).pdf_status === 'ready', 60_000, 200);
  const res = await fetch(`${platform.gateway.baseUrl}/p/invoice/${inv.id}/pdf`, {
    headers: { 'x-forwarded-for': uniqueIp() },
  });
  await res.arrayBuffer();
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
}

test('an unpaid invoice becomes paid at the provider time, with invoice.paid carrying the amounts and the PDF re-rendered as PAID', async (t) => {
  const inv = await newInvoice();
  t.like(inv, { invoice_status: 'unpaid', amount: '330000.00', amount_received: '0', amount_paid: '0.00' });

  // The provider reports 330000 (no trailing zeros) in lower case: the same money as 330000.00 USD.
  const res = await pay(inv, { amount: '330000', currency: 'usd', paid_at: '2026-11-20T08:30:00+07:00' });
  t.like(res, {
    id: inv.id,
    invoice_number: inv.invoice_number,
    invoice_status: 'paid',
    paid_at: '2026-11-20T01:30:00.000Z',
    payment_recorded: true,
    status_changed: true,
    previous_status: 'unpaid',
  });
  t.like(await get(inv.id), {
    invoice_status: 'paid',
    paid_at: '2026-11-20T01:30:00.000Z',
    amount_paid: '330000.00',
    amount_received: '330000.00',
  });

  const list = await events.waitFor(inv.id, (l) => l.some((e) => e.type === 'invoice.status_changed'));
  t.deepEqual(types(list), ['invoice.created', 'invoice.payment_recorded', 'invoice.paid', 'invoice.status_changed']);
  const paid = list[2]!;
  t.is(paid.data.previous_status, 'unpaid');
  t.like(paid.data.object, {
    id: inv.id,
    invoice_status: 'paid',
    paid_at: '2026-11-20T01:30:00.000Z',
    amount: 330000,
    amount_paid: 330000,
    amount_received: 330000,
    amount_credited: 0,
  });
  t.is(list[3]!.data.previous_status, 'unpaid');

  t.is(await renderedPdfName(inv), `${inv.invoice_number}-PAID.pdf`);
});

test('a repeated notification changes nothing and sends no second event', async (t) => {
  const inv = await newInvoice();
  const id = paymentId('pi');
  const first = await pay(inv, { provider_payment_id: id });
  t.like(first, { payment_recorded: true, status_changed: true });
  const after = await get(inv.id);

  for (const again of [{}, { paid_at: '2026-01-01T00:00:00Z' }]) {
    const res = await pay(inv, { provider_payment_id: id, ...again });
    t.like(res, {
      id: inv.id,
      invoice_number: inv.invoice_number,
      invoice_status: 'paid',
      paid_at: first.paid_at,
      payment_recorded: false,
      status_changed: false,
      previous_status: 'paid',
    });
  }
  t.like(await get(inv.id), { invoice_status: 'paid', paid_at: after.paid_at, amount_received: '330000.00' });
  t.deepEqual(types(await eventsUntilFence(inv)), [
    'invoice.created',
    'invoice.payment_recorded',
    'invoice.paid',
    'invoice.status_changed',
  ]);
});

test('an overdue invoice becomes paid (previous_status overdue, paid_at now); an IDR amount matches with or without decimals', async (t) => {
  const inv = await newInvoice('IDR');
  t.is(inv.amount, '300000');
  t.like(await setStatus(inv, 'overdue'), { changed: true });

  const before = Date.now();
  const res = await pay(inv, { payment_gateway: 'midtrans', amount: '300000.00', currency: 'IDR' });
  t.like(res, { invoice_status: 'paid', payment_recorded: true, status_changed: true, previous_status: 'overdue' });
  const paidAt = new Date(res.paid_at!).getTime();
  t.true(paidAt >= before - 1000 && paidAt <= Date.now() + 1000, `paid_at ${res.paid_at} is the time of the call`);
  t.like(await get(inv.id), { invoice_status: 'paid', amount_received: '300000', amount_paid: '300000' });

  const list = await eventsUntilFence(inv);
  t.deepEqual(types(list), [
    'invoice.created',
    'invoice.overdue',
    'invoice.status_changed',
    'invoice.payment_recorded',
    'invoice.paid',
    'invoice.status_changed',
  ]);
  t.is(list[4]!.data.previous_status, 'overdue');
  t.like(list[4]!.data.object, { amount_paid: 300000, amount_received: 300000 });
});

test('an invoice already paid records the money only: no move, no event, paid_at kept; each provider payment counts once', async (t) => {
  const inv = await newInvoice();
  t.like(await setStatus(inv, 'paid'), { changed: true });
  const paidByPut = await get(inv.id);
  t.is(paidByPut.amount_received, '0', 'a PUT status paid receives no money');

  const res = await pay(inv, { provider_payment_id: 'shared_id', paid_at: '2026-11-21T00:00:00Z' });
  t.like(res, {
    invoice_status: 'paid',
    paid_at: paidByPut.paid_at,
    payment_recorded: true,
    status_changed: false,
    previous_status: 'paid',
  });
  // The same id at another provider is another payment.
  t.like(await pay(inv, { provider_payment_id: 'shared_id', payment_gateway: 'xendit' }), { payment_recorded: true });
  t.like(await pay(inv, { provider_payment_id: 'shared_id' }), { payment_recorded: false });
  t.like(await get(inv.id), {
    invoice_status: 'paid',
    paid_at: paidByPut.paid_at,
    amount_paid: '330000.00',
    amount_received: '660000.00',
  });
  t.deepEqual(types(await eventsUntilFence(inv)), ['invoice.created', 'invoice.paid', 'invoice.status_changed']);
});

test('a payment for a cancelled invoice is recorded and reported, and the invoice stays cancelled', async (t) => {
  const inv = await newInvoice();
  t.like(await setStatus(inv, 'cancelled'), { changed: true });
  const id = paymentId('pi');

  const res = await pay(inv, { provider_payment_id: id });
  t.deepEqual(res, {
    id: inv.id,
    invoice_number: inv.invoice_number,
    invoice_status: 'cancelled',
    payment_recorded: true,
    status_changed: false,
    previous_status: 'cancelled',
    test_payment_only: false,
  });
  t.like(await pay(inv, { provider_payment_id: id }), { payment_recorded: false, invoice_status: 'cancelled' });
  const now = await get(inv.id);
  t.like(now, { invoice_status: 'cancelled', amount_received: '330000.00', amount_paid: '0.00' });
  t.is(now.paid_at, undefined);
  t.deepEqual(types(await eventsUntilFence(inv)), ['invoice.created', 'invoice.cancelled', 'invoice.status_changed']);
});

test('another currency, or an amount finer than its minor unit, is FAILED_PRECONDITION and changes nothing', async (t) => {
  const inv = await newInvoice();
  const id = paymentId('pi');
  for (const [amount, currency] of [
    ['330000.001', 'USD'], // finer than a cent: not rounded into agreement
    ['330000.00', 'EUR'],
  ] as const) {
    const err = await refused(t, pay(inv, { provider_payment_id: id, amount, currency }), 'application');
    t.regex(err.message, /is not an amount in the invoice currency USD/);
    t.deepEqual(err.details, { invoice_amount: '330000.00', invoice_currency: 'USD', amount, currency });
  }
  t.like(await get(inv.id), { invoice_status: 'unpaid', amount_received: '0', paid_at: undefined });
  t.deepEqual(types(await eventsUntilFence(inv)), ['invoice.created']);

  // Nothing of the refused notifications was kept: the right amount under the same id is a new payment.
  const again = await newInvoice();
  t.like(await pay(again, { provider_payment_id: id }), { payment_recorded: true, status_changed: true });
});

test('an online payment short of amount_due is applied as a partial payment; one over it closes the invoice and the excess is received', async (t) => {
  const inv = await newInvoice();
  // A cent short: applied, no move.
  t.like(await pay(inv, { amount: '329999.99' }), {
    invoice_status: 'unpaid',
    payment_recorded: true,
    status_changed: false,
  });
  t.like(await get(inv.id), {
    invoice_status: 'unpaid',
    amount_paid: '329999.99',
    amount_due: '0.01',
    amount_received: '329999.99',
  });
  // 100 times the due (minor units sent as the amount): the invoice is paid with its cent, the rest received.
  t.like(await pay(inv, { amount: '33000000' }), { invoice_status: 'paid', status_changed: true });
  const paid = await invoice.call<
    Invoice & { amount_due: string; payments: { amount: string; amount_applied: string; method: string }[] }
  >('GetInvoice', { workspace_id: workspaceId, invoice_id: inv.id });
  t.like(paid, {
    invoice_status: 'paid',
    amount_paid: '330000.00',
    amount_due: '0.00',
    amount_received: '33329999.99',
  });
  t.deepEqual(
    paid.payments.map((p) => [p.method, p.amount, p.amount_applied]),
    [
      ['online', '329999.99', '329999.99'],
      ['online', '33000000.00', '0.01'],
    ],
  );
  const list = await eventsUntilFence(inv);
  t.deepEqual(types(list), [
    'invoice.created',
    'invoice.payment_recorded',
    'invoice.payment_recorded',
    'invoice.paid',
    'invoice.status_changed',
  ]);
  t.like(list[1]!.data, { object: { invoice_status: 'unpaid', amount_paid: 329999.99, amount_due: 0.01 } });
  t.like((list[1]!.data as { payment?: object }).payment, { amount: 329999.99, method: 'online' });
});

test("another workspace's invoice and an unknown id are NOT_FOUND; bad fields are INVALID_ARGUMENT", async (t) => {
  const inv = await newInvoice();
  const other = await platform.client('enterprise', 'unlimited');
  await refused(t, pay(inv, {}, other.workspaceId), 'not_found');
  await refused(t, pay({ id: 'inv_doesnotexist000000000' }), 'not_found');

  const invalid = async (fields: Record<string, unknown>, path: string) => {
    const err = await refused(t, pay(inv, fields), 'validation');
    t.deepEqual(
      (err.details?.errors as { path: string }[]).map((e) => e.path),
      [path],
      JSON.stringify(fields),
    );
  };
  await invalid({ payment_gateway: 'cash' }, 'payment_gateway');
  await invalid({ provider_payment_id: '' }, 'provider_payment_id');
  await invalid({ amount: '-330000' }, 'amount');
  await invalid({ amount: '0.00' }, 'amount');
  await invalid({ amount: '1e5' }, 'amount');
  await invalid({ currency: 'US' }, 'currency');
  await invalid({ paid_at: '20 Nov 2026' }, 'paid_at');

  t.like(await get(inv.id), { invoice_status: 'unpaid', amount_received: '0' });
  t.deepEqual(types(await eventsUntilFence(inv)), ['invoice.created']);
});

test('20 concurrent notifications of one payment: one records it and moves the invoice, one invoice.paid', async (t) => {
  const inv = await newInvoice();
  const id = paymentId('pi');
  const results = await Promise.all(Array.from({ length: 20 }, () => pay(inv, { provider_payment_id: id })));
  t.is(results.filter((r) => r.payment_recorded).length, 1);
  t.is(results.filter((r) => r.status_changed).length, 1);
  t.true(results.every((r) => r.invoice_status === 'paid' && r.paid_at === results[0]!.paid_at));
  t.like(await get(inv.id), { invoice_status: 'paid', amount_received: '330000.00' });
  t.deepEqual(types(await eventsUntilFence(inv)), [
    'invoice.created',
    'invoice.payment_recorded',
    'invoice.paid',
    'invoice.status_changed',
  ]);
});

test('PUT status cancelled racing a payment: one of them wins and the invoice is consistent', async (t) => {
  const invoices = await Promise.all(Array.from({ length: 4 }, () => newInvoice()));
  for (const inv of invoices) {
    const [cancel, payment] = await Promise.allSettled([setStatus(inv, 'cancelled'), pay(inv)]);
    t.is(payment.status, 'fulfilled', 'the payment is always recorded');
    const paid = (payment as PromiseFulfilledResult<MarkPaidResponse>).value;
    t.true(paid.payment_recorded);
    const now = await get(inv.id);
    t.is(now.amount_received, '330000.00');
    const list = await eventsUntilFence(inv);
    if (paid.status_changed) {
      // The payment came first: the invoice is paid and cancelling a paid invoice is refused.
      t.is(cancel.status, 'rejected');
      t.is(((cancel as PromiseRejectedResult).reason as AppError).kind, 'application');
      t.like(now, { invoice_status: 'paid', amount_paid: '330000.00' });
      t.deepEqual(types(list), [
        'invoice.created',
        'invoice.payment_recorded',
        'invoice.paid',
        'invoice.status_changed',
      ]);
    } else {
      t.like(cancel, { status: 'fulfilled', value: { changed: true } });
      t.like(paid, { invoice_status: 'cancelled', previous_status: 'cancelled' });
      t.like(now, { invoice_status: 'cancelled', amount_paid: '0.00', paid_at: undefined });
      t.deepEqual(types(list), ['invoice.created', 'invoice.cancelled', 'invoice.status_changed']);
    }
  }
});

// Test mode (docs/payments.md "Test mode"): a test payment (a sandbox connection's, or a Stripe
// event with livemode false) never makes a live invoice paid; a test invoice takes it as a payment.

interface TestModeInvoice extends Invoice {
  test_mode?: boolean;
  test_payments: { payment_gateway: string; provider_payment_id: string; amount: string; currency: string }[];
}

test('a test payment on a live invoice is only listed: no move, no amount_received, no event; a repeat counts once', async (t) => {
  const inv = await newInvoice();
  const id = paymentId('pi_test');
  const res = await pay(inv, { provider_payment_id: id, test_payment: true });
  t.like(res, {
    invoice_status: 'unpaid',
    payment_recorded: true,
    status_changed: false,
    test_payment_only: true,
  });
  t.false(res.paid_at !== undefined && res.paid_at !== null && res.paid_at !== '', 'no paid_at');
  const again = await pay(inv, { provider_payment_id: id, test_payment: true });
  t.like(again, { invoice_status: 'unpaid', payment_recorded: false, status_changed: false });

  const after = await invoice.call<TestModeInvoice>('GetInvoice', { workspace_id: workspaceId, invoice_id: inv.id });
  t.like(after, { invoice_status: 'unpaid', amount_received: '0', amount_paid: '0.00' });
  t.is(after.test_mode, undefined, 'a live invoice');
  t.falsy(after.paid_at);
  t.deepEqual(
    after.test_payments.map((p) => [p.payment_gateway, p.provider_payment_id, p.amount, p.currency]),
    [['stripe', id, '330000.00', 'USD']],
  );
  t.deepEqual(types(await eventsUntilFence(inv)), ['invoice.created']);
});

test('test payments on a live invoice are listed up to 20; the live payment after them still marks it paid', async (t) => {
  const inv = await newInvoice();
  for (let i = 0; i < 22; i++) await pay(inv, { test_payment: true });
  const listed = await invoice.call<TestModeInvoice>('GetInvoice', { workspace_id: workspaceId, invoice_id: inv.id });
  t.is(listed.test_payments.length, 20);
  t.is(listed.invoice_status, 'unpaid');
  t.like(await pay(inv), { invoice_status: 'paid', status_changed: true });
});

test('a test payment on a test invoice marks it paid, and invoice.paid carries test_mode: true', async (t) => {
  const ws = (await platform.client('enterprise', 'unlimited', { name: 'Test Co', test_mode: true })).workspaceId;
  const inv = (await newInvoice('USD', ws)) as TestModeInvoice;
  t.true(inv.test_mode);
  const res = await pay(inv, { test_payment: true }, ws);
  t.like(res, { invoice_status: 'paid', payment_recorded: true, status_changed: true, test_payment_only: false });
  const paid = await invoice.call<TestModeInvoice>('GetInvoice', { workspace_id: ws, invoice_id: inv.id });
  t.like(paid, { invoice_status: 'paid', amount_received: '330000.00', test_mode: true, test_payments: [] });
  const list = await events.waitFor(inv.id, (l) => l.some((e) => e.type === 'invoice.paid'));
  t.like(list.find((e) => e.type === 'invoice.paid')!.data.object, { invoice_status: 'paid', test_mode: true });
  t.like(list.find((e) => e.type === 'invoice.created')!.data.object, { test_mode: true });
});
