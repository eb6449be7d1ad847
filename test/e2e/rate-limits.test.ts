import { spawn } from 'node:child_process';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import test from 'ava';
import { Redis } from 'ioredis';
import {
  type ApiClient,
  type ApiResponse,
  freePort,
  Platform,
  request,
  ServiceProcess,
  sleep,
  uniqueIp,
  waitFor,
} from '../support/platform.ts';

const templates = '/api/invoices/external/templates';
const platform = new Platform();

test.before(async () => {
  await platform.start();
});
test.after.always(() => platform.stop());

function limitHeaders(res: ApiResponse) {
  return { limit: res.headers.get('x-ratelimit-limit'), remaining: res.headers.get('x-ratelimit-remaining') };
}

test('workspace limit: the 11th request in a minute on professional is 429 with Retry-After; headers exact on every response', async (t) => {
  const api = await platform.client('professional');
  // A mix of outcomes: every one counts and carries the headers, errors included.
  const calls: [string, string, object?][] = [
    ['GET', templates],
    ['GET', '/api/invoices/external?pageSize=0'],
    ['GET', '/api/invoices/external/bad.id'],
    ['POST', '/api/invoices/generate-external', {}],
    ['GET', '/api/invoices/external'],
    ['GET', '/api/invoices/external/recurring'],
    ['PUT', '/api/invoices/external/inv_1/status', { status: 'paid' }],
    ['GET', '/api/nowhere'],
    ['GET', templates],
    ['GET', templates],
  ];
  for (const [i, [method, path, body]] of calls.entries()) {
    const res = await api.call(method, path, { body });
    t.not(res.status, 429, `${method} ${path}`);
    t.deepEqual(limitHeaders(res), { limit: '10', remaining: String(9 - i) }, `${method} ${path} → ${res.status}`);
  }
  const refused = await api.call('GET', templates);
  t.is(refused.status, 429);
  t.deepEqual(limitHeaders(refused), { limit: '10', remaining: '0' });
  const retryAfter = Number(refused.headers.get('retry-after'));
  t.true(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  const body = refused.body as { data: null; error: { status: number; name: string; message: string } };
  t.is(body.data, null);
  t.is(body.error.status, 429);
  t.is(body.error.name, 'RateLimitError');
  t.regex(body.error.message, /Retry after/);
});

test('workspace limit: a 429 does not count, neither for the workspace nor for the IP', async (t) => {
  const api = await platform.client('professional');
  for (let i = 0; i < 10; i++) t.not((await api.call('GET', templates)).status, 429);
  for (let i = 0; i < 5; i++) t.is((await api.call('GET', templates)).status, 429);
  // Same IP without a key: only the 10 admitted requests count against its 30.
  const anonymous = await request(platform.gateway.baseUrl, 'GET', templates, { ip: api.ip });
  t.is(anonymous.status, 403);
  t.deepEqual(limitHeaders(anonymous), { limit: '30', remaining: String(30 - 10 - 1) });
});

test('workspace limit: two gateway processes share one limit', async (t) => {
  const second = await platform.startGateway();
  const api = await platform.client('professional');
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const base = i % 2 === 0 ? platform.gateway.baseUrl : second.baseUrl;
    const res = await request(base, 'GET', templates, { key: api.key, ip: api.ip });
    statuses.push(res.status);
    if (i < 10) t.is(res.headers.get('x-ratelimit-remaining'), String(9 - i));
  }
  t.deepEqual(statuses, [...Array(10).fill(501), 429, 429]);
});

for (const [plan, limit] of [
  ['specialist', 20],
  ['business', 30],
  ['enterprise', 60],
] as const) {
  test(`workspace limit: ${plan} allows ${limit} per minute`, async (t) => {
    const api = await platform.client(plan);
    const res = await api.call('GET', templates);
    t.deepEqual(limitHeaders(res), { limit: String(limit), remaining: String(limit - 1) });
  });
}

