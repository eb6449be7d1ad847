/**
 * Without a collector no span is recorded (docs/observability.md: building spans only to drop them
 * was CPU spent for nothing), yet a request keeps one trace id through every service and across
 * Kafka: log lines and event headers still join it.
 */
import test from 'ava';
import { EventLog } from '../support/events.ts';
import { Platform, waitFor } from '../support/platform.ts';

let platform: Platform;
let events: EventLog;

test.before(async () => {
  platform = new Platform({ invoices: true });
  await platform.start();
  events = await new EventLog(platform.stack.KAFKA_BROKERS!).start();
});
test.after.always(async () => {
  await events?.stop();
  await platform?.stop();
});

const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

async function createdEventOf(id: string) {
  return waitFor(
    `the invoice.created event of ${id}`,
    async () => events.events.find((e) => e.type === 'invoice.created' && e.data.object.id === id),
    30_000,
  );
}

test('trace context without a collector: the invoice.created event carries the trace of the request, the client’s own when it sent one', async (t) => {
  const api = await platform.client('professional', 10);
  const clientTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
  const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'PT Jejak', items: [{ quantity: 1, price: 1000 }] },
    headers: { traceparent: `00-${clientTrace}-00f067aa0ba902b7-01` },
  });
  t.is(res.status, 200, res.text);
  const event = await createdEventOf(res.body.data.id);
  const header = traceparent.exec(event.headers.traceparent ?? '');
  t.truthy(header, `traceparent header: ${event.headers.traceparent}`);
  t.is(header![1], clientTrace, 'the event continues the client’s trace through gateway and invoice');
  t.not(header![2], '00f067aa0ba902b7', 'a span of ours, not the client’s');
});

test('trace context without a collector: a request without traceparent still gets a trace id of its own, carried by its event', async (t) => {
  const api = await platform.client('professional', 10);
  const traces: string[] = [];
  for (const name of ['PT Satu', 'PT Dua']) {
    const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
      body: { customer_name: name, items: [{ quantity: 1, price: 1000 }] },
    });
    t.is(res.status, 200, res.text);
    const header = traceparent.exec((await createdEventOf(res.body.data.id)).headers.traceparent ?? '');
    t.truthy(header);
    t.not(header![1], '0'.repeat(32));
    traces.push(header![1]!);
  }
  t.not(traces[0], traces[1], 'one trace per request');
});
