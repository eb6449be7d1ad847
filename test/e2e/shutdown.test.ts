import { type IncomingMessage, request as httpRequest } from 'node:http';
import test from 'ava';
import { Platform, refusesConnections, waitFor } from '../support/platform.ts';

const platform = new Platform({ invoices: true });

test.before(async () => {
  await platform.start();
});
test.after.always(() => platform.stop());

test('SIGTERM: the gateway stops accepting connections, finishes a generate in flight, then exits', async (t) => {
  // A long grace period: on a loaded machine the drain must not be cut short by the deadline.
  const gateway = await platform.startGateway({ SHUTDOWN_GRACE_MS: '60000' });
  const api = await platform.client('enterprise', 5);
  const body = JSON.stringify({
    customer_name: 'PT Maju',
    items: [{ description: 'Design', quantity: 2, price: 150 }],
  });
  const url = new URL('/api/invoices/generate-external', gateway.baseUrl);
  // Expect: 100-continue: the 100 proves the gateway has the request (it is in flight, not an idle
  // connection), and the body is held back until the gateway is shutting down.
  const req = httpRequest(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${api.key}`,
      'x-forwarded-for': api.ip,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    req.once('continue', resolve);
    req.once('error', reject);
  });

  const stopped = gateway.process.stop('SIGTERM', 120_000);
  const port = Number(url.port);
  await waitFor('the public port to refuse connections', () => refusesConnections(port), 30_000, 50);
  t.true(gateway.process.running, 'still running: a request is in flight');

  req.end(body);
  const res = await answered;
  const text = await new Promise<string>((resolve) => {
    let data = '';
    res.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
    res.once('end', () => resolve(data));
  });
  t.is(res.statusCode, 200, text);
  t.regex((JSON.parse(text) as { data: { invoice_number: string } }).data.invoice_number, /^INV-/);
  t.truthy(res.headers['x-ratelimit-limit']);

  await stopped;
  t.false(gateway.process.running);
  t.true(await refusesConnections(port));
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 4, 'the invoice was made once');
});
