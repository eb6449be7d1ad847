import test from 'ava';
import { OtlpReceiver, type ReceivedSpan, SpanKind } from '../support/otlp-receiver.ts';
import { Platform, waitFor } from '../support/platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

// Every service exports its spans (OTLP/JSON over HTTP, docs/observability.md) to a receiver in
// this test; a generate with a webhook endpoint registered must come back as one trace.
const otlp = new OtlpReceiver();
const receiver = new WebhookReceiver();
let platform: Platform;

test.before(async () => {
  await Promise.all([otlp.start(), receiver.start()]);
  platform = new Platform({
    invoices: true,
    webhooks: true,
    webhookEnv: { WEBHOOK_DUE_POLL_MS: '100' },
    telemetryEnv: {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
  });
  await platform.start();
});
test.after.always(async () => {
  await platform?.stop();
  await receiver.stop();
  await otlp.stop();
});

type Obj = Record<string, unknown>;

/** The span's ancestors in its trace, nearest first; stops where a parent was never exported. */
function ancestors(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const out: ReceivedSpan[] = [];
  for (let p = byId.get(span.parentSpanId); p; p = byId.get(p.parentSpanId)) out.push(p);
  return out;
}

test('one generate is one trace: gateway → invoice → pdf, and through Kafka to the webhook delivery', async (t) => {
  const route = 'traced';
  const api = await platform.client('professional', 10);
  const reg = await platform.admin<{ signing_secret: string }>(
    'POST',
    `/workspaces/${api.workspaceId}/webhook-endpoints`,
    {
      url: receiver.url(route),
    },
  );
  t.is(reg.status, 201);
  await receiver.route(route, { secrets: [reg.body.data.signing_secret] });

  const res = await api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'PT Jejak', items: [{ quantity: 1, price: 1000 }] },
  });
  t.is(res.status, 200, res.text);
  const [hook] = await receiver.waitFor(route, (r) => r.length >= 1, 60_000);
  const eventId = hook!.headers['webhook-id']!;

  // The delivery span ends after its result is recorded; spans reach the receiver in batches.
  const delivery = await waitFor(
    'the webhook delivery span',
    async () => otlp.spans.find((s) => s.name === 'webhook delivery' && s.attributes['webhook.event_id'] === eventId),
    60_000,
  );
  const server = await waitFor('the gateway span of the generate', async () =>
    otlp.spans.find(
      (s) =>
        s.service === 'gateway' &&
        s.kind === SpanKind.server &&
        s.traceId === delivery.traceId &&
        s.name === 'POST /api/invoices/generate-external',
    ),
  );
  // The rest of the trace is exported by then or soon: wait for each part named below.
  const find = (what: string, pred: (s: ReceivedSpan) => boolean) =>
    waitFor(what, async () => otlp.trace(server.traceId).find(pred));
  const invoiceServer = await find(
    'invoice GenerateInvoice',
    (s) => s.service === 'invoice' && s.kind === SpanKind.server && s.name.endsWith('/GenerateInvoice'),
  );
  const pdfServer = await find(
    'pdf Render',
    (s) => s.service === 'pdf' && s.kind === SpanKind.server && s.name.endsWith('PdfService/Render'),
  );
  const send = await find(
    'invoice send',
    (s) => s.service === 'invoice' && s.kind === SpanKind.producer && s.name === 'send invoice.lifecycle.v1',
  );
  const consume = await find(
    'webhook process',
    (s) => s.service === 'webhook' && s.kind === SpanKind.consumer && s.name === 'process invoice.lifecycle.v1',
  );
  const mongo = await find(
    'a MongoDB span of invoice',
    (s) => s.service === 'invoice' && s.scope === '@opentelemetry/instrumentation-mongodb',
  );
  const redis = await find(
    'a Redis span of the gateway',
    (s) => s.service === 'gateway' && s.scope === '@opentelemetry/instrumentation-ioredis',
  );

  const spans = otlp.trace(server.traceId);
  t.deepEqual(
    ['gateway', 'invoice', 'pdf', 'webhook'].filter((svc) => spans.some((s) => s.service === svc)),
    ['gateway', 'invoice', 'pdf', 'webhook'],
  );
  t.is(server.parentSpanId, '', 'the gateway server span is the root');

  // gateway server span → (koa, gRPC client) → invoice → pdf
  const chain = (span: ReceivedSpan) => ancestors(spans, span).map((s) => s.spanId);
  t.true(chain(invoiceServer).includes(server.spanId), 'invoice under the gateway request');
  t.true(chain(pdfServer).includes(invoiceServer.spanId), 'pdf under invoice');
  t.true(chain(pdfServer).includes(server.spanId), 'pdf under the gateway request');
  // The outbox keeps the context of the request that wrote the event: the send is under it.
  t.true(chain(send).includes(invoiceServer.spanId), 'the Kafka send under the GenerateInvoice call');
  // Kafka consumer → delivery
  t.is(consume.parentSpanId, send.spanId, 'the consumer span is the child of the send');
  t.is(delivery.traceId, server.traceId);
  t.is(delivery.parentSpanId, consume.spanId, 'the delivery under the consumer span');
  t.is(delivery.attributes['webhook.outcome'], 'succeeded');
  t.true(chain(mongo).includes(invoiceServer.spanId), 'the MongoDB span under invoice');
  t.true(chain(redis).includes(server.spanId), 'the Redis span under the gateway request');
});

test('webhook POSTs carry no trace context to the endpoint', async (t) => {
  const route = 'untraced';
  const api = await platform.client('professional', 10);
  const reg = await platform.admin<{ signing_secret: string }>(
    'POST',
    `/workspaces/${api.workspaceId}/webhook-endpoints`,
    {
      url: receiver.url(route),
    },
  );
  t.is(reg.status, 201);
  await receiver.route(route, { secrets: [reg.body.data.signing_secret] });
  // A client sending its own trace context: the platform continues it inside, never outwards.
  const res = await api.call('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'PT Rahasia', items: [{ quantity: 1, price: 1000 }] },
    headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
  });
  t.is(res.status, 200, res.text);
  const [hook] = await receiver.waitFor(route, (r) => r.length >= 1, 60_000);
  t.deepEqual(
    Object.keys(hook!.headers).filter((h) => ['traceparent', 'tracestate', 'baggage'].includes(h)),
    [],
  );
  // The check above means something only if the delivery was traced at all.
  await waitFor('the delivery span of the client trace', async () =>
    otlp
      .trace('0af7651916cd43dd8448eb211c80319c')
      .some((s) => s.name === 'webhook delivery' && s.attributes['webhook.event_id'] === hook!.headers['webhook-id']),
  );
  t.pass();
});
