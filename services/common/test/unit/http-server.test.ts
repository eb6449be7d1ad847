import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { closeHttp, listenHttp } from '../../src/http-server.ts';

const app = (listener: RequestListener) => ({ callback: () => listener });

test('listenHttp serves the app; closeHttp waits for the request in flight', async (t) => {
  let finish: () => void = () => undefined;
  const server = await listenHttp(
    app((req, res) => {
      if (req.url === '/slow') finish = () => res.end('slow');
      else res.end('ok');
    }),
    '127.0.0.1',
    0,
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.is(await (await fetch(`${base}/`)).text(), 'ok');
  const slow = fetch(`${base}/slow`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closed = closeHttp(server, 5000);
  finish();
  t.is(await (await slow).text(), 'slow');
  await closed;
  t.false(server.listening);
});

test('closeHttp cuts the connections still open once the grace period is over', async (t) => {
  const server = await listenHttp(
    app(() => undefined),
    '127.0.0.1',
    0,
  );
  const hung = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await closeHttp(server, 50);
  await t.throwsAsync(hung);
});

test('listenHttp rejects when the port is taken', async (t) => {
  const first = await listenHttp(
    app((_req, res) => res.end()),
    '127.0.0.1',
    0,
  );
  t.teardown(() => closeHttp(first, 0));
  await t.throwsAsync(
    listenHttp(
      app((_req, res) => res.end()),
      '127.0.0.1',
      (first.address() as AddressInfo).port,
    ),
    { code: 'EADDRINUSE' },
  );
});
