import type { RequestListener } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import test from 'ava';
import { closeHttp, listenHttp } from '../../src/http-server.ts';

const app = (listener: RequestListener) => ({ callback: () => listener });

test('listenHttp serves the app; closeHttp waits for the request in flight, then ends its kept-alive connection', async (t) => {
  // Far below the grace: closing must not wait for the answered connection's keep-alive timeout.
  t.timeout(20_000);
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
  const closed = closeHttp(server, 60_000);
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

test('listenHttp keeps an idle connection open past Node default 5 s, and says how long in Keep-Alive', async (t) => {
  const server = await listenHttp(
    app((_req, res) => res.end('ok')),
    '127.0.0.1',
    0,
  );
  t.teardown(() => closeHttp(server, 0));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  t.teardown(() => socket.destroy());
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const answered = async (n: number) => {
    while (received.split('\r\n\r\nok').length - 1 < n) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  await answered(1);
  t.regex(received, /\r\nKeep-Alive: timeout=65\r\n/i);
  // A client that comes back to its connection after 6 s of quiet (a busy event loop, a pool's idle
  // connection) is answered on it, where Node's default would have ended it at 5 s.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  t.false(socket.destroyed || socket.readableEnded, 'the server kept the connection');
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  await answered(2);
  t.pass();
});
