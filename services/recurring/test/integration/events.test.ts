import { randomBytes } from 'node:crypto';
import { newId } from '@invoice-platform/common/ids';
import { createKafka, createProducer, topics } from '@invoice-platform/common/kafka';
import test from 'ava';
import type { Consumer } from 'kafkajs';
import { waitFor } from '@invoice-platform/test-support/platform';
import { startEventConsumer } from '../../src/events/consumer.ts';
import { invoiceEvents } from '../../src/events/invoice-events.ts';
import { workspaceEvents } from '../../src/events/workspace-events.ts';
import { InvoicesFromEvents } from '../../src/service/invoices-from-events.ts';
import { log, notFound, openTestDatabase, seriesInput, stack, startPeers, useCases } from './helpers.ts';

// The service's one consumer (both topics, its own group) over real Kafka and a real database; the
// accounts and invoice peers are stand-ins whose answers the tests set.
type Plan = { features: string[]; plan_state: string };
const business: Plan = { features: ['api', 'recurring'], plan_state: 'active' };
const professional: Plan = { features: ['api'], plan_state: 'active' };
const plans = new Map<string, Plan>();
/** What GetInvoice answers, by invoice id; others are NOT_FOUND. */
const invoices = new Map<string, { invoice_number: string; series_id?: string; occurrence_date?: string }>();
/** GetInvoice calls, by workspace: other tests publish to the same topic while this one runs. */
const getInvoiceCalls: { workspace_id: string; invoice_id: string }[] = [];

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let peers: Awaited<ReturnType<typeof startPeers>>;
let series: ReturnType<typeof useCases>;
let consumer: Consumer;
const kafka = createKafka('recurring-test', stack.KAFKA_BROKERS!, log);
const producer = createProducer(kafka);

test.before(async () => {
  db = await openTestDatabase('recurring_events');
  peers = await startPeers({
    accounts: {
      GetWorkspace: async (req: { workspace_id: string }) => {
        const plan = plans.get(req.workspace_id);
        if (!plan) throw notFound();
        return { id: req.workspace_id, name: 'Events Test', ...plan };
      },
    },
    invoice: {
      GetInvoice: async (req: { workspace_id: string; invoice_id: string }) => {
        getInvoiceCalls.push({ workspace_id: req.workspace_id, invoice_id: req.invoice_id });
        const invoice = invoices.get(req.invoice_id);
        if (!invoice) throw notFound();
        return { id: req.invoice_id, ...invoice };
      },
    },
  });
  series = useCases(db, peers.clients.accounts);
  await producer.connect();
  consumer = await startEventConsumer({
    kafka,
    groupId: `recurring-test-${randomBytes(6).toString('hex')}`,
    onWorkspace: workspaceEvents({ pauses: series.pauses }),
    onInvoice: invoiceEvents({
      invoicesFromEvents: new InvoicesFromEvents({
        occurrences: db.occurrences,
        processed: db.processed,
        invoice: peers.clients.invoice,
        log,
      }),
    }),
    log,
  });
});

test.after.always(async () => {
  await consumer?.disconnect();
  await producer.disconnect();
  await peers?.stop();
  await db?.drop();
});

async function publish(
  topic: string,
  key: string,
  event: { id: string; type: string; workspace_id: string },
  data: object,
) {
  const envelope = { object: 'event', created: new Date().toISOString(), sequence: 1, ...event, data };
  await producer.send({
    topic,
    messages: [{ key, value: JSON.stringify(envelope), headers: { 'event-type': event.type, 'event-id': event.id } }],
  });
}

const processed = (eventId: string) =>
  waitFor(`event ${eventId} processed`, () => db.processed.has(eventId), 60_000, 100);

async function newSeries(workspaceId: string) {
  const id = `rs_${randomBytes(8).toString('hex')}`;
  await series.creation.create(seriesInput(workspaceId, id, new Date(Date.now() + 60_000), { count: 3 }));
  return id;
}

