import { createHash, randomBytes } from 'node:crypto';
import test from 'ava';
import { Redis } from 'ioredis';
import { type ApiClient, type ApiResponse, Platform, sleep, waitFor } from '../support/platform.ts';

/**
 * The gateway killed (`kill -9`) while a generate with an Idempotency-Key is in flight: the
 * client's retry with the same key must be served within a lease of the default
 * IDEMPOTENCY_LEASE_MS (10 s) of the gateway being back, not 409 until a long in-flight marker
 * expires (issue 18), and the key still makes exactly one invoice. The generate is held in flight
 * by freezing the pdf service (SIGSTOP): the invoice service waits on it as on a hung render.
 * Kills and restarts processes, so it runs alone, after the other test files.
 */
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});
let redis: Redis;

test.before(async () => {
  await platform.start();
  redis = new Redis(platform.stack.REDIS_URL!);
});
test.after.always(async () => {
  // A frozen process would take the kill timeout to stop.
  platform.pdfProcess?.signal('SIGCONT');
  redis?.disconnect();
  await platform.stop();
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; meta?: Record<string, number>; error?: { name: string; message: string } };
const body = { customer_name: 'Crash Retry Ltd', items: [{ quantity: 1, price: 1000 }] };
/** What a client has the gateway tell it within a lease of it being back. */
const servedWithinMs = 10_000;

const seqOf = (invoice: Obj) => Number(String(invoice.invoice_number).split('-').pop());
const generate = (api: ApiClient, key: string) =>
  api.call<Body>('POST', '/api/invoices/generate-external', { body, headers: { 'idempotency-key': key } });

/** The in-flight marker's entry in Redis (services/gateway/src/http/idempotency.ts), null when there is none. */
async function marker(api: ApiClient, key: string): Promise<{ state: string } | null> {
  const hashed = createHash('sha256').update(key).digest('hex');
  const raw = await redis.get(`idem:${api.workspaceId}:POST:/api/invoices/generate-external:${hashed}`);
  return raw === null ? null : (JSON.parse(raw) as { state: string });
}

/**
 * Sends the keyed generate with the pdf service frozen and returns once the gateway holds it in
 * flight (its marker set, a repeat answered 409); `first` settles when that request ends.
 */
async function inFlight(t: { is: (a: unknown, b: unknown, m?: string) => void }, api: ApiClient, key: string) {
  platform.pdfProcess!.signal('SIGSTOP');
  const first = generate(api, key).then(
    (res) => res.status,
    () => 'connection lost' as const,
  );
  await waitFor('the generate in flight', async () => (await marker(api, key))?.state === 'processing');
  const repeat = await generate(api, key);
  t.is(repeat.status, 409, 'a repeat while it runs is 409');
  t.is(repeat.headers.get('retry-after'), '1', 'and says to retry in a second');
  // Wrapped: an async function returning the promise itself would wait for it to settle.
  return { first };
}

/** Kills the gateway as a crash would and starts a new one on the same port; resolves when it is ready. */
async function crashGateway(): Promise<number> {
  await platform.gateway.process.stop('SIGKILL');
  // Ready (Redis and accounts answer), not every dependency: the pdf service may still be frozen.
  platform.gateway = await platform.startGateway({}, platform.gatewayPort, 'ready');
  return Date.now();
}

async function invoicesOf(api: ApiClient): Promise<Obj[]> {
  const res = await api.call<Body<Obj[]>>('GET', '/api/invoices/external');
  if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text}`);
  return res.body.data;
}

test.serial(
  'gateway killed mid-generate, the invoice finished behind it: the retry gets it as a replay within a lease',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    const key = `crash-${randomBytes(6).toString('hex')}`;
    const { first } = await inFlight(t, api, key);
    const crashed = crashGateway();
    t.is(await first, 'connection lost');
    // The invoice service goes on with the call its caller abandoned and stores the invoice.
    platform.pdfProcess!.signal('SIGCONT');
    const backAt = await crashed;
    const stored = await waitFor('the abandoned generate stored', async () => {
      const list = await invoicesOf(api);
      return list.length === 1 ? list[0]! : undefined;
    });

    const conflicts: number[] = [];
    let retry: ApiResponse<Body>;
    for (;;) {
      retry = await generate(api, key);
      if (retry.status !== 409 || Date.now() - backAt > servedWithinMs) break;
      conflicts.push(Date.now() - backAt);
      await sleep(200);
    }
    const servedAfter = Date.now() - backAt;
    t.is(
      retry.status,
      200,
      `${conflicts.length} answers of 409 over ${conflicts.at(-1) ?? 0} ms after the gateway was back: ${retry.text}`,
    );
    t.true(servedAfter <= servedWithinMs, `served ${servedAfter} ms after the gateway was back`);
    t.log(`served ${servedAfter} ms after the gateway was back, after ${conflicts.length} answers of 409`);
    t.is(retry.body.data.id, stored.id, 'the invoice the crashed request made');
    t.is(retry.headers.get('idempotent-replayed'), 'true');
    t.is((await invoicesOf(api)).length, 1);
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4, 'one credit for the key');
    const again = await generate(api, key);
    t.is(again.status, 200);
    t.is(again.body.data.id, stored.id);
    t.is(again.headers.get('idempotent-replayed'), 'true', 'stored by the retry for later repeats');
  },
);

test.serial(
  'gateway killed mid-generate, the invoice still unfinished: the retry runs within a lease and the key makes one invoice',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    const key = `crash-${randomBytes(6).toString('hex')}`;
    const { first } = await inFlight(t, api, key);
    const backAt = await crashGateway();
    t.is(await first, 'connection lost');

    // The pdf service stays frozen, so the abandoned call is still waiting in the invoice service;
    // a retry not refused with 409 within 2 s is running beside it.
    let conflicts = 0;
    let running: Promise<ApiResponse<Body>> | undefined;
    let sentAfter = 0;
    for (;;) {
      sentAfter = Date.now() - backAt;
      if (sentAfter > servedWithinMs) break;
      const attempt = generate(api, key);
      const early = await Promise.race([attempt, sleep(2000).then(() => undefined)]);
      if (early === undefined) {
        running = attempt;
        break;
      }
      if (early.status !== 409) {
        t.fail(`the retry answered ${early.status} with the pdf service frozen: ${early.text}`);
        break;
      }
      conflicts++;
      await sleep(200);
    }
    platform.pdfProcess!.signal('SIGCONT');
    t.truthy(running, `${conflicts} answers of 409 over ${sentAfter} ms after the gateway was back`);
    if (!running) return;
    t.log(`the retry that ran was sent ${sentAfter} ms after the gateway was back, after ${conflicts} answers of 409`);

    const retry = await running;
    t.is(retry.status, 200, retry.text);
    const list = await invoicesOf(api);
    t.is(list.length, 1, 'the abandoned call and the retry made one invoice');
    t.is(list[0]!.id, retry.body.data.id);
    // The loser of the two gives its credit back once the insert refused it, which may be after
    // the winner answered.
    await waitFor(
      'the losing call to give its credit back',
      async () => (await platform.credits(api.workspaceId)).credits_remaining === 4,
    );
    const again = await generate(api, key);
    t.is(again.status, 200);
    t.is(again.body.data.id, retry.body.data.id);
    // The loser gave its number back too: the next invoice takes it, so there is no gap.
    const next = await api.call<Body>('POST', '/api/invoices/generate-external', { body });
    t.is(next.status, 200, next.text);
    t.deepEqual([seqOf(retry.body.data), seqOf(next.body.data)].sort(), [1, 2]);
  },
);