test('workspace limit: exactly N of N+5 parallel requests are admitted', async (t) => {
  const api = await platform.client('professional');
  const results = await Promise.all(Array.from({ length: 15 }, () => api.call('GET', templates)));
  t.is(results.filter((r) => r.status === 429).length, 5);
  t.deepEqual(
    results.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b),
    [0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
});

test('IP limit: applies before authentication; the 31st request from one IP is 429, not 403', async (t) => {
  const ip = uniqueIp();
  for (let i = 0; i < 30; i++) {
    const res = await request(platform.gateway.baseUrl, 'GET', templates, { ip, key: 'not-a-key' });
    t.is(res.status, 403);
    t.deepEqual(limitHeaders(res), { limit: '30', remaining: String(29 - i) });
  }
  const refused = await request(platform.gateway.baseUrl, 'GET', templates, { ip, key: 'not-a-key' });
  t.is(refused.status, 429);
  t.true(Number(refused.headers.get('retry-after')) >= 1);
  t.deepEqual(limitHeaders(refused), { limit: '30', remaining: '0' });
  // A valid key from the same address is refused too: the address is spent.
  const api = await platform.client('enterprise');
  t.is((await request(platform.gateway.baseUrl, 'GET', templates, { ip, key: api.key })).status, 429);
});

test('IP limit: a request its workspace limit refuses gives its IP slot back (a 429 does not count)', async (t) => {
  const gateway = await platform.startGateway({ RATE_LIMIT_PLANS: '{"professional":1}', RATE_LIMIT_PER_IP: '3' });
  const ip = uniqueIp();
  const spent = await platform.client('professional');
  const fresh = await platform.client('enterprise');
  const call = (key: string) => request(gateway.baseUrl, 'GET', templates, { key, ip });
  t.is((await call(spent.key)).status, 501, 'its workspace is now full; the IP has 2 of 3 left');
  for (let i = 0; i < 5; i++) t.is((await call(spent.key)).status, 429);
  t.deepEqual(
    [(await call(fresh.key)).status, (await call(fresh.key)).status, (await call(fresh.key)).status],
    [501, 501, 429],
  );
  await gateway.process.stop();
});

test('IP limit: a parallel burst from one IP gets exactly the limit through', async (t) => {
  // The IP entry is recorded atomically with its check, before the key is looked up: ten parallel
  // requests with a bad key cannot all pass a look made before any of them was counted.
  const gateway = await platform.startGateway({ RATE_LIMIT_PER_IP: '3' });
  const ip = uniqueIp();
  const results = await Promise.all(
    Array.from({ length: 10 }, () => request(gateway.baseUrl, 'GET', templates, { ip, key: 'not-a-key' })),
  );
  const statuses = results.map((r) => r.status).sort();
  t.deepEqual(statuses, [403, 403, 403, 429, 429, 429, 429, 429, 429, 429]);
  await gateway.process.stop();
});

test('IP limit: behind one proxy, hops the client writes into X-Forwarded-For cannot dodge the limit', async (t) => {
  // The operator trusts the cluster range, so a client inside it is "trusted" too; only the hop
  // the one proxy appended may name the client, never what the client wrote before it.
  const gateway = await platform.startGateway({
    TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/8',
    TRUSTED_PROXY_HOPS: '1',
    RATE_LIMIT_PER_IP: '3',
  });
  const client = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const statuses: number[] = [];
  for (const spoofed of ['198.51.100.7', '198.51.100.8', '192.0.2.1', '192.0.2.2'])
    statuses.push(
      (await request(gateway.baseUrl, 'GET', templates, { key: 'not-a-key', ip: `${spoofed}, ${client}` })).status,
    );
  t.deepEqual(statuses, [403, 403, 403, 429]);
  await gateway.process.stop();
});

test('IP limit: IPv6 addresses of one /64 share one limit; another /64 has its own', async (t) => {
  const gateway = await platform.startGateway({ RATE_LIMIT_PER_IP: '3' });
  const prefix = uniqueIp().split(':').slice(0, 4).join(':');
  const call = (ip: string) => request(gateway.baseUrl, 'GET', templates, { key: 'not-a-key', ip });
  const statuses: number[] = [];
  for (const host of ['1', 'a:b:c', 'ffff:1', '2']) statuses.push((await call(`${prefix}::${host}`)).status);
  t.deepEqual(statuses, [403, 403, 403, 429]);
  const other = uniqueIp();
  t.is((await call(other)).status, 403);
  await gateway.process.stop();
});

test('IP limit: one IP spread over several workspaces is still capped at 30', async (t) => {
  const ip = uniqueIp();
  const clients = await Promise.all([platform.client('enterprise'), platform.client('enterprise')]);
  const statuses: number[] = [];
  for (let i = 0; i < 32; i++)
    statuses.push((await request(platform.gateway.baseUrl, 'GET', templates, { ip, key: clients[i % 2]!.key })).status);
  t.deepEqual(statuses, [...Array(30).fill(501), 429, 429]);
});

test('operator config: RATE_LIMIT_PLANS and RATE_LIMIT_PER_IP change the limits', async (t) => {
  const custom = await platform.startGateway({ RATE_LIMIT_PLANS: '{"professional":3}', RATE_LIMIT_PER_IP: '50' });
  const api = await platform.client('professional');
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await request(custom.baseUrl, 'GET', templates, { key: api.key, ip: uniqueIp() })).status);
  t.deepEqual(statuses, [501, 501, 501, 429]);
  const anonymous = await request(custom.baseUrl, 'GET', templates, { ip: uniqueIp() });
  t.deepEqual(limitHeaders(anonymous), { limit: '50', remaining: '49' });
});

