import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { type ApiClient, Platform, repoRoot, waitFor } from '../support/platform.ts';
import { type Sample, scrapeMetrics, selectSamples, sumSamples } from '../support/metrics.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Each service's Prometheus endpoint, scraped before and after traffic this file causes: a
 * generate with its PDF and webhook delivery, a 402, a 429, a recurring series with a follow-up
 * due, a payment notification. Every metric of docs/observability.md "Metrics" is found on the
 * service that owns it, and the counters moved by what was done here.
 */
const platform = new Platform({
  invoices: true,
  recurring: true,
  webhooks: true,
  payments: {},
  gatewayEnv: {
    // The professional plan is the one refused here; the others never are.
    RATE_LIMIT_PLANS: '{"professional":2,"enterprise":100000}',
    RATE_LIMIT_PER_IP: '100000',
  },
});
const receiver = new WebhookReceiver();

test.before(async () => {
  await Promise.all([platform.start(), receiver.start()]);
});
test.after.always(async () => {
  await platform.admin('PUT', '/recurring/clock', {}).catch(() => undefined);
  await receiver.stop();
  await platform.stop();
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T };
type Service = 'gateway' | 'accounts' | 'invoice' | 'pdf' | 'recurring' | 'webhook' | 'payment';
const services: Service[] = ['gateway', 'accounts', 'invoice', 'pdf', 'recurring', 'webhook', 'payment'];

function scrape(service: Service): Promise<Sample[]> {
  return scrapeMetrics(platform.metricsUrl(service));
}

async function scrapeAll(): Promise<Record<Service, Sample[]>> {
  const all = await Promise.all(services.map(scrape));
  return Object.fromEntries(services.map((s, i) => [s, all[i]!])) as Record<Service, Sample[]>;
}

const select = selectSamples;
const sum = sumSamples;

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
const invoiceBody = { customer_name: 'PT Metrik', items: [{ description: 'Audit', quantity: 1, price: 150000 }] };

async function subscribed(credits: number): Promise<{ api: ApiClient; route: string }> {
  const api = await platform.client('enterprise', credits);
  const route = unique('metrics');
  const res = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/webhook-endpoints`, {
    url: receiver.url(route),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  await receiver.route(route, { secrets: [res.body.data.signing_secret as string] });
  return { api, route };
}

test('every service exposes its metrics, and the traffic of a generate, a 402, a 429 and a due follow-up moves them', async (t) => {
  const before = await scrapeAll();
  // Each service answers its own scrape, with the process' resource as target_info.
  for (const service of services) t.true(before[service].length > 0, `${service} has samples`);

  // A generate (a render, events, a webhook delivery), then a 402 once the one credit is used.
  const { api, route } = await subscribed(1);
  const generated = await api.call<Body>('POST', '/api/invoices/generate-external', { body: invoiceBody });
  t.is(generated.status, 200, generated.text);
  const refused = await api.call('POST', '/api/invoices/generate-external', { body: invoiceBody });
  t.is(refused.status, 402, refused.text);
  await receiver.waitFor(route, (r) => r.length >= 1);
  // The webhook service counts the delivery only once the receiver has answered and the attempt is
  // recorded, after the receiver saw the request: wait for the count itself.
  const succeededDeliveries = (samples: Sample[]) =>
    sum(select(samples, 'invoice_platform_webhook_deliveries_total', { outcome: 'succeeded' }));
  await waitFor(
    'the delivery counted by the webhook service',
    async () => succeededDeliveries(await scrape('webhook')) > succeededDeliveries(before.webhook),
    30_000,
    200,
  );

  // A 429: the professional plan allows two requests a window here.
  const limited = await platform.client('professional');
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) statuses.push((await limited.call('GET', '/api/invoices/external/templates')).status);
  t.deepEqual(statuses, [200, 200, 429]);

  // A recurring series whose next follow-up the service clock has passed: one due occurrence.
  const recurringApi = await platform.client('enterprise', 'unlimited');
  const series = await recurringApi.call<Body>('POST', '/api/invoices/generate-external', {
    body: {
      ...invoiceBody,
      customer_email: `${unique('metrics')}@example.test`,
      is_recurring: true,
      recurring_interval: 'weekly',
      recurring_count: 2,
    },
  });
  t.is(series.status, 200, series.text);
  const seriesId = String((series.body.data.recurring as Obj).schedule_id);
  const view = await recurringApi.call<Body<{ occurrences: { date: string; status: string }[] }>>(
    'GET',
    `/api/invoices/external/recurring/${seriesId}`,
  );
  t.is(view.status, 200, view.text);
  const next = view.body.data.occurrences.find((o) => o.status === 'pending')!;
  const clock = await platform.admin('PUT', '/recurring/clock', {
    now: new Date(Date.parse(next.date) + 60_000).toISOString(),
  });
  t.is(clock.status, 200, JSON.stringify(clock.body));

  // A notification the payment service answers (it matches no checkout).
  await fetch(`${platform.gateway.baseUrl}/p/pay/stripe/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': limited.ip },
    body: '{}',
  });

  const after = await scrapeAll();
  const grew = (service: Service, name: string, labels: Record<string, string | RegExp> = {}) =>
    sum(select(after[service], name, labels)) - sum(select(before[service], name, labels));

  // Gateway: requests by route template (never the raw path), 429s by the limit that refused.
  const http = 'http_server_request_duration_seconds_count';
  t.true(
    grew('gateway', http, {
      http_route: '/api/invoices/generate-external',
      http_request_method: 'POST',
      http_response_status_code: '200',
    }) >= 1,
  );
  t.true(
    grew('gateway', http, { http_route: '/api/invoices/generate-external', http_response_status_code: '402' }) >= 1,
  );
  t.true(
    grew('gateway', http, { http_route: '/api/invoices/external/templates', http_response_status_code: '429' }) >= 1,
  );
  t.true(grew('gateway', http, { http_route: '/api/invoices/external/recurring/:id' }) >= 1);
  t.is(select(after.gateway, http, { http_route: new RegExp(seriesId) }).length, 0, 'no raw path becomes a label');
  t.true(grew('gateway', 'http_server_request_duration_seconds_bucket', { le: '+Inf' }) >= 6);
  t.true(grew('gateway', 'invoice_platform_rate_limit_refused_total', { scope: 'workspace' }) >= 1);

  // gRPC server side in every service, by method and status code.
  const rpc = 'rpc_server_call_duration_seconds_count';
  const grewRpc = (service: Service, method: RegExp, status: string | RegExp = 'OK') =>
    grew(service, rpc, { rpc_system_name: 'grpc', rpc_method: method, rpc_status_code: status });
  t.true(grewRpc('accounts', /AccountsService\//) >= 1);
  t.true(grewRpc('invoice', /InvoiceService\/Generate/) >= 1);
  t.true(grewRpc('invoice', /InvoiceService\/Generate/, 'RESOURCE_EXHAUSTED') >= 1, 'the 402 is a failed call');
  t.true(grewRpc('pdf', /PdfService\/Render$/) >= 1);
  t.true(grewRpc('recurring', /RecurringService\//) >= 1);
  t.true(grewRpc('webhook', /WebhookService\//) >= 1);
  t.true(grewRpc('payment', /PaymentService\/HandleNotification/, /.+/) >= 1);
  // The payment service counts every refusal by its kind ('{}' is no Stripe event: malformed).
  t.true(
    grew('payment', 'invoice_platform_payment_notifications_total', {
      provider: 'stripe',
      outcome: 'refused',
      refusal: 'malformed',
    }) >= 1,
  );

  // Credits refused where they are counted, in the invoice service.
  t.true(grew('invoice', 'invoice_platform_credits_refused_total') >= 1);

  // PDF: the generate's render was timed; nothing waits for a slot now.
  t.true(grew('pdf', 'invoice_platform_pdf_render_duration_seconds_count', { outcome: 'ok' }) >= 1);
  t.true(sum(select(after.pdf, 'invoice_platform_pdf_render_duration_seconds_sum', { outcome: 'ok' })) > 0);
  const depth = select(after.pdf, 'invoice_platform_pdf_render_queue_depth');
  t.is(depth.length, 1);
  t.is(depth[0]!.value, 0);

  // Webhook: the delivery succeeded, and its attempt's lag was measured.
  t.true(grew('webhook', 'invoice_platform_webhook_deliveries_total', { outcome: 'succeeded' }) >= 1);
  t.true(grew('webhook', 'invoice_platform_webhook_attempt_lag_seconds_count') >= 1);

  // Recurring: the follow-up the clock passed is due and not taken (the periodic pass is off here);
  // then one pass sends it, and the replica counts the follow-up it worked.
  t.true(sum(select(after.recurring, 'invoice_platform_recurring_backlog')) >= 1);
  const run = await platform.admin('POST', '/recurring/run', { series_id: seriesId });
  t.is(run.status, 200, JSON.stringify(run.body));
  after.recurring = await scrape('recurring');
  t.true(sum(select(after.recurring, 'invoice_platform_recurring_follow_ups_total', { outcome: 'sent' })) >= 1);

  // Outbox relays: the events each replica sent to Kafka, by topic.
  t.true(grew('invoice', 'invoice_platform_outbox_published_total', { topic: 'invoice.lifecycle.v1' }) >= 1);

  // Database round trips by command: a generate inserts its invoice, and the pdf service its file.
  t.true(grew('invoice', 'invoice_platform_mongodb_commands_total', { command: 'insert' }) >= 1);
  t.true(grew('pdf', 'invoice_platform_mongodb_commands_total', { command: 'insert' }) >= 1);
  t.true(grew('accounts', 'invoice_platform_mongodb_commands_total', { command: 'find' }) >= 1);

  // Outboxes: every collection with one is reported; once the relays ran, nothing waits.
  for (const [service, collection] of [
    ['accounts', 'workspaces'],
    ['invoice', 'invoices'],
  ] as const) {
    const backlog = select(after[service], 'invoice_platform_outbox_backlog', { collection });
    t.is(backlog.length, 1, `${service} ${collection} backlog`);
    t.true(backlog[0]!.value >= 0);
    t.is(select(after[service], 'invoice_platform_outbox_oldest_age_seconds', { collection }).length, 1);
  }
  await waitFor(
    'the invoice outbox emptied',
    async () => sum(select(await scrape('invoice'), 'invoice_platform_outbox_backlog')) === 0,
    30_000,
    500,
  );
  t.is(sum(select(await scrape('invoice'), 'invoice_platform_outbox_oldest_age_seconds')), 0);

  // Consumer lag per group, topic and partition, from the broker's offsets.
  for (const [service, topic] of [
    ['gateway', 'workspace.v1'],
    ['pdf', 'invoice.lifecycle.v1'],
    ['recurring', 'invoice.lifecycle.v1'],
    ['webhook', 'invoice.lifecycle.v1'],
  ] as const) {
    const lag = select(after[service], 'invoice_platform_kafka_consumer_lag', { messaging_destination_name: topic });
    t.true(lag.length >= 1, `${service} reports its lag on ${topic}`);
    for (const s of lag) {
      t.true(Number.isInteger(s.value) && s.value >= 0, `${service} lag ${s.value}`);
      t.truthy(s.labels.messaging_consumer_group_name);
      t.regex(s.labels.messaging_destination_partition_id ?? '', /^\d+$/);
    }
  }
  // The operators' table and the dashboard name every metric of the platform's own meter.
  const ours = new Set(
    services
      .flatMap((s) => after[s])
      .filter((s) => s.labels.otel_scope_name === 'invoice-platform')
      .map((s) => s.name.replace(/_(count|sum|bucket)$/, '')),
  );
  t.is(ours.size, 16, [...ours].join(', '));
  const docs = readFileSync(path.join(repoRoot, 'docs/observability.md'), 'utf8');
  const dashboard = readFileSync(
    path.join(repoRoot, 'charts/invoice-platform/dashboards/invoice-platform.json'),
    'utf8',
  );
  for (const name of ours) {
    t.true(docs.includes(`| \`${name}\``), `docs/observability.md lists ${name}`);
    t.true(dashboard.includes(name), `the dashboard shows ${name}`);
  }

  // The webhook service's groups: invoice.lifecycle.v1's and, a group of its own, recurring.v1's.
  const webhookGroups = new Set(
    select(after.webhook, 'invoice_platform_kafka_consumer_lag').map((s) => s.labels.messaging_consumer_group_name),
  );
  t.true(webhookGroups.has(`webhook-${platform.runId}`), [...webhookGroups].join(', '));
  t.true(
    [...webhookGroups].every((g) => g === `webhook-${platform.runId}` || g === `webhook-${platform.runId}.recurring`),
    [...webhookGroups].join(', '),
  );
});
