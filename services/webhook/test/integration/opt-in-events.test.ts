import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc/client';
import { createLogger } from '@invoice-platform/common/logger';
import { newKeyring, SecretBox } from '@invoice-platform/common/secret-box';
import test from 'ava';
import type { Connection } from 'mongoose';
import { ServiceClock } from '@invoice-platform/common/clock';
import { EndpointService } from '../../src/service/endpoints.ts';
import { FanOut } from '../../src/service/fanout.ts';
import { DeliveryStore } from '../../src/store/deliveries.ts';
import { EndpointStore } from '../../src/store/endpoints.ts';
import type { Models } from '../../src/store/models.ts';
import { openTestDatabase } from './helpers.ts';

// The money trail's opt-in events (docs/money-trail.md "Events") through the webhook service's
// fan-out, on the real database: endpoints registered as the admin API registers them, events as
// the invoice service writes them on invoice.lifecycle.v1.

const log = createLogger('webhook-test', 'warn');
let conn: Connection;
let models: Models;
let fanOut: FanOut;
let service: EndpointService;

const accounts = {
  call: async () => ({ name: 'ws', owner_email: '', plan: 'business', plan_state: 'active', features: ['api'] }),
  healthy: async () => true,
  close: () => undefined,
} as unknown as UnaryClient;

test.before(async () => {
  ({ conn, models } = await openTestDatabase('webhook_optin'));
  const box = new SecretBox(newKeyring());
  const endpoints = new EndpointStore(models, box);
  const deliveries = new DeliveryStore(models);
  const clock = new ServiceClock();
  service = new EndpointService({
    endpoints,
    deliveries,
    accounts,
    clock,
    allowInsecureLoopback: true,
    log,
  });
  fanOut = new FanOut({ endpoints, deliveries, clock, log, wake: () => undefined });
});
test.after.always(async () => {
  await conn?.db?.dropDatabase().catch(() => undefined);
  await conn?.close();
});

let n = 0;
function event(workspaceId: string, type: string, data: Record<string, unknown>) {
  n++;
  return {
    id: `evt_optin_${n}_${Date.now().toString(36)}`,
    object: 'event',
    type,
    created: new Date().toISOString(),
    workspace_id: workspaceId,
    sequence: n,
    data,
  };
}

const invoice = (id: string) => ({ id, invoice_status: 'unpaid', amount: 100, amount_credited: 30, amount_due: 70 });
const noteCreated = (ws: string, invoiceId: string) =>
  event(ws, 'credit_note.created', {
    object: { id: `cn_${n}`, credit_note_number: `CN-${ws}-202603-1`, invoice_id: invoiceId, amount: 30 },
    invoice: invoice(invoiceId),
  });
const paymentRecorded = (ws: string, invoiceId: string) =>
  event(ws, 'invoice.payment_recorded', {
    object: invoice(invoiceId),
    payment: { id: `pay_${n}`, invoice_id: invoiceId, amount: 20, method: 'cash', reference: null },
  });

/** The endpoints of a workspace, registered with the admin API's three kinds of event_types. */
async function register(ws: string) {
  const add = async (event_types: string[] | undefined) =>
    (await service.register({ workspace_id: ws, url: `http://127.0.0.1:9/${ws}`, event_types })).endpoint;
  return {
    byDefault: await add(undefined),
    spec: await add(['invoice.created', 'invoice.paid', 'invoice.overdue', 'invoice.cancelled']),
    optIn: await add(['credit_note.created', 'invoice.payment_recorded', 'invoice.paid']),
    notesOnly: await add(['credit_note.created']),
  };
}

async function deliveriesOf(ws: string): Promise<{ endpoint_id: string; event_type: string; invoice_id: string }[]> {
  return models.Delivery.find({ workspace_id: ws })
    .lean<{ endpoint_id: string; event_type: string; invoice_id: string }[]>()
    .exec();
}

test('fan-out: credit_note.created and invoice.payment_recorded reach only the endpoints that name them, each once, filed under the invoice', async (t) => {
  const ws = 'WSOPTIN1';
  const hooks = await register(ws);
  t.deepEqual(hooks.byDefault.event_types, ['invoice.created', 'invoice.paid', 'invoice.overdue', 'invoice.cancelled']);
  const events = [
    noteCreated(ws, 'inv_optin_1'),
    paymentRecorded(ws, 'inv_optin_1'),
    event(ws, 'invoice.paid', { object: invoice('inv_optin_1'), previous_status: 'unpaid' }),
  ];
  const made = [];
  for (const e of events) made.push(await fanOut.handle(e));
  t.deepEqual(made, [2, 1, 3], 'note: optIn + notesOnly; payment: optIn; paid: byDefault + spec + optIn');
  const rows = await deliveriesOf(ws);
  const byEndpoint = (id: string) =>
    rows
      .filter((r) => r.endpoint_id === id)
      .map((r) => r.event_type)
      .sort();
  t.deepEqual(byEndpoint(hooks.byDefault.id), ['invoice.paid']);
  t.deepEqual(byEndpoint(hooks.spec.id), ['invoice.paid']);
  t.deepEqual(byEndpoint(hooks.optIn.id), ['credit_note.created', 'invoice.paid', 'invoice.payment_recorded']);
  t.deepEqual(byEndpoint(hooks.notesOnly.id), ['credit_note.created']);
  // A credit note's deliveries are listed under its invoice, as the invoice's own events are.
  t.true(rows.every((r) => r.invoice_id === 'inv_optin_1'));

  // Kafka redelivers (at least once): nothing is created or stored twice.
  for (const e of events) t.is(await fanOut.handle(e), 0, `${e.type} again`);
  t.is((await deliveriesOf(ws)).length, rows.length);
  t.is(await models.Event.countDocuments({ workspace_id: ws }), 3);

  // The stored body, signed at every attempt, is the public envelope: no workspace_id or sequence.
  const stored = await models.Event.findById(events[0]!.id).lean<{ body: string }>().exec();
  t.deepEqual(JSON.parse(stored!.body), {
    id: events[0]!.id,
    object: 'event',
    type: 'credit_note.created',
    created: events[0]!.created,
    data: events[0]!.data,
  });
});

test('fan-out: a malformed opt-in event (no invoice, no payment) is dropped, not stored nor delivered', async (t) => {
  const ws = 'WSOPTIN2';
  await register(ws);
  const broken = [
    event(ws, 'credit_note.created', { object: { id: 'cn_x' } }),
    event(ws, 'invoice.payment_recorded', { object: invoice('inv_optin_2') }),
  ];
  for (const e of broken) t.is(await fanOut.handle(e), 0, e.type);
  t.is(await models.Event.countDocuments({ workspace_id: ws }), 0);
  t.deepEqual(await deliveriesOf(ws), []);
});

test('registration: unknown names next to the opt-in ones are refused, naming event_types and the types there are', async (t) => {
  const err = await t.throwsAsync(
    service.register({
      workspace_id: 'WSOPTIN3',
      url: 'http://127.0.0.1:9/x',
      event_types: ['credit_note.created', 'credit_note.issued'],
    }),
  );
  t.true(AppError.isKind(err, 'validation'));
  const [error, ...more] = (err as AppError).details!.errors as { path: string; message: string }[];
  t.deepEqual(more, []);
  t.is(error!.path, 'event_types');
  t.regex(
    error!.message,
    /unknown event types credit_note\.issued; use .*credit_note\.created, invoice\.payment_recorded/,
  );
});
