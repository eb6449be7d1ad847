import { createServer, type Server } from 'node:http';
import type { UnaryClient } from '@invoice-platform/common/grpc';
import { createLogger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import test from 'ava';
import type { Connection } from 'mongoose';
import { ServiceClock } from '../../src/service/clock.ts';
import { EndpointService } from '../../src/service/endpoints.ts';
import { FanOut } from '../../src/service/fanout.ts';
import { Notifier } from '../../src/service/notifier.ts';
import { DeliveryWorker } from '../../src/service/worker.ts';
import { DeliveryStore } from '../../src/store/deliveries.ts';
import { EndpointStore } from '../../src/store/endpoints.ts';
import type { Models } from '../../src/store/models.ts';
import { newKeyring, SecretBox } from '../../src/store/secret-box.ts';
import { endpointState, openTestDatabase } from './helpers.ts';

// Stores and workers of the webhook service in this process, on the real database (FerretDB), with
// several workers sharing it as replicas would, against a local HTTP receiver.

const log = createLogger('webhook-test', 'warn');
const box = new SecretBox(newKeyring());
let conn: Connection;
let models: Models;
let server: Server;
let port = 0;
const received: { id: string; at: number }[] = [];

const accounts = {
  call: async () => ({ name: 'ws', owner_email: '', plan: 'business', plan_state: 'active', features: ['api'] }),
  healthy: async () => true,
  close: () => undefined,
} as unknown as UnaryClient;
const mailer: Mailer = { send: async () => ({ messageId: 'x' }), verify: async () => true, close: () => undefined };

test.before(async () => {
  ({ conn, models } = await openTestDatabase('webhook_it'));
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['service-delivery']);
      received.push({ id, at: Date.now() });
      // Events named evt_fail… fail at every attempt; every other one succeeds.
      res.statusCode = id.startsWith('evt_fail') ? 500 : 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as { port: number }).port;
});
test.after.always(async () => {
  await conn?.db?.dropDatabase().catch(() => undefined);
  await conn?.close();
  server?.close();
});

/** `crashBeforeNotice`: the first deactivation notice fails to be queued, as if the process died there. */
function replica(clock: ServiceClock, leaseMs = 60_000, crashBeforeNotice = false) {
  const endpoints = new EndpointStore(models, box);
  const deliveries = new DeliveryStore(models);
  const service = new EndpointService({
    endpoints,
    deliveries,
    accounts,
    clock,
    allowInsecureLoopback: true,
    log,
    wake: () => undefined,
  });
  const workerId = `w${Math.random().toString(36).slice(2, 8)}`;
  const notifier = new Notifier({ deliveries, accounts, mailer, clock, workerId, log });
  if (crashBeforeNotice) {
    const enqueue = notifier.enqueue.bind(notifier);
    let crashed = false;
    notifier.enqueue = async (...args) => {
      if (!crashed) {
        crashed = true;
        throw new Error('process died before queueing the notice');
      }
      return enqueue(...args);
    };
  }
  const worker = new DeliveryWorker({
    deliveries,
    endpoints,
    endpointService: service,
    notifier,
    clock,
    allowInsecureLoopback: true,
    timeoutMs: 5000,
    leaseMs,
    concurrency: 8,
    pollMs: 1000,
    workerId,
    log,
  });
  const fanOut = new FanOut({ endpoints, deliveries, clock, log, wake: () => undefined });
  return { endpoints, deliveries, service, worker, fanOut };
}

async function endpointIn(r: ReturnType<typeof replica>, workspaceId: string, route: string) {
  return r.endpoints.insert(
    `whe_${route}_${Math.random().toString(36).slice(2, 8)}`,
    endpointState(workspaceId, `http://127.0.0.1:${port}/${route}`),
  );
}

function lifecycle(id: string, workspaceId: string) {
  return {
    id,
    object: 'event',
    type: 'invoice.created',
    created: new Date().toISOString(),
    workspace_id: workspaceId,
    sequence: 1,
    data: { object: { id: `inv_${id}` } },
  };
}