test.serial(
  'a plan downgrade replayed or redelivered after the plan was restored pauses nothing made or resumed since',
  async (t) => {
    const ws = `WS${randomBytes(4).toString('hex').toUpperCase()}`;
    plans.set(ws, business);
    const before = await newSeries(ws);
    const downgrade = {
      type: 'workspace.updated',
      workspace_id: ws,
      data: {
        object: { id: ws, plan: 'professional', plan_state: 'active', features: ['api'] },
        previous_plan: 'business',
        reason: 'plan_downgrade',
      },
    };

    plans.set(ws, professional);
    const first = newId('evt');
    await publish(topics.workspace, ws, { id: first, ...downgrade }, downgrade.data);
    await processed(first);
    t.like(await series.queries.get(ws, before), { status: 'paused', paused_reason: 'plan_downgrade' });

    // The plan comes back; the paused series is resumed and a new one is made.
    plans.set(ws, business);
    await series.pauseAndResume.setStatus(ws, before, 'active');
    const after = await newSeries(ws);

    // The same event again (a redelivery), and the same change under a new id (read by a new consumer group).
    await publish(topics.workspace, ws, { id: first, ...downgrade }, downgrade.data);
    const replay = newId('evt');
    await publish(topics.workspace, ws, { id: replay, ...downgrade }, downgrade.data);
    await processed(replay);
    t.like(await series.queries.get(ws, before), { status: 'active', paused_reason: undefined });
    t.like(await series.queries.get(ws, after), { status: 'active', paused_reason: undefined });

    // A downgrade that is still in force pauses both, with the event's reason.
    plans.set(ws, { features: ['api'], plan_state: 'expired' });
    const ended = newId('evt');
    await publish(topics.workspace, ws, { id: ended, ...downgrade }, { ...downgrade.data, reason: 'plan_ended' });
    await processed(ended);
    for (const id of [before, after])
      t.like(await series.queries.get(ws, id), { status: 'paused', paused_reason: 'plan_ended' });
  },
);

test.serial(
  'invoice.lifecycle.v1: a follow-up invoice the scheduler did not record is recorded for its occurrence, once',
  async (t) => {
    const ws = `WS${randomBytes(4).toString('hex').toUpperCase()}`;
    plans.set(ws, business);
    const id = await newSeries(ws);
    const [first, second, third] = (await series.queries.get(ws, id)).occurrences;
    const followUp = `inv_${randomBytes(8).toString('hex')}`;
    invoices.set(followUp, { invoice_number: 'INV-X-202701-0002', series_id: id, occurrence_date: second!.local_date });
    const gone = `inv_${randomBytes(8).toString('hex')}`;
    invoices.set(gone, { invoice_number: 'INV-X-202701-0009', series_id: id, occurrence_date: '2099-01-01' });
    const event = (invoiceId: string, isRecurring: boolean, type = 'invoice.created') => ({
      id: newId('evt'),
      type,
      workspace_id: ws,
      data: { object: { id: invoiceId, invoice_number: 'INV', is_recurring: isRecurring } },
    });
    // One key for all, so they are consumed in this order.
    const key = `inv-test-${id}`;
    const send = async (e: ReturnType<typeof event>) => {
      await publish(topics.invoiceLifecycle, key, e, e.data);
      return e.id;
    };
    await send(event(`inv_${randomBytes(8).toString('hex')}`, false));
    await send(event(first!.invoice_id!, true, 'invoice.paid'));
    const created = await send(event(followUp, true));
    await processed(created);
    const duplicate = event(followUp, true);
    await send({ ...duplicate, id: created });
    const paid = await send(event(followUp, true, 'invoice.paid'));
    const orphan = await send(event(gone, true));
    await processed(orphan);
    t.true(await db.processed.has(paid));
    t.deepEqual(
      getInvoiceCalls.filter((c) => c.workspace_id === ws).map((c) => c.invoice_id),
      [followUp, gone],
      'only unknown recurring invoices are looked up, once each',
    );

    const view = await series.queries.get(ws, id);
    t.like(view.occurrences[1], { invoice_id: followUp, invoice_number: 'INV-X-202701-0002', status: 'pending' });
    t.like(view, { generated_count: 2, remaining_count: 2, last_run_date: second!.date });
    t.is(view.occurrences[2]!.invoice_id, third!.invoice_id);
    await t.throwsAsync(series.scheduleChanges.skip(ws, id, second!.local_date), {
      message: /already produced an invoice/,
    });
  },
);
