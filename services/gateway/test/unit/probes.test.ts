import type { AddressInfo } from 'node:net';
import test from 'ava';
import Koa from 'koa';
import { probesRouter } from '../../src/http/probes.ts';

async function serve(ready: boolean): Promise<{ url: string; close: () => void }> {
  const app = new Koa();
  app.use(probesRouter(() => Promise.resolve(ready)).routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

test('probes: /livez answers while the process does, ready or not', async (t) => {
  const server = await serve(false);
  t.teardown(server.close);
  const res = await fetch(`${server.url}/livez`);
  t.is(res.status, 200);
  t.deepEqual(await res.json(), { status: 'ok' });
});

test('probes: /readyz is 200 or 503 and says only ready or not', async (t) => {
  for (const [ready, status, body] of [
    [true, 200, { status: 'ready' }],
    [false, 503, { status: 'not ready' }],
  ] as const) {
    const server = await serve(ready);
    t.teardown(server.close);
    const res = await fetch(`${server.url}/readyz`);
    t.is(res.status, status);
    t.deepEqual(await res.json(), body);
  }
});
