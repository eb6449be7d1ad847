import { randomBytes } from 'node:crypto';
import test from 'ava';
import { type ApiClient, Platform } from '../support/platform.ts';
import { type ReceivedRequest, WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * The money trail's opt-in events (docs/money-trail.md "Events"), through the gateway only:
 * credit_note.created and invoice.payment_recorded go to the endpoint that named them, signed, with
 * the note or the payment and the invoice's balance after it; an endpoint registered without types,
 * or with the spec's four, never sees them, and sees the spec's events with the real balance.
 */
const platform = new Platform({
  invoices: true,
  webhooks: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});
const receiver = new WebhookReceiver();

test.before(async () => {
  await Promise.all([platform.start(), receiver.start()]);
});
test.after.always(async () => {
  await receiver.stop();
  await platform.stop();
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; error?: { status: number; name: string; message: string; details?: Obj } };
type Event = { id: string; type: string; object: string; created: string; data: Obj & { object: Obj } };

const specTypes = ['invoice.created', 'invoice.paid', 'invoice.overdue', 'invoice.cancelled'];
const id4 = () => randomBytes(4).toString('hex');

async function ok<T = Obj>(
  api: ApiClient,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<{ data: T; replayed: boolean }> {
  const res = await api.call<Body<T>>(method, path, { body, headers });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return { data: res.body.data, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

const events = (requests: ReceivedRequest[]): Event[] => requests.map((r) => JSON.parse(r.body) as Event);
const typesOf = (requests: ReceivedRequest[]) => events(requests).map((e) => e.type);

test('webhooks: credit_note.created and invoice.payment_recorded go only to the endpoint that named them, with the balance after each', async (t) => {
  const api = await platform.client('enterprise', 20);
  const routes = { byDefault: `default-${id4()}`, spec: `spec-${id4()}`, optIn: `optin-${id4()}` };
  const endpointIds: Record<keyof typeof routes, string> = { byDefault: '', spec: '', optIn: '' };
  for (const [which, eventTypes] of [
    ['byDefault', undefined],
    ['spec', specTypes],
    ['optIn', ['credit_note.created', 'invoice.payment_recorded', 'invoice.paid', 'invoice.cancelled']],
  ] as const) {
    const res = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/webhook-endpoints`, {
      url: receiver.url(routes[which]),
      ...(eventTypes && { event_types: eventTypes }),
    });
    t.is(res.status, 201, JSON.stringify(res.body));
    const endpoint = res.body.data.endpoint as Obj;
    endpointIds[which] = endpoint.id as string;
    await receiver.route(routes[which], { secrets: [res.body.data.signing_secret as string] });
  }

  // Invoice A: a partial payment (replayed once), a partial credit note, then the payment of the rest.
  const body = (name: string) => ({
    customer_name: name,
    customer_email: 'billing@maju.example',
    currency: 'EUR',
    tax_rate: 19,
    items: [{ description: 'Design work', quantity: 2, price: 150 }],
  });
  const a = (await ok(api, 'POST', '/api/invoices/generate-external', body('PT A'))).data;
  const invoiceA = (await ok(api, 'GET', `/api/invoices/external/${a.id}`)).data;
  t.is(invoiceA.amount, 357);
  t.like(invoiceA, { amount_credited: 0, amount_paid: 0, amount_due: 357 });
  const key = `pay-${id4()}`;
  const payment = { amount: 100.5, method: 'bank_transfer', reference: 'TRX-1' };
  const first = await ok(api, 'POST', `/api/invoices/external/${a.id}/payments`, payment, { 'Idempotency-Key': key });
  const again = await ok(api, 'POST', `/api/invoices/external/${a.id}/payments`, payment, { 'Idempotency-Key': key });
  t.true(again.replayed);
  t.is(again.data.id, first.data.id);
  const note = (
    await ok(api, 'POST', `/api/invoices/external/${a.id}/credit-notes`, {
      reason: 'One hour was not worked',
      items: [{ description: 'Design work', quantity: 0.5, price: 100 }],
    })
  ).data;
  t.is(note.amount, 59.5, 'half an hour at 100 plus 19 % tax');
  const rest = 357 - 100.5 - 59.5;
  const last = await ok(api, 'POST', `/api/invoices/external/${a.id}/payments`, { amount: rest, method: 'cash' });
  // Invoice B: a credit note of all of it, nothing paid: cancelled.
  const b = (await ok(api, 'POST', '/api/invoices/generate-external', body('PT B'))).data;
  const closing = (await ok(api, 'POST', `/api/invoices/external/${b.id}/credit-notes`, { reason: 'Order withdrawn' }))
    .data;
  t.is(closing.amount, 357);

  // The opt-in endpoint: the four money events and the two status moves, each once, signed.
  const optIn = await receiver.waitFor(routes.optIn, (r) => r.length >= 6);
  t.true(
    optIn.every((r) => r.accepted),
    JSON.stringify(optIn.map((r) => r.checks)),
  );
  t.deepEqual(typesOf(optIn).toSorted(), [
    'credit_note.created',
    'credit_note.created',
    'invoice.cancelled',
    'invoice.paid',
    'invoice.payment_recorded',
    'invoice.payment_recorded',
  ]);
  const received = events(optIn);
  for (const e of received) {
    t.deepEqual(Object.keys(e).toSorted(), ['created', 'data', 'id', 'object', 'type'], 'nothing internal leaks');
    t.is(optIn.find((r) => JSON.parse(r.body).id === e.id)!.headers['service-event'], e.type);
  }

  // invoice.payment_recorded: the invoice after the payment, and the payment as the API answered it.
  const recorded = received.filter((e) => e.type === 'invoice.payment_recorded');
  const byPayment = (id: unknown) => recorded.find((e) => (e.data.payment as Obj).id === id)!;
  t.deepEqual(Object.keys(byPayment(first.data.id).data).toSorted(), ['object', 'payment']);
  t.deepEqual(byPayment(first.data.id).data.payment, first.data);
  t.like(byPayment(first.data.id).data.object, {
    id: a.id,
    invoice_status: 'unpaid',
    amount_credited: 0,
    amount_paid: 100.5,
    amount_due: 256.5,
    amount_received: 0,
  });
  t.deepEqual(byPayment(last.data.id).data.payment, last.data);
  t.like(byPayment(last.data.id).data.object, {
    id: a.id,
    invoice_status: 'paid',
    amount_credited: 59.5,
    amount_paid: 297.5,
    amount_due: 0,
  });

  // credit_note.created: the note as GET /api/credit-notes/external/{id} shows it, and its invoice after it.
  const notes = received.filter((e) => e.type === 'credit_note.created');
  const byNote = (id: unknown) => notes.find((e) => e.data.object.id === id)!;
  t.deepEqual(Object.keys(byNote(note.id).data).toSorted(), ['invoice', 'object']);
  t.deepEqual(byNote(note.id).data.object, (await ok(api, 'GET', `/api/credit-notes/external/${note.id}`)).data);
  t.like(byNote(note.id).data.invoice as Obj, {
    id: a.id,
    invoice_status: 'unpaid',
    amount_credited: 59.5,
    amount_paid: 100.5,
    amount_due: 197,
  });
  t.deepEqual(byNote(closing.id).data.object, closing);
  t.like(byNote(closing.id).data.invoice as Obj, {
    id: b.id,
    invoice_status: 'cancelled',
    amount_credited: 357,
    amount_paid: 0,
    amount_due: 0,
  });
  // The spec's events carry the same figures.
  t.like(received.find((e) => e.type === 'invoice.paid')!.data.object, { id: a.id, amount_paid: 297.5, amount_due: 0 });
  t.like(received.find((e) => e.type === 'invoice.cancelled')!.data.object, { id: b.id, amount_credited: 357 });

  // The endpoints registered for the spec's events (by default or by name) got those, with the
  // real balance. invoice.paid and invoice.cancelled are each written after their invoice's money
  // events, in order on the invoice's key, so once they were delivered every earlier event was
  // fanned out: a delivery of an opt-in one would be in the log by now.
  for (const which of ['byDefault', 'spec'] as const) {
    const got = await receiver.waitFor(routes[which], (r) => r.length >= 4);
    t.deepEqual(typesOf(got).toSorted(), ['invoice.cancelled', 'invoice.created', 'invoice.created', 'invoice.paid']);
    t.like(events(got).find((e) => e.type === 'invoice.paid')!.data.object, {
      id: a.id,
      amount_credited: 59.5,
      amount_paid: 297.5,
      amount_due: 0,
    });
    const log = await platform.admin<{ deliveries: Obj[] }>(
      'GET',
      `/workspaces/${api.workspaceId}/webhook-deliveries?endpoint_id=${endpointIds[which]}&pageSize=100`,
    );
    t.is(log.status, 200);
    t.deepEqual(log.body.data.deliveries.map((d) => d.event_type as string).toSorted(), typesOf(got).toSorted(), which);
  }

  // The opt-in endpoint's log files each credit note under its invoice.
  const noteLog = await platform.admin<{ deliveries: Obj[] }>(
    'GET',
    `/workspaces/${api.workspaceId}/webhook-deliveries?endpoint_id=${endpointIds.optIn}&invoice_id=${b.id}`,
  );
  t.deepEqual(noteLog.body.data.deliveries.map((d) => d.event_type).toSorted(), [
    'credit_note.created',
    'invoice.cancelled',
  ]);
});

test('webhooks: registering an unknown event type next to the opt-in ones is a 400 naming event_types', async (t) => {
  const api = await platform.client('enterprise', 1);
  const res = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/webhook-endpoints`, {
    url: receiver.url(`unknown-${id4()}`),
    event_types: ['credit_note.created', 'credit_note.issued'],
  });
  t.is(res.status, 400);
  const errors = (res.body.error as unknown as { details: { errors: { path: string; message: string }[] } }).details
    .errors;
  t.is(errors.length, 1);
  t.regex(errors[0]!.path, /event_types$/);
  t.regex(errors[0]!.message, /credit_note\.issued.*invoice\.payment_recorded/);
});
