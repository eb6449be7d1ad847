import test from 'ava';
import { type ApiResponse, freePort, type GatewayHandle, Platform, request, waitFor } from '../support/platform.ts';

/**
 * A peer that is down takes only its own routes down (docs/health.md): the gateway stays ready,
 * the routes that need the peer answer 503 with Retry-After, and the admin port says what is down.
 * Stops this platform's own recurring and pdf processes; Kafka is never stopped (it is shared), a
 * gateway is pointed at a closed port instead.
 */
const platform = new Platform({
  invoices: true,
  recurring: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});

test.before(async () => {
  await platform.start();
});
test.after.always(() => platform.stop());

type Body = { data: Record<string, unknown> | null; error?: { status: number; name: string } };
type Health = { data: { status: string; down: string[]; checks: Record<string, boolean> } };

const body = { customer_name: 'PT Maju Jaya', items: [{ description: 'Design', quantity: 1, price: 150000 }] };

async function health(gateway: GatewayHandle = platform.gateway): Promise<ApiResponse<Health>> {
  return request<Health>(gateway.adminUrl, 'GET', '/admin/health', { authorization: `Bearer ${platform.adminToken}` });
}

/** Waits until the admin report names `component` as down, and returns that report. */
function reportedDown(component: string, gateway: GatewayHandle = platform.gateway): Promise<Health['data']> {
  return waitFor(
    `${component} reported down on the admin port`,
    async () => {
      const res = await health(gateway);
      return res.status === 200 && res.body.data.checks[component] === false ? res.body.data : undefined;
    },
    30_000,
    200,
  );
}

async function assertReady(
  t: { is(a: unknown, b: unknown, m?: string): void; deepEqual(a: unknown, b: unknown): void },
  baseUrl: string,
) {
  const ready = await request(baseUrl, 'GET', '/readyz');
  t.is(ready.status, 200, 'readyz');
  t.deepEqual(ready.body, { status: 'ready' });
  t.is((await request(baseUrl, 'GET', '/livez')).status, 200, 'livez');
}

function assertUnavailable(
  t: { is(a: unknown, b: unknown, m?: string): void; regex(s: string, r: RegExp): void },
  res: ApiResponse<Body>,
) {
  t.is(res.status, 503, res.text);
  t.is(res.body.error?.name, 'ServiceUnavailableError');
  t.regex(res.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
}

test.serial('admin health: every peer up when all run, and only with the admin token', async (t) => {
  const res = await health();
  t.is(res.status, 200, res.text);
  t.deepEqual(res.body.data.down, []);
  t.is(res.body.data.status, 'ok');
  for (const name of ['redis', 'kafka', 'accounts', 'invoice', 'pdf', 'recurring'])
    t.true(res.body.data.checks[name], name);
  t.is((await request(platform.gateway.adminUrl, 'GET', '/admin/health')).status, 403);
  // The public port shows no dependency map.
  t.is((await request(platform.gateway.baseUrl, 'GET', '/admin/health')).status, 404);
});

test.serial(
  'recurring stopped: the gateway stays ready, invoices work, recurring routes answer 503 with Retry-After',
  async (t) => {
    const api = await platform.client('enterprise', 'unlimited');
    const first = await api.call<Body>('POST', '/api/invoices/generate-external', { body });
    t.is(first.status, 200, first.text);

    await platform.recurringProcesses[0]!.stop();
    const report = await reportedDown('recurring');
    t.deepEqual(report.down, ['recurring']);
    t.is(report.status, 'degraded');

    await assertReady(t, platform.gateway.baseUrl);
    t.is((await api.call('GET', '/api/invoices/external')).status, 200, 'list');
    const generated = await api.call<Body>('POST', '/api/invoices/generate-external', { body });
    t.is(generated.status, 200, generated.text);
    assertUnavailable(t, await api.call<Body>('GET', '/api/invoices/external/recurring'));
    assertUnavailable(t, await api.call<Body>('GET', '/api/invoices/external/recurring/rec_doesnotexist0000'));

    await platform.restart('recurring');
    await waitFor(
      'recurring routes back',
      async () => (await api.call('GET', '/api/invoices/external/recurring')).status === 200,
    );
  },
);

test.serial(
  'pdf stopped: the gateway stays ready, list and get work, the public PDF answers 503 with Retry-After',
  async (t) => {
    const api = await platform.client('enterprise', 'unlimited');
    const made = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', { body });
    t.is(made.status, 200, made.text);
    const id = made.body.data.id;

    await platform.pdfProcess!.stop();
    const report = await reportedDown('pdf');
    t.deepEqual(report.down, ['pdf']);

    await assertReady(t, platform.gateway.baseUrl);
    t.is((await api.call('GET', '/api/invoices/external')).status, 200, 'list');
    t.is((await api.call('GET', `/api/invoices/external/${id}`)).status, 200, 'get');
    t.is((await api.call('GET', '/api/invoices/external/recurring')).status, 200, 'recurring list');
    assertUnavailable(t, await request<Body>(platform.gateway.baseUrl, 'GET', `/p/invoice/${id}/pdf`, { ip: api.ip }));

    await platform.restart('pdf');
    const again = await api.call<Body>('POST', '/api/invoices/generate-external', { body });
    t.is(again.status, 200, again.text);
  },
);

test.serial('Kafka unreachable: a gateway starts, is ready and serves; the admin port names Kafka', async (t) => {
  const closed = await freePort();
  const gateway = await platform.startGateway({ KAFKA_BROKERS: `127.0.0.1:${closed}` }, undefined, 'ready');
  try {
    await assertReady(t, gateway.baseUrl);
    const api = await platform.client('enterprise', 'unlimited');
    const opts = { key: api.key, ip: api.ip };
    t.is((await request(gateway.baseUrl, 'GET', '/api/invoices/external', opts)).status, 200, 'list');
    const made = await request<Body>(gateway.baseUrl, 'POST', '/api/invoices/generate-external', { ...opts, body });
    t.is(made.status, 200, made.text);
    t.is((await request(gateway.baseUrl, 'GET', '/api/invoices/external/recurring', opts)).status, 200);
    const report = await reportedDown('kafka', gateway);
    t.true(report.down.includes('kafka'));
    for (const name of ['redis', 'accounts', 'invoice', 'pdf', 'recurring']) t.true(report.checks[name], name);
  } finally {
    await gateway.process.stop();
  }
});

test.serial('accounts unreachable: /readyz is 503 and says only "not ready"; /livez stays 200', async (t) => {
  const closed = await freePort();
  const gateway = await platform.startGateway({ ACCOUNTS_ADDR: `127.0.0.1:${closed}` }, undefined, 'live');
  try {
    const ready = await request(gateway.baseUrl, 'GET', '/readyz');
    t.is(ready.status, 503);
    t.deepEqual(ready.body, { status: 'not ready' });
    t.is((await request(gateway.baseUrl, 'GET', '/livez')).status, 200);
    await reportedDown('accounts', gateway);
    // Kafka joins in the background: once it has, accounts is the one thing named.
    const settled = await waitFor('only accounts down', async () => {
      const res = await health(gateway);
      return res.body.data.down.length === 1 ? res.body.data : undefined;
    });
    t.deepEqual(settled.down, ['accounts']);
    t.is((await request(gateway.baseUrl, 'GET', '/readyz')).status, 503, 'still not ready');
  } finally {
    await gateway.process.stop();
  }
});