test.serial('four workers racing over 30 due deliveries send each exactly once', async (t) => {
  const clock = new ServiceClock();
  const replicas = [replica(clock), replica(clock), replica(clock), replica(clock)];
  await endpointIn(replicas[0]!, 'WSRACE', 'race');
  const ids = Array.from({ length: 30 }, (_, i) => `evt_race${i}`);
  // Each event fanned out by two replicas at once (a redelivery): still one delivery each.
  await Promise.all(
    ids.flatMap((id) => [replicas[0]!, replicas[1]!].map((r) => r.fanOut.handle(lifecycle(id, 'WSRACE')))),
  );
  const before = received.length;
  const passes = await Promise.all(replicas.flatMap((r) => [r.worker.runDue(), r.worker.runDue()]));
  const mine = received.slice(before).map((r) => r.id);
  t.is(mine.length, 30);
  t.deepEqual([...new Set(mine)].sort(), [...ids].sort());
  t.is(
    passes.reduce((n, p) => n + p.attempted, 0),
    30,
  );
  t.is(await models.Delivery.countDocuments({ workspace_id: 'WSRACE', status: 'succeeded' }), 30);
  t.is(await models.Due.countDocuments({ workspace_id: 'WSRACE' }), 0);
});

test.serial('an attempt whose worker died is taken over after the lease, once', async (t) => {
  const clock = new ServiceClock();
  const r = replica(clock, 1000);
  await endpointIn(r, 'WSLEASE', 'lease');
  await r.fanOut.handle(lifecycle('evt_lease', 'WSLEASE'));
  const due = await models.Due.findOne({ workspace_id: 'WSLEASE' }).lean();
  // A worker claimed the attempt and died before sending.
  await models.Claim.create({ _id: due!._id, owner_id: due!.delivery_id, claimed_at: new Date(), worker: 'dead' });
  const before = received.length;
  t.is((await r.worker.runDue()).attempted, 0, 'inside the lease nobody else sends');
  await new Promise((res) => setTimeout(res, 1100));
  const [a, b] = await Promise.all([replica(clock, 1000).worker.runDue(), replica(clock, 1000).worker.runDue()]);
  t.is(a.attempted + b.attempted, 1);
  t.deepEqual(
    received.slice(before).map((x) => x.id),
    ['evt_lease'],
  );
  t.truthy(await models.Claim.findById(`${due!._id}:g1`).lean());
});

test.serial('a redelivered event whose fan-out died half-way gets its missing deliveries only', async (t) => {
  const clock = new ServiceClock();
  const r = replica(clock);
  const e1 = await endpointIn(r, 'WSHALF', 'half1');
  await endpointIn(r, 'WSHALF', 'half2');
  await r.fanOut.handle(lifecycle('evt_half', 'WSHALF'));
  // As if the process had died after the first delivery: the second one and the flag are lost.
  await models.Delivery.deleteOne({ workspace_id: 'WSHALF', endpoint_id: { $ne: e1.id } });
  await models.Due.deleteMany({
    workspace_id: 'WSHALF',
    delivery_id: { $ne: (await models.Delivery.findOne({ endpoint_id: e1.id }).lean())!._id },
  });
  await models.Event.updateOne({ _id: 'evt_half' }, { $set: { fanned_out: false } });
  const made = await r.fanOut.handle(lifecycle('evt_half', 'WSHALF'));
  t.is(made, 2, 'both pairs were visited, the existing one found in place');
  t.is(await models.Delivery.countDocuments({ workspace_id: 'WSHALF' }), 2);
  const before = received.length;
  await r.worker.runDue();
  t.is(received.slice(before).length, 2);
  t.is(await r.fanOut.handle(lifecycle('evt_half', 'WSHALF')), 0, 'a finished fan-out is skipped');
});

test.serial('disabling an endpoint cancels its retries; re-enabling does not revive them', async (t) => {
  const clock = new ServiceClock();
  const r = replica(clock);
  const e = await endpointIn(r, 'WSOFF', 'off');
  await r.fanOut.handle(lifecycle('evt_off', 'WSOFF'));
  // Make the first attempt fail: point the endpoint at a closed port via a new revision.
  const current = (await r.endpoints.load(e.id))!;
  await r.endpoints.commit(current, { url: 'http://127.0.0.1:1/closed', updated_at: new Date() });
  await r.worker.runDue();
  const d = await models.Delivery.findOne({ endpoint_id: e.id }).lean();
  t.is(d!.status, 'retrying');
  await r.service.setEnabled('WSOFF', e.id, false);
  t.is((await models.Delivery.findById(d!._id).lean())!.status, 'cancelled');
  await r.service.setEnabled('WSOFF', e.id, true);
  clock.set(new Date(Date.now() + 3_600_000));
  const before = received.length;
  await r.worker.runDue();
  t.is(received.length, before);
  t.is((await models.Delivery.findById(d!._id).lean())!.status, 'cancelled');
});

