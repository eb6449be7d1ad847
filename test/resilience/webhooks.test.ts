import test from 'ava';
import { type ApiClient, Platform, sleep, waitFor } from '../support/platform.ts';
import { type ReceivedRequest, WebhookReceiver } from '../support/webhook-receiver.ts';

// The webhook service killed in the middle of its work (kill -9) and started again on the same
// database and consumer group: every event is delivered at least once, and a duplicate carries
// the same event id. Runs with the other crash tests, alone.
const platform = new Platform({
  invoices: true,
  webhooks: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});
const receiver = new WebhookReceiver();
let api: ApiClient;
const routes = ['crash-a', 'crash-b'];

test.before(async () => {
  await Promise.all([platform.start(), receiver.start()]);
  api = await platform.client('enterprise', 100);
  for (const route of routes) {
    const reg = await platform.admin<{ signing_secret: string }>(
      'POST',
      `/workspaces/${api.workspaceId}/webhook-endpoints`,
      { url: receiver.url(route), event_types: ['invoice.created'] },
    );
    if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
    await receiver.route(route, { secrets: [reg.body.data.signing_secret] });
  }
});
test.after.always(async () => {
  await receiver.stop();
  await platform.stop();
});

const current = () => platform.webhookProcesses.at(-1)!;

async function generate(client: ApiClient = api): Promise<string> {
  const res = await client.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'PT Crash', items: [{ quantity: 1, price: 1000 }] },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data.id;
}

function invoicesSeen(reqs: ReceivedRequest[]): Set<string> {
  return new Set(reqs.map((r) => (JSON.parse(r.body) as { data: { object: { id: string } } }).data.object.id));
}

function sameIdEverywhere(t: { is: (a: unknown, b: unknown, m?: string) => void }, reqs: ReceivedRequest[]): void {
  for (const r of reqs) {
    t.is(r.checks.own, 'ok');
    t.is((JSON.parse(r.body) as { id: string }).id, r.headers['service-delivery'], 'body id = Service-Delivery');
    t.is(r.headers['webhook-id'], r.headers['service-delivery']);
  }
}

test.serial(
  'webhook crash: dying between the deliveries of one fan-out, the restarted service sends the rest',
  async (t) => {
    // The running service is replaced by one that kills itself after the first delivery of a fan-out.
    await current().stop();
    await platform.startWebhookReplica({ WEBHOOK_TEST_CRASH_MID_FANOUT: 'true' }, platform.webhookAddr);
    const crashing = current();
    const invoiceId = await generate();
    await waitFor('the webhook service to die mid-fan-out', async () => !crashing.running, 30_000);

    await platform.startWebhookReplica({}, platform.webhookAddr);
    for (const route of routes) {
      const reqs = await receiver.waitFor(route, (r) => invoicesSeen(r).has(invoiceId), 60_000);
      sameIdEverywhere(t, reqs);
    }
    await sleep(2000);
    const [a, b] = await Promise.all(routes.map((r) => receiver.requests(r)));
    t.is(a!.length, 1, 'the delivery made before the crash is sent once');
    t.is(b!.length, 1, 'the delivery the crash cut off is made after the restart');
    t.is(a![0]!.headers['service-delivery'], b![0]!.headers['service-delivery']);
  },
);

test.serial('webhook crash: kill -9 while events flow; every event arrives at least once with one id', async (t) => {
  const before = await Promise.all(routes.map((r) => receiver.requests(r)));
  const total = 15;
  const made: string[] = [];
  const producing = (async () => {
    for (let i = 0; i < total; i++) {
      made.push(await generate());
      await sleep(150);
    }
  })();
  await receiver.waitFor(routes[0]!, (r) => r.length >= before[0]!.length + 3, 60_000);
  await current().stop('SIGKILL');
  await sleep(1000);
  await platform.startWebhookReplica({}, platform.webhookAddr);
  await producing;
  t.is(made.length, total);
  for (const route of routes) {
    const reqs = await receiver.waitFor(route, (r) => made.every((id) => invoicesSeen(r).has(id)), 90_000);
    sameIdEverywhere(t, reqs);
    const byInvoice = new Map<string, Set<string>>();
    for (const r of reqs) {
      const ev = JSON.parse(r.body) as { id: string; data: { object: { id: string } } };
      byInvoice.set(ev.data.object.id, new Set([...(byInvoice.get(ev.data.object.id) ?? []), ev.id]));
    }
    for (const id of made) t.is(byInvoice.get(id)?.size, 1, `one event id for ${id} on ${route}`);
  }
});

test.serial(
  'webhook crash: dying after a POST was answered but before it was recorded, the attempt is sent again with the same event id',
  async (t) => {
    // A workspace of its own, so only this event is in flight when the service dies.
    const route = 'crash-dup';
    const own = await platform.client('enterprise', 10);
    const reg = await platform.admin<{ signing_secret: string }>(
      'POST',
      `/workspaces/${own.workspaceId}/webhook-endpoints`,
      { url: receiver.url(route), event_types: ['invoice.created'] },
    );
    t.is(reg.status, 201);
    await receiver.route(route, { secrets: [reg.body.data.signing_secret] });

    // A short lease, so the restarted service takes the unrecorded attempt over soon.
    const lease = { WEBHOOK_LEASE_MS: '1000' };
    await current().stop();
    await platform.startWebhookReplica({ ...lease, WEBHOOK_TEST_CRASH_AFTER_SEND: 'true' }, platform.webhookAddr);
    const crashing = current();
    const invoiceId = await generate(own);
    await waitFor('the webhook service to die after its send', async () => !crashing.running, 30_000);
    const [first] = await receiver.requests(route);
    t.is(first?.responded, 200, 'the receiver accepted the POST the crash left unrecorded');

    await platform.startWebhookReplica(lease, platform.webhookAddr);
    const reqs = await receiver.waitFor(route, (r) => r.length >= 2, 60_000);
    t.is(reqs.length, 2);
    sameIdEverywhere(t, reqs);
    t.deepEqual([...invoicesSeen(reqs)], [invoiceId]);
    t.is(reqs[0]!.headers['service-delivery'], reqs[1]!.headers['service-delivery'], 'the duplicate has the same id');
    t.is(reqs[0]!.body, reqs[1]!.body);
    for (const r of reqs) t.is(r.responded, 200);

    // The log shows one attempt: the resend after the crash recorded the result the crash lost.
    const log = await waitFor('the delivery recorded', async () => {
      const res = await platform.admin<{ deliveries: Record<string, unknown>[] }>(
        'GET',
        `/workspaces/${own.workspaceId}/webhook-deliveries`,
      );
      const [d] = res.body.data.deliveries;
      return d?.status === 'succeeded' ? res.body.data.deliveries : undefined;
    });
    t.is(log.length, 1);
    t.like(log[0]!, { attempt_count: 1, event_id: reqs[0]!.headers['service-delivery'] });
    t.is((log[0]!.attempts as unknown[]).length, 1);
  },
);
