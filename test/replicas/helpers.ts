import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { ExecutionContext } from 'ava';
import { type Sample, selectSamples, sumSamples } from '../support/metrics.ts';
import { uniqueIp } from '../support/platform.ts';

/** What the replicas tests share: a load of separate clients, and each copy's share of it. */

const body = (marker: string) => ({
  customer_name: marker,
  items: [{ description: 'Replica work', quantity: 1, price: 125000 }],
});

/**
 * One generate on a connection of its own, as many separate clients make them (the gateway copies
 * share their port, and the kernel gives each new connection to one of them). Status 0: no answer.
 */
export function generate(
  baseUrl: string,
  apiKey: string,
  key?: string,
): Promise<{ status: number; id?: string; text?: string }> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body(`Replica ${key ?? randomBytes(4).toString('hex')}`));
    const url = new URL(`${baseUrl}/api/invoices/generate-external`);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': uniqueIp(),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        timeout: 40_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let id: string | undefined;
          try {
            id = (JSON.parse(text) as { data?: { id?: string } }).data?.id;
          } catch {
            // not JSON: a proxy's or a dying process's answer
          }
          resolve({ status: res.statusCode ?? 0, id, text: res.statusCode === 200 ? undefined : text });
        });
        res.on('error', () => resolve({ status: 0 }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0 }));
    req.end(payload);
  });
}

export const rpcCalls = (samples: Sample[], method: RegExp) =>
  sumSamples(
    selectSamples(samples, 'rpc_server_call_duration_seconds_count', { rpc_method: method, rpc_status_code: 'OK' }),
  );
export const generatesAnswered = (samples: Sample[]) =>
  sumSamples(
    selectSamples(samples, 'http_server_request_duration_seconds_count', {
      http_route: '/api/invoices/generate-external',
      http_response_status_code: '200',
    }),
  );

/** Asserts each copy did 30–70 % of what `count` counts between the two scrapes. */
export function assertSpread<C extends { replica: number }>(
  t: ExecutionContext,
  what: string,
  before: Map<C, Sample[]>,
  after: Map<C, Sample[]>,
  count: (s: Sample[]) => number,
): void {
  const done = [...after].map(([copy, samples]) => ({
    copy,
    n: count(samples) - count(before.get(copy) ?? []),
  }));
  const total = done.reduce((n, d) => n + d.n, 0);
  t.log(`${what}: ${done.map((d) => `copy ${d.copy.replica} ${d.n}`).join(', ')} of ${total}`);
  t.is(done.length, 2, `${what}: two copies`);
  t.true(total >= 150, `${what}: ${total} counted`);
  for (const d of done) {
    const share = d.n / total;
    t.true(share >= 0.3 && share <= 0.7, `${what}: copy ${d.copy.replica} did ${(share * 100).toFixed(0)} %`);
  }
}
