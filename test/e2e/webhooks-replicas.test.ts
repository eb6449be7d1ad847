import test from 'ava';
import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { testHooksService } from '@invoice-platform/common/services';
import { type ApiClient, Platform, sleep, waitFor } from '../support/platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

// Two webhook replicas on one database and one consumer group, both polling every 100 ms and both
// told to run their retry loop at once: the unique claim per attempt decides, so no attempt is made twice.
const platform = new Platform({
  invoices: true,
  webhooks: true,
  webhookEnv: { WEBHOOK_DUE_POLL_MS: '100' },
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});
const receiver = new WebhookReceiver();
let replicas: UnaryClient[] = [];
/** The replicas' test hooks (testhooks/v1): their clocks. */
let hooks: UnaryClient[] = [];

test.before(async () => {
  await Promise.all([platform.start(), receiver.start()]);
  const second = await platform.startWebhookReplica();
  const service = loadService('invoiceplatform/webhook/v1/webhook.proto', 'invoiceplatform.webhook.v1.WebhookService');
  replicas = [createUnaryClient(service, platform.webhookAddr), createUnaryClient(service, second)];
  hooks = [platform.webhookAddr, second].map((addr) => createUnaryClient(testHooksService(), addr));
});
test.after.always(async () => {
  for (const r of [...replicas, ...hooks]) r.close();
  await receiver.stop();
  await platform.stop();
});

type Obj = Record<string, unknown>;

async function generate(api: ApiClient): Promise<void> {
  const res = await api.call('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'PT Replica', items: [{ quantity: 1, price: 1000 }] },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
}

test('webhook replicas: two workers share first attempts and retries without making any attempt twice', async (t) => {
  const route = 'replicas';
  const api = await platform.client('enterprise', 20);
  const reg = await platform.admin<{ signing_secret: string }>(
    'POST',
    `/workspaces/${api.workspaceId}/webhook-endpoints`,
    {
      url: receiver.url(route),
    },
  );
  t.is(reg.status, 201);
  await receiver.route(route, { failFirstPerEvent: 1, secrets: [reg.body.data.signing_secret] });

  const invoices = 12;
  for (let i = 0; i < invoices; i++) await generate(api);
  await receiver.waitFor(route, (r) => r.length >= invoices, 60_000);
  const list = async () =>
    (
      await platform.admin<{ deliveries: Obj[] }>(
        'GET',
        `/workspaces/${api.workspaceId}/webhook-deliveries?pageSize=100`,
      )
    ).body.data.deliveries;
  const retrying = await waitFor(
    'every first attempt logged',
    async () => {
      const ds = await list();
      return ds.length === invoices && ds.every((d) => d.status === 'retrying') ? ds : undefined;
    },
    30_000,
  );

  // Both replicas' clocks past every second attempt, then both run their retry loop twice at once.
  const latest = Math.max(...retrying.map((d) => Date.parse(d.next_attempt_at as string)));
  const now = new Date(latest + 1000);
  await Promise.all(hooks.map((h) => h.call('SetClock', { now: now.toISOString() })));
  await receiver.setClockOffset(now.getTime() - Date.now());
  const passes = await Promise.all(
    [...replicas, ...replicas].map((r) =>
      r.call<{ attempted: number }>('RunDueDeliveries', { workspace_id: api.workspaceId }),
    ),
  );
  t.true(passes.every((p) => typeof p.attempted === 'number'));

  const reqs = await receiver.waitFor(route, (r) => r.length >= 2 * invoices, 60_000);
  await sleep(2000);
  const all = await receiver.requests(route);
  t.is(all.length, 2 * invoices, 'exactly two attempts per event');
  const perEvent = new Map<string, number[]>();
  for (const r of all) {
    t.deepEqual(r.checks, { own: 'ok', stripe: 'ok', standard: 'ok' });
    const id = r.headers['service-delivery']!;
    perEvent.set(id, [...(perEvent.get(id) ?? []), r.responded]);
  }
  t.is(perEvent.size, invoices);
  for (const [id, answers] of perEvent) t.deepEqual(answers, [500, 200], id);
  t.is(reqs.length >= 2 * invoices, true);

  const done = await waitFor('every delivery settled', async () => {
    const ds = await list();
    return ds.every((d) => d.status === 'succeeded') ? ds : undefined;
  });
  for (const d of done) {
    t.is(d.attempt_count, 2);
    t.deepEqual(
      (d.attempts as Obj[]).map((a) => a.number),
      [1, 2],
    );
  }
});