test('sliding window: RATE_LIMIT_WINDOW_MS sets it; the (N+1)th request in it is 429 with Retry-After up to the window, and after that wait a request passes', async (t) => {
  const windowMs = 5000;
  const gateway = await platform.startGateway({
    RATE_LIMIT_WINDOW_MS: String(windowMs),
    RATE_LIMIT_PLANS: '{"professional":2}',
  });
  const call = (api: ApiClient) => request(gateway.baseUrl, 'GET', templates, { key: api.key, ip: api.ip });
  for (let attempt = 1; ; attempt++) {
    const api = await platform.client('professional');
    const start = Date.now();
    t.is((await call(api)).status, 501);
    t.is((await call(api)).status, 501);
    const refused = await call(api);
    const elapsed = Date.now() - start;
    // On a machine so loaded that three requests outlast the window, the first has left it already.
    if (refused.status !== 429 && elapsed >= windowMs && attempt < 5) continue;
    t.is(refused.status, 429);
    t.deepEqual(limitHeaders(refused), { limit: '2', remaining: '0' });
    t.regex((refused.body as { error: { message: string } }).error.message, /2 requests per 5 s per workspace/);
    // The first entry was made after `start` and the refusal before `start + elapsed` (one clock).
    const retryAfter = Number(refused.headers.get('retry-after'));
    t.true(
      retryAfter <= windowMs / 1000 && retryAfter >= Math.ceil((windowMs - elapsed) / 1000),
      `Retry-After ${retryAfter} after ${elapsed} ms`,
    );
    await sleep(retryAfter * 1000);
    const again = await call(api);
    t.is(again.status, 501, 'the first request has left the window');
    break;
  }
  await gateway.process.stop();
});

/** A GET from a loopback address of its own (127.x.y.z), so no other test shares its IP count. */
function getFrom(localAddress: string, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', localAddress, headers }, (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

test('IP limit: without a trusted proxy, X-Forwarded-For cannot dodge the limit', async (t) => {
  const direct = await platform.startGateway({ TRUSTED_PROXIES: '', RATE_LIMIT_PER_IP: '5' });
  const from = `127.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++)
    statuses.push(await getFrom(from, `${direct.baseUrl}${templates}`, { 'x-forwarded-for': uniqueIp() }));
  t.deepEqual(statuses, [403, 403, 403, 403, 403, 429]);
  await direct.process.stop();
});

test('a hung Redis (stopped, its socket open) is a 503 within seconds, not a hung request', async (t) => {
  // A Redis of our own, frozen with SIGSTOP after the gateway connected: commands are sent and
  // never answered. REDIS_COMMAND_TIMEOUT_MS turns that into a quick 503.
  const redisPort = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  try {
    await waitFor('the private redis', async () => {
      const probe = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    });
    const gateway = await platform.startGateway({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    try {
      const api = await platform.client('business');
      t.is((await request(gateway.baseUrl, 'GET', templates, { key: api.key, ip: api.ip })).status, 501);
      redis.kill('SIGSTOP');
      const started = performance.now();
      const res = await Promise.race([
        request(gateway.baseUrl, 'GET', templates, { key: api.key, ip: api.ip }),
        sleep(15_000).then(() => undefined),
      ]);
      t.truthy(res, 'answered');
      t.is(res!.status, 503);
      t.is((res!.body as { error: { name: string } }).error.name, 'ServiceUnavailableError');
      t.log(`answered in ${Math.round(performance.now() - started)} ms`);
    } finally {
      redis.kill('SIGCONT');
      await gateway.process.stop();
    }
  } finally {
    redis.kill('SIGKILL');
  }
});

test('without Redis: 503 ServiceUnavailableError still carrying the IP limit with nothing remaining', async (t) => {
  // A gateway of its own whose Redis is a closed port: the shared Redis is never touched.
  const [port, adminPort, redisPort] = [await freePort(), await freePort(), await freePort()];
  const gateway = new ServiceProcess('gateway', 'services/gateway/src/main.ts', {
    ...platform.stack,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    GATEWAY_PORT: String(port),
    GATEWAY_ADMIN_PORT: String(adminPort),
    ADMIN_TOKEN: platform.adminToken,
    ACCOUNTS_ADDR: platform.accountsAddr,
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_PER_IP: '45',
  });
  gateway.start();
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitFor('gateway listening', async () => (await fetch(`${baseUrl}/livez`)).ok, 60_000, 200);
    const api = await platform.client('business');
    for (const res of [
      await request(baseUrl, 'GET', templates, { key: api.key, ip: api.ip }),
      await request(baseUrl, 'GET', templates, { ip: uniqueIp() }),
      await request(baseUrl, 'GET', '/p/invoice/inv_1/pdf', { ip: uniqueIp() }),
    ]) {
      t.is(res.status, 503);
      t.is((res.body as { error: { name: string } }).error.name, 'ServiceUnavailableError');
      t.deepEqual(limitHeaders(res), { limit: '45', remaining: '0' });
    }
  } finally {
    await gateway.stop();
  }
});
