import { randomBytes } from 'node:crypto';
import test from 'ava';
import { Kafka, logLevel } from 'kafkajs';
import { type ApiClient, Platform, waitFor } from '../support/platform.ts';
import { type ReceivedRequest, WebhookReceiver } from '../support/webhook-receiver.ts';

// docs/architecture.md#webhooks: events are sent for invoices created in the dashboard and through
// the API, and a recurring series is never sent itself: its first invoice and each follow-up are,
// once each.
const platform = new Platform({
  invoices: true,
  recurring: true,
  webhooks: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
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
type Event = { id: string; type: string; data: { object: Obj & { id: string }; previous_status?: string } };

const topic = 'invoice.lifecycle.v1';
const eventOf = (r: ReceivedRequest) => JSON.parse(r.body) as Event;

/** A workspace with an endpoint for all four types on a new receiver route. */
async function subscribed(): Promise<{ api: ApiClient; route: string }> {
  const route = `source-${randomBytes(4).toString('hex')}`;
  const api = await platform.client('business', 20, { owner_email: `${route}@example.test` });
  const reg = await platform.admin<{ signing_secret: string }>(
    'POST',
    `/workspaces/${api.workspaceId}/webhook-endpoints`,
    { url: receiver.url(route) },
  );
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  await receiver.route(route, { secrets: [reg.body.data.signing_secret] });
  return { api, route };
}

/**
 * Waits until the webhook service's consumer group has handled everything published to the topic
 * so far: every event of these invoices is then fanned out, and what has no delivery by then
 * never gets one.
 */
async function webhookCaughtUp(): Promise<void> {
  const kafka = new Kafka({
    clientId: 'test-offsets',
    brokers: platform.stack.KAFKA_BROKERS!.split(','),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets(topic);
    await waitFor('the webhook consumer to reach the end of the topic', async () => {
      const [committed] = await admin.fetchOffsets({ groupId: `webhook-${platform.runId}`, topics: [topic] });
      return ends.every(
        (end) =>
          Number(committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? -1) >= Number(end.high),
      );
    });
  } finally {
    await admin.disconnect();
  }
}

/** The workspace's deliveries once all of them succeeded. */
async function settledDeliveries(workspaceId: string): Promise<Obj[]> {
  return waitFor('every delivery to succeed', async () => {
    const res = await platform.admin<{ deliveries: Obj[] }>(
      'GET',
      `/workspaces/${workspaceId}/webhook-deliveries?pageSize=100`,
    );
    const list = res.body.data.deliveries;
    return list.every((d) => d.status === 'succeeded') ? list : undefined;
  });
}

test('webhooks: a recurring series sends invoice.created once for its first invoice and once per follow-up, nothing for the series', async (t) => {
  const { api, route } = await subscribed();
  const res = await api.call<{ data: Obj & { recurring: Obj } }>('POST', '/api/invoices/generate-external', {
    body: {
      customer_name: 'PT Berulang',
      customer_email: `customer-${randomBytes(4).toString('hex')}@example.test`,
      items: [{ description: 'Monthly retainer', quantity: 1, price: 2500000 }],
      is_recurring: true,
      recurring_interval: 'monthly',
      recurring_count: 3,
    },
  });
  t.is(res.status, 200, res.text);
  const first = res.body.data;
  const seriesId = String(first.recurring.schedule_id);
  const series = await api.call<{ data: { occurrences: { date: string }[] } }>(
    'GET',
    `/api/invoices/external/recurring/${seriesId}`,
  );
  const second = series.body.data.occurrences[1]!;
  const run = await platform.admin<{ runs: { status: string; invoice_id?: string; error?: string }[] }>(
    'POST',
    '/recurring/run',
    { now: new Date(Date.parse(second.date) + 60_000).toISOString(), workspace_id: api.workspaceId },
  );
  t.is(run.status, 200);
  t.is(run.body.data.runs.length, 1);
  t.is(run.body.data.runs[0]!.status, 'sent', run.body.data.runs[0]!.error);
  const followUp = run.body.data.runs[0]!.invoice_id!;

  const made = [String(first.id), followUp].sort();
  await receiver.waitFor(route, (reqs) => made.every((id) => reqs.some((r) => eventOf(r).data.object.id === id)));
  await webhookCaughtUp();
  const log = await settledDeliveries(api.workspaceId);
  const reqs = await receiver.requests(route);

  const listed = await api.call<{ data: Obj[] }>('GET', '/api/invoices/external');
  t.deepEqual(listed.body.data.map((i) => i.id).sort(), made, 'the workspace has these two invoices');
  t.is(log.length, 2, 'one delivery per real invoice');
  t.deepEqual(log.map((d) => [d.event_type, d.invoice_id]).sort(), made.map((id) => ['invoice.created', id]).sort());
  t.is(reqs.length, 2);
  t.is(new Set(reqs.map((r) => r.headers['service-delivery'])).size, 2);
  for (const r of reqs) {
    t.deepEqual(r.checks, { own: 'ok', stripe: 'ok', standard: 'ok' });
    const event = eventOf(r);
    t.is(event.type, 'invoice.created');
    t.like(event.data.object, { is_recurring: true, recurring_interval: 'monthly' });
    t.false(event.data.object.id.startsWith('rs_'));
  }
});

test('webhooks: an invoice created and paid through the dashboard path is delivered like an API one', async (t) => {
  const { api, route } = await subscribed();
  const body = { customer_name: 'PT Dasbor', items: [{ description: 'Setup', quantity: 1, price: 1000 }] };
  const byApi = await api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', { body });
  t.is(byApi.status, 200, byApi.text);
  const apiId = String(byApi.body.data.id);
  t.is((await api.call('PUT', `/api/invoices/external/${apiId}/status`, { body: { status: 'paid' } })).status, 200);

  // A manual invoice of the dashboard (the admin API), marked paid like any other.
  const manual = await platform.admin<{ id: string }>('POST', `/workspaces/${api.workspaceId}/invoices`, body);
  t.is(manual.status, 200);
  const byDashboard = manual.body.data;
  t.is(
    (await api.call('PUT', `/api/invoices/external/${byDashboard.id}/status`, { body: { status: 'paid' } })).status,
    200,
  );
  const dashboardInvoice = await api.call<{ data: Obj }>('GET', `/api/invoices/external/${byDashboard.id}`);
  t.is(dashboardInvoice.status, 200);
  t.is(dashboardInvoice.body.data.invoice_status, 'paid');

  const reqs = await receiver.waitFor(route, (all) => all.length >= 4);
  const of = (invoiceId: string) =>
    reqs.filter((r) => eventOf(r).data.object.id === invoiceId).sort((a, b) => a.seq - b.seq);
  const fromApi = of(apiId);
  const fromDashboard = of(byDashboard.id);
  t.deepEqual(
    fromDashboard.map((r) => eventOf(r).type).sort(),
    ['invoice.created', 'invoice.paid'],
    'the dashboard invoice sends both events',
  );
  t.deepEqual(fromDashboard.map((r) => eventOf(r).type).sort(), fromApi.map((r) => eventOf(r).type).sort());
  for (const type of ['invoice.created', 'invoice.paid']) {
    const a = fromApi.find((r) => eventOf(r).type === type)!;
    const d = fromDashboard.find((r) => eventOf(r).type === type)!;
    t.deepEqual(d.checks, { own: 'ok', stripe: 'ok', standard: 'ok' }, type);
    t.deepEqual(Object.keys(d.headers).sort(), Object.keys(a.headers).sort(), `${type}: the same headers`);
    t.is(d.headers['service-event'], type);
    t.is(d.headers['service-delivery'], eventOf(d).id);
    const [ea, ed] = [eventOf(a), eventOf(d)];
    t.deepEqual(Object.keys(ed).sort(), Object.keys(ea).sort(), `${type}: the same envelope`);
    t.deepEqual(Object.keys(ed.data).sort(), Object.keys(ea.data).sort());
    t.deepEqual(Object.keys(ed.data.object).sort(), Object.keys(ea.data.object).sort(), `${type}: the same invoice`);
    t.is(ed.data.previous_status, ea.data.previous_status);
  }
  t.like(eventOf(fromDashboard.find((r) => eventOf(r).type === 'invoice.paid')!).data.object, {
    id: byDashboard.id,
    invoice_status: 'paid',
    customer_name: 'PT Dasbor',
  });
});
