import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import test from 'ava';
import { Kafka, logLevel } from 'kafkajs';
import { asyncApiPath, asyncApiText } from '../../scripts/asyncapi.ts';
import { topics } from '@invoice-platform/common/kafka';
import { outboxEvent } from '@invoice-platform/common/store/outbox';
import { API_VERSION, buildOpenApi } from '../../services/gateway/src/http/openapi.ts';
import { buildAsyncApi } from '../../services/gateway/src/http/schemas/events.ts';
import { publicRoutes } from '../../services/gateway/src/http/schemas/routes.ts';
import { toPublicEvent } from '../../services/webhook/src/domain/events.ts';
import { newOccurrence } from '../../services/recurring/src/domain/occurrences.ts';
import type { SeriesDoc } from '../../services/recurring/src/domain/records.ts';
import { seriesPausedEvent } from '../../services/recurring/src/domain/series-events.ts';
import { EventLog, startsAtEnd } from '../support/events.ts';
import { Platform, sleep, waitFor } from '../support/platform.ts';

// docs/asyncapi.json, the event contract for consumers, is what the code's schemas generate, it
// validates with the AsyncAPI parser, and the events the platform really writes match it.

const document = buildAsyncApi('1.0.0') as {
  components: { messages: Record<string, { payload: object }> };
};

test('asyncapi: docs/asyncapi.json is current (pnpm asyncapi writes it)', (t) => {
  t.deepEqual(JSON.parse(readFileSync(asyncApiPath, 'utf8')), JSON.parse(asyncApiText()));
});