test.serial(
  'a crash between deactivating an endpoint and queueing its notice still gets the owner one email',
  async (t) => {
    const clock = new ServiceClock();
    const r = replica(clock, 60_000, true);
    const e = await endpointIn(r, 'WSNOTE', 'note');
    await r.endpoints.commit((await r.endpoints.load(e.id))!, {
      url: 'http://127.0.0.1:1/closed',
      updated_at: new Date(),
    });
    await r.fanOut.handle(lifecycle('evt_note', 'WSNOTE'));
    for (let attempt = 1; attempt <= 8; attempt++) {
      await r.worker.runDue();
      const d = (await models.Delivery.findOne({ endpoint_id: e.id }).lean())!;
      t.is(d.attempt_count, attempt);
      if (d.next_attempt_at) clock.set(new Date(new Date(d.next_attempt_at).getTime() + 1000));
    }
    t.false((await r.endpoints.load(e.id))!.enabled, 'deactivated after the 8th failure');
    t.is(await models.Notice.countDocuments({ endpoint_id: e.id }), 0, 'the crash came before the notice');
    t.truthy(await models.Due.findOne({ workspace_id: 'WSNOTE' }).lean(), 'the settle is still due');

    await r.worker.runDue();
    await replica(clock).worker.runDue();
    const notices = await models.Notice.find({ endpoint_id: e.id }).lean();
    t.is(notices.length, 1);
    t.is(notices[0]!.event_id, 'evt_note');
    t.is(await models.Due.countDocuments({ workspace_id: 'WSNOTE' }), 0);
  },
);

test.serial(
  'an event that used its 8 attempts does not deactivate an endpoint a delivery succeeded to since its first attempt',
  async (t) => {
    const clock = new ServiceClock();
    const r = replica(clock);
    const e = await endpointIn(r, 'WSSINCE', 'since');
    await r.fanOut.handle(lifecycle('evt_fail_since', 'WSSINCE'));
    await r.worker.runDue();
    const failing = (await models.Delivery.findOne({ event_id: 'evt_fail_since' }).lean())!;
    const firstAttemptAt = failing.first_attempt_at!;

    // Another event succeeds to the endpoint half an hour after that first attempt…
    clock.set(new Date(firstAttemptAt.getTime() + 30 * 60_000));
    await r.fanOut.handle(lifecycle('evt_ok_since', 'WSSINCE'));
    await r.worker.runDue();
    t.is((await models.Delivery.findOne({ event_id: 'evt_ok_since' }).lean())!.status, 'succeeded');
    // …and an older success, recorded last as two workers at once can leave it, is the endpoint's
    // last_success_at: a rule reading it would deactivate.
    await models.EndpointStats.updateOne(
      { _id: e.id },
      { $set: { last_success_at: new Date(firstAttemptAt.getTime() - 60_000) } },
    );

    for (let attempt = 0; attempt < 10; attempt++) {
      const d = (await models.Delivery.findById(failing._id).lean())!;
      if (!d.next_attempt_at) break;
      clock.set(new Date(new Date(d.next_attempt_at).getTime() + 1000));
      await r.worker.runDue();
    }
    t.like(await models.Delivery.findById(failing._id).lean(), { status: 'failed', attempt_count: 8 });
    t.like(await r.endpoints.load(e.id), { enabled: true, disabled_reason: null });
    t.is(await models.Notice.countDocuments({ endpoint_id: e.id }), 0);
  },
);

test.serial('successes recorded at once by many workers: the rule sees the latest of them', async (t) => {
  const r = replica(new ServiceClock());
  const base = Date.parse('2025-03-01T10:15:30.250Z');
  const times = Array.from({ length: 40 }, (_, i) => new Date(base + i * 7_777));
  const latest = times.at(-1)!;
  const workers = Array.from({ length: 4 }, () => new DeliveryStore(models));
  // Newest first, so late writers carry the older times.
  await Promise.all(
    [...times].reverse().map((at, i) =>
      workers[i % 4]!.insertAttempt({
        _id: `whd_many_${i}:1`,
        delivery_id: `whd_many_${i}`,
        workspace_id: 'WSMANY',
        endpoint_id: 'whe_many',
        number: 1,
        attempted_at: at,
        response_status: 204,
        duration_ms: 5,
        success: true,
        error: null,
        response_excerpt: null,
      }),
    ),
  );
  t.true(await r.deliveries.succeededSince('whe_many', latest));
  t.true(await r.deliveries.succeededSince('whe_many', new Date(base - 3_600_000)));
  t.false(await r.deliveries.succeededSince('whe_many', new Date(latest.getTime() + 1000)));
});
