import { createServer, type Server } from 'node:http';
import test from 'ava';
import { OtlpReceiver, SpanKind } from '../support/otlp-receiver.ts';
import { type ApiClient, freePort, Platform, request, waitFor } from '../support/platform.ts';

/**
 * An invoice id is the capability for its public page, so no service writes one whole to its log
 * or to the spans it exports (docs/observability.md#invoice-ids-in-logs). One invoice goes through
 * every route that carries its id, through the gateway only, with every service running and
 * exporting its spans; then each service's whole output (stdout and stderr, shutdown included) is
 * read back from the test platform's log files, and every span export a collector would have got.
 */

const otlp = new OtlpReceiver();
let platform: Platform;

/** A webhook endpoint that takes every event, so the webhook service handles the invoice's events. */
const received: string[] = [];
let hookServer: Server | undefined;
let hookUrl = '';

test.before(async () => {
  const port = await freePort();
  hookServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => hookServer!.listen(port, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${port}/hooks`;
  await otlp.start();
  platform = new Platform({
    invoices: true,
    recurring: true,
    webhooks: true,
    // No provider is reached: the invoice has no payment_gateway, so its Pay form is refused.
    payments: {},
    gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
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
  await new Promise<void>((resolve) => (hookServer ? hookServer.close(() => resolve()) : resolve()));
  await otlp.stop();
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; meta?: Record<string, number> };

function page(api: ApiClient, method: string, path: string) {
  return request(api.baseUrl, method, path, {
    ip: api.ip,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: '' } : {}),
  });
}

test('logs and spans: no service writes an invoice id whole; its short form is what correlates', async (t) => {
  const api = await platform.client('enterprise', 10);
  const endpoint = await platform.admin('POST', `/workspaces/${api.workspaceId}/webhook-endpoints`, { url: hookUrl });
  t.is(endpoint.status, 201, JSON.stringify(endpoint.body));

  const generated = await api.call<Body>('POST', '/api/invoices/generate-external', {
    body: {
      customer_name: 'PT Maju Jaya',
      customer_email: 'billing@maju.example',
      items: [{ description: 'Design', quantity: 1, price: 150000 }],
    },
  });
  t.is(generated.status, 200, generated.text);
  const id = generated.body.data.id as string;
  t.regex(id, /^inv_[0-9A-Za-z]{22}$/);
  t.is(generated.body.data.pdf_url, `${api.baseUrl}/p/invoice/${id}/pdf`);

  t.is((await api.call('GET', `/api/invoices/external/${id}`)).status, 200);
  const list = await api.call<Body<Obj[]>>('GET', '/api/invoices/external');
  t.true(list.body.data.some((inv) => inv.id === id));
  const status = await api.call('PUT', `/api/invoices/external/${id}/status`, { body: { status: 'overdue' } });
  t.is(status.status, 200, status.text);
  const pdf = await api.call('POST', `/api/invoices/external/${id}/pdf`, { body: { force: true } });
  t.is(pdf.status, 200, pdf.text);

  const shown = await page(api, 'GET', `/p/invoice/${id}`);
  t.is(shown.status, 200, shown.text);
  // The same page by a path whose `inv_` is percent-encoded, which the router decodes to the invoice.
  const encoded = await page(api, 'GET', `/p/invoice/inv%5F${id.slice(4)}`);
  t.is(encoded.status, 200, encoded.text);
  const file = await page(api, 'GET', `/p/invoice/${id}/pdf`);
  t.is(file.status, 200);
  t.is(file.headers.get('content-type'), 'application/pdf');
  const pay = await page(api, 'POST', `/p/invoice/${id}/pay`);
  t.is(pay.status, 409, 'no payment gateway: the page again, with why Pay did nothing');

  // The asynchronous work on the id is done before the logs are read: the pdf service's re-render
  // of the status change, and the webhook deliveries of invoice.created and invoice.overdue.
  await platform.pdfProcess!.waitForOutput(/"msg":"re-render recorded"/);
  await waitFor('both webhook events delivered', async () => received.filter((b) => b.includes(id)).length >= 2);

  await platform.stop();
  const logs = await platform.serviceLogs();
  const services = new Set(logs.filter((l) => l.text.length > 0).map((l) => l.service));
  t.deepEqual([...services].sort(), ['accounts', 'gateway', 'invoice', 'payment', 'pdf', 'recurring', 'webhook']);

  // The random part alone: the id is found however it was written (whole, or after an encoded `inv_`).
  const secret = id.slice(4);
  const leaks = logs.flatMap(({ service, text }) =>
    text
      .split('\n')
      .filter((line) => line.includes(secret))
      .map((line) => `${service}: ${line}`),
  );
  t.deepEqual(leaks, [], 'log lines with the invoice id whole');
  // And the log is not quiet about it: the short form is there to follow the invoice by.
  const short = `inv_${id.slice(4, 8)}…`;
  const by = (service: string) =>
    logs
      .filter((l) => l.service === service)
      .map((l) => l.text)
      .join('');
  t.true(by('gateway').includes(`"invoice_id":"${short}"`), 'the refused checkout, by its short id');
  t.true(by('pdf').includes(`"invoice_id":"${short}"`), 'the re-render, by its short id');

  // Spans: the services flushed their last batches as they stopped.
  t.true(otlp.spans.length > 0, 'spans were exported');
  const spanLeaks = otlp.exported.filter((body) => body.includes(secret));
  t.deepEqual(
    spanLeaks.map((body) => body.slice(Math.max(0, body.indexOf(secret) - 300), body.indexOf(secret) + 60)),
    [],
    'span exports with the invoice id whole',
  );
  const pagePaths = otlp.spans
    .filter((s) => s.service === 'gateway' && s.kind === SpanKind.server)
    .map((s) => String(s.attributes['url.path']))
    .filter((p) => p.startsWith('/p/invoice/'));
  t.true(pagePaths.includes(`/p/invoice/${short}`), `the page's server span by its short id: ${pagePaths.join(', ')}`);
  t.true(pagePaths.includes(`/p/invoice/${short}/pdf`), 'the PDF file by its short id');
});
