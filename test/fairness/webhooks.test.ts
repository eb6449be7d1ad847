import { randomBytes } from 'node:crypto';
import test from 'ava';
import { type ApiClient, Platform } from '../support/platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

// One workspace whose five endpoints answer 200 only after 9.5 s (inside the 10 s timeout, so no
// attempt even counts as failing) must not hold the webhook service's lanes: another workspace's
// event still arrives promptly. Without per-workspace and per-endpoint caps its 40 slow deliveries
// fill all 16 lanes for two and a half rounds of 9.5 s.
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

async function endpoint(workspaceId: string, route: string, hangMs: number): Promise<void> {
  const reg = await platform.admin<{ signing_secret: string }>('POST', `/workspaces/${workspaceId}/webhook-endpoints`, {
    url: receiver.url(route),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  await receiver.route(route, { hangMs, secrets: [reg.body.data.signing_secret] });
}

async function generate(api: ApiClient): Promise<string> {
  const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'PT Lambat', items: [{ quantity: 1, price: 1000 }] },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data.id;
}

test('webhooks: a workspace whose five endpoints take 9.5 s each does not delay another workspace’s event', async (t) => {
  const run = randomBytes(3).toString('hex');
  const slow = await platform.client('enterprise', 100);
  const slowRoutes = Array.from({ length: 5 }, (_, i) => `slow-${run}-${i}`);
  for (const route of slowRoutes) await endpoint(slow.workspaceId, route, 9500);
  for (let i = 0; i < 8; i++) await generate(slow);
  // The slow deliveries are under way before the other workspace's event exists.
  await receiver.waitFor(slowRoutes[0]!, (reqs) => reqs.length > 0, 30_000);

  const other = await platform.client('enterprise', 10);
  const route = `prompt-${run}`;
  await endpoint(other.workspaceId, route, 0);
  const invoiceId = await generate(other);
  const [delivered] = await receiver.waitFor(route, (reqs) => reqs.length > 0, 15_000);
  t.like(JSON.parse(delivered!.body), { type: 'invoice.created', data: { object: { id: invoiceId } } });

  // Each slow endpoint is sent at most two attempts at a time.
  for (const r of slowRoutes) {
    const reqs = await receiver.requests(r);
    const starts = reqs.map((q) => Date.parse(q.received_at)).sort((a, b) => a - b);
    const overlapping = Math.max(0, ...starts.map((s) => starts.filter((x) => x >= s && x < s + 9000).length));
    t.true(overlapping <= 2, `${r}: ${overlapping} attempts within one 9.5 s answer`);
  }
});