test('asyncapi: the document validates with the AsyncAPI parser, without errors', async (t) => {
  const { document: parsed, diagnostics } = await new Parser().parse(readFileSync(asyncApiPath, 'utf8'));
  // Spectral severities: 0 error, 1 warning, 2 info, 3 hint.
  t.deepEqual(
    diagnostics.filter((d) => d.severity === 0).map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`),
    [],
  );
  t.truthy(parsed);
  t.deepEqual(
    parsed!
      .channels()
      .all()
      .map((c) => c.address()),
    ['invoice.lifecycle.v1', 'workspace.v1', 'recurring.v1'],
  );
});

test('asyncapi: recurring.paused as the recurring service writes it matches RecurringEvent', (t) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv, ['email', 'date', 'date-time', 'uri']);
  const check = ajv.compile(document.components.messages.RecurringEvent!.payload);
  const now = new Date('2026-03-05T09:00:00.000Z');
  const series = {
    _id: 'rs_1',
    workspace_id: 'WS00000001',
    status: 'paused',
    paused_reason: 'follow_up_refused',
    paused_message: 'series.payment_gateway payment gateway midtrans is not connected in this workspace',
    frequency: 'monthly',
    anchor_date: '2026-01-05',
    next_step: 4,
    issue_seconds: 0,
    requested_end_date: null,
    source_invoice_id: 'inv_1',
    invoice_number: 'INV-1',
    customer_name: 'PT Maju',
    customer_email: 'finance@maju.example',
    currency: 'IDR',
    amount: '2500000',
    document_language: 'id',
    time_zone: 'Asia/Jakarta',
    due_offset_days: 14,
    version: 7,
    created_at: now,
    updated_at: now,
  } satisfies SeriesDoc;
  const occurrences = ['2026-01-05', '2026-02-05', '2026-03-05'].map((d, i) =>
    newOccurrence(series, d, i === 0 ? 'sent' : 'failed', { attempts: i === 0 ? 0 : 5 }),
  );
  const message = outboxEvent({ topic: topics.recurring, ...seriesPausedEvent(series, occurrences), now });
  const event = JSON.parse(message.value) as { type: string; sequence: number; data: { object: { id: string } } };
  t.true(check(event), ajv.errorsText(check.errors));
  t.like(event, { type: 'recurring.paused', sequence: 7, data: { object: { id: 'rs_1' } } });
  t.is(message.key, 'rs_1');
});

test('asyncapi: the events the platform writes on both topics match their schemas', async (t) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv, ['email', 'date', 'date-time', 'uri']);
  const checkLifecycle = ajv.compile(document.components.messages.InvoiceLifecycleEvent!.payload);
  const checkWorkspace = ajv.compile(document.components.messages.WorkspaceEvent!.payload);

  const platform = new Platform({ invoices: true });
  await platform.start();
  const lifecycle = await new EventLog(platform.stack.KAFKA_BROKERS!).start();
  const kafka = new Kafka({
    clientId: 'test-asyncapi',
    brokers: platform.stack.KAFKA_BROKERS!.split(','),
    logLevel: logLevel.NOTHING,
  });
  const groupId = `test-asyncapi-${randomBytes(6).toString('hex')}`;
  await startsAtEnd(kafka, groupId, 'workspace.v1');
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  const workspaceEvents: { workspace_id: string; type: string }[] = [];
  try {
    let joined = false;
    consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
    await consumer.connect();
    await consumer.subscribe({ topic: 'workspace.v1', fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        workspaceEvents.push(JSON.parse(message.value!.toString()) as { workspace_id: string; type: string });
      },
    });
    while (!joined) await sleep(50);

    const api = await platform.client('enterprise', 10);
    const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
      body: {
        customer_name: 'PT Kontrak',
        customer_email: 'finance@kontrak.example',
        items: [{ quantity: 2, price: 1500 }],
      },
    });
    t.is(res.status, 200, res.text);
    const id = res.body.data.id;
    t.is((await api.call('PUT', `/api/invoices/external/${id}/status`, { body: { status: 'paid' } })).status, 200);
    t.is((await api.call('PUT', `/api/invoices/external/${id}/archive`, { body: { is_archived: true } })).status, 200);

    const mine = await waitFor('the invoice’s events', async () => {
      const events = lifecycle.events.filter((e) => e.data.object.id === id);
      return events.some((e) => e.type === 'invoice.archived') && events.some((e) => e.type === 'invoice.pdf_updated')
        ? events
        : undefined;
    });
    const ws = await waitFor('the workspace’s events', async () => {
      const events = workspaceEvents.filter((e) => e.workspace_id === api.workspaceId);
      return events.some((e) => e.type === 'api_key.created') ? events : undefined;
    });

    for (const { headers, ...event } of mine) {
      t.true(checkLifecycle(event), `${event.type}: ${ajv.errorsText(checkLifecycle.errors)}`);
      t.true(headers.traceparent === undefined || /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/.test(headers.traceparent));
    }
    for (const event of ws) t.true(checkWorkspace(event), `${event.type}: ${ajv.errorsText(checkWorkspace.errors)}`);
    t.deepEqual([...new Set(mine.map((e) => e.type))].sort(), [
      'invoice.archived',
      'invoice.created',
      'invoice.paid',
      'invoice.pdf_updated',
      'invoice.status_changed',
    ]);
    t.deepEqual([...new Set(ws.map((e) => e.type))].sort(), ['api_key.created', 'workspace.created']);
  } finally {
    await consumer.disconnect().catch(() => undefined);
    await lifecycle.stop();
    await platform.stop();
  }
});

test('asyncapi: credit_note.created and invoice.payment_recorded as the platform writes them match their schemas, and their webhook bodies the OpenAPI webhooks', async (t) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv, ['email', 'date', 'date-time', 'uri']);
  const messages = document.components.messages;
  const kafkaSchema: Record<string, ReturnType<typeof ajv.compile>> = {
    'credit_note.created': ajv.compile(messages.CreditNoteCreatedEvent!.payload),
    'invoice.payment_recorded': ajv.compile(messages.PaymentRecordedEvent!.payload),
  };
  // The webhook bodies against the served OpenAPI document's webhooks, their $refs resolved in it.
  const openapi = buildOpenApi(publicRoutes, { serverUrl: 'https://x.example', version: API_VERSION }) as {
    webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
    components: object;
  };
  const webhookSchema = (type: string) =>
    ajv.compile({
      ...openapi.webhooks[type]!.post.requestBody.content['application/json']!.schema,
      components: openapi.components,
    });

  const platform = new Platform({ invoices: true });
  await platform.start();
  const lifecycle = await new EventLog(platform.stack.KAFKA_BROKERS!).start();
  try {
    const api = await platform.client('enterprise', 10);
    const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
      body: { customer_name: 'PT Kontrak', currency: 'EUR', items: [{ quantity: 2, price: 150.25 }] },
    });
    t.is(res.status, 200, res.text);
    const id = res.body.data.id;
    const paid = await api.call('POST', `/api/invoices/external/${id}/payments`, {
      body: { amount: 100.5, method: 'bank_transfer', reference: 'TRX-7' },
    });
    t.is(paid.status, 200, paid.text);
    const credited = await api.call('POST', `/api/invoices/external/${id}/credit-notes`, {
      body: { reason: 'Returned', items: [{ description: 'One returned', quantity: 1, price: 150.25 }] },
    });
    t.is(credited.status, 200, credited.text);

    const mine = await waitFor('the money events', async () => {
      const events = lifecycle.of(id);
      return events.some((e) => e.type === 'credit_note.created') &&
        events.some((e) => e.type === 'invoice.payment_recorded')
        ? events.filter((e) => e.type in kafkaSchema)
        : undefined;
    });
    t.is(mine.length, 2);
    for (const { headers, ...event } of mine) {
      t.true(headers.traceparent === undefined || /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/.test(headers.traceparent));
      const check = kafkaSchema[event.type]!;
      t.true(check(event), `${event.type}: ${ajv.errorsText(check.errors)}`);
      // Keyed and sequenced as the invoice's other events: its id, its version.
      t.is(event.workspace_id, api.workspaceId);
      const body = toPublicEvent(event);
      t.truthy(body, event.type);
      const checkBody = webhookSchema(event.type);
      t.true(checkBody(JSON.parse(body!.body)), `${event.type} webhook: ${ajv.errorsText(checkBody.errors)}`);
      t.is(body!.invoiceId, id);
    }
    const note = mine.find((e) => e.type === 'credit_note.created')!;
    t.is(note.data.object.invoice_id, id);
    t.is(note.data.object.amount, 150.25);
    t.like(note.data.invoice, { id, amount: 300.5, amount_credited: 150.25, amount_paid: 100.5, amount_due: 49.75 });
    const payment = mine.find((e) => e.type === 'invoice.payment_recorded')!;
    t.like(payment.data.payment, { invoice_id: id, amount: 100.5, method: 'bank_transfer', reference: 'TRX-7' });
    t.like(payment.data.object, { id, amount_paid: 100.5, amount_due: 200 });
    t.true(payment.sequence < note.sequence);
  } finally {
    await lifecycle.stop();
    await platform.stop();
  }
});
