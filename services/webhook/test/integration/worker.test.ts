import { createServer, type Server } from 'node:http';
import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc/client';
import { createLogger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import { newKeyring } from '@invoice-platform/common/secret-box';
import type { Lease } from '@invoice-platform/common/store/leases';
import { operator } from '@invoice-platform/common/store/operators';
import test from 'ava';
import type { Connection } from 'mongoose';
import { ServiceClock } from '@invoice-platform/common/clock';
import { startWebhookApp, type WebhookApp } from '../../src/app.ts';
import { loadWebhookConfig } from '../../src/config.ts';
import type { DeliveryDoc } from '../../src/domain/deliveries.ts';
import { DeliveryStore } from '../../src/store/deliveries.ts';
import type { Models } from '../../src/store/models.ts';
import { endpointFields, openTestDatabase, stack } from './helpers.ts';

// Replicas of the webhook service in this process (app.ts, without their consumers and timers: a
// test runs their passes), on the real database (FerretDB), sharing it as replicas would, against
// a local HTTP receiver.

/**
 * Errors only: every replica warns that loopback URLs are allowed as it starts and that Mongo
 * closed as it stops, which is what a test of replicas expects.
 */
const log = createLogger('webhook-test', process.env.TEST_LOG_LEVEL ?? 'error');
/** One key ring for every replica: an endpoint one registers, the others open. */
const keyRing = newKeyring();
const apps: WebhookApp[] = [];
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
      // Events named evt_fail… fail at every attempt, evt_slow… are answered after 1.5 s; the rest succeed at once.
      res.statusCode = id.startsWith('evt_fail') ? 500 : 200;
      setTimeout(() => res.end('ok'), id.startsWith('evt_slow') ? 1500 : 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as { port: number }).port;
});
test.after.always(async () => {
  for (const app of apps) await app.stop();
  await conn?.db?.dropDatabase().catch(() => undefined);
  await conn?.close();
  server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A replica on the test's database, on a port of its own; `crashBeforeNotice`: the first
 * deactivation notice fails to be queued, as if the process died there.
 */
async function replica(clock: ServiceClock, leaseMs = 60_000, crashBeforeNotice = false): Promise<WebhookApp> {
  const config = loadWebhookConfig({
    ...stack,
    WEBHOOK_DB_NAME: conn.name,
    WEBHOOK_LISTEN_ADDR: '127.0.0.1:0',
    WEBHOOK_SECRET_KEYS: keyRing,
    // Stand-ins are given for both: nothing connects to these.
    ACCOUNTS_ADDR: '127.0.0.1:1',
    SMTP_URL: 'smtp://127.0.0.1:1',
    WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
    WEBHOOK_TIMEOUT_MS: '5000',
    WEBHOOK_LEASE_MS: String(leaseMs),
    WEBHOOK_CONCURRENCY: '8',
    WEBHOOK_WORKSPACE_CONCURRENCY: '8',
    WEBHOOK_ENDPOINT_CONCURRENCY: '8',
  });
  const app = await startWebhookApp(config, log, { consume: false, poll: false, clock, accounts, mailer });
  apps.push(app);
  if (crashBeforeNotice) {
    const enqueue = app.notifier.enqueue.bind(app.notifier);
    let crashed = false;
    app.notifier.enqueue = async (...args) => {
      if (!crashed) {
        crashed = true;
        throw new Error('process died before queueing the notice');
      }
      return enqueue(...args);
    };
  }
  return app;
}

async function endpointIn(r: WebhookApp, workspaceId: string, route: string) {
  const id = `whe_${route}_${Math.random().toString(36).slice(2, 8)}`;
  return (await r.endpoints.add(workspaceId, endpointFields(`http://127.0.0.1:${port}/${route}`, undefined, id), 5))!;
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

/** How many deliveries of the workspace still have work due (or held by a sender). */
function stillDue(workspaceId: string): Promise<number> {
  return models.Delivery.countDocuments({ workspace_id: workspaceId, due_at: operator({ $ne: null }) }).exec();
}

test.serial('four workers racing over 30 due deliveries send each exactly once', async (t) => {
  const clock = new ServiceClock();
  const replicas = await Promise.all([replica(clock), replica(clock), replica(clock), replica(clock)]);
  await endpointIn(replicas[0]!, 'WSRACE', 'race');
  const ids = Array.from({ length: 30 }, (_, i) => `evt_race${i}`);
  // Each event fanned out by two replicas at once (a redelivery): still one delivery each.
  await Promise.all(
    ids.flatMap((id) => [replicas[0]!, replicas[1]!].map((r) => r.fanOut.handle(lifecycle(id, 'WSRACE')))),
  );
  const before = received.length;
  const passes = await Promise.all(replicas.flatMap((r) => [r.dispatcher.runDue(), r.dispatcher.runDue()]));
  const mine = received.slice(before).map((r) => r.id);
  t.is(mine.length, 30);
  t.deepEqual([...new Set(mine)].sort(), [...ids].sort());
  t.is(
    passes.reduce((n, p) => n + p.attempted, 0),
    30,
  );
  t.is(await models.Delivery.countDocuments({ workspace_id: 'WSRACE', status: 'succeeded' }), 30);
  t.is(await stillDue('WSRACE'), 0);
});

test.serial('four workers racing over 10 due retries make each second attempt once', async (t) => {
  const clock = new ServiceClock();
  const replicas = await Promise.all([replica(clock), replica(clock), replica(clock), replica(clock)]);
  await endpointIn(replicas[0]!, 'WSRETRY', 'retry');
  const ids = Array.from({ length: 10 }, (_, i) => `evt_fail_retry${i}`);
  for (const id of ids) await replicas[0]!.fanOut.handle(lifecycle(id, 'WSRETRY'));
  const before = received.length;
  t.is((await replicas[0]!.dispatcher.runDue('WSRETRY')).failed, 10);
  clock.moveTo(new Date(Date.now() + 61_000));
  const passes = await Promise.all(
    replicas.flatMap((r) => [r.dispatcher.runDue('WSRETRY'), r.dispatcher.runDue('WSRETRY')]),
  );
  const mine = received.slice(before).map((r) => r.id);
  t.is(mine.length, 20);
  for (const id of ids) t.is(mine.filter((x) => x === id).length, 2, id);
  t.is(
    passes.reduce((n, p) => n + p.attempted, 0),
    10,
  );
  const deliveries = await models.Delivery.find({ workspace_id: 'WSRETRY' }).lean<DeliveryDoc[]>();
  for (const d of deliveries) {
    t.like(d, { status: 'retrying', attempt_count: 2, lease_token: null });
    t.deepEqual(
      d.attempts.map((a) => a.number),
      [1, 2],
    );
  }
});

test.serial('an attempt whose worker died is taken over after the lease, once', async (t) => {
  const clock = new ServiceClock();
  const r = await replica(clock, 1000);
  await endpointIn(r, 'WSLEASE', 'lease');
  await r.fanOut.handle(lifecycle('evt_lease', 'WSLEASE'));
  // A worker claimed the delivery and died before sending.
  const [dueId] = await r.deliveries.dueIds(clock.now(), 10, 'WSLEASE');
  const dead = await r.deliveries.claim(dueId!, clock.now(), 1000);
  t.truthy(dead);
  const before = received.length;
  t.is((await r.dispatcher.runDue('WSLEASE')).attempted, 0, 'inside the lease nobody else sends');
  const [second, third] = await Promise.all([replica(clock, 1000), replica(clock, 1000)]);
  await sleep(1100);
  const [a, b] = await Promise.all([second.dispatcher.runDue('WSLEASE'), third.dispatcher.runDue('WSLEASE')]);
  t.is(a.attempted + b.attempted, 1);
  t.deepEqual(
    received.slice(before).map((x) => x.id),
    ['evt_lease'],
  );
  const d = (await models.Delivery.findById(dead!.doc._id).lean<DeliveryDoc>())!;
  t.like(d, { status: 'succeeded', attempt_count: 1, due_at: null, lease_token: null });
  t.is(d.attempts.length, 1);
});

test.serial(
  'a sender whose lease ran out during its send records nothing; the one that took over records the attempt',
  async (t) => {
    const clock = new ServiceClock();
    const [a, b] = await Promise.all([replica(clock), replica(clock)]);
    await endpointIn(a, 'WSLOST', 'lost');
    await a.fanOut.handle(lifecycle('evt_slow_lost', 'WSLOST'));
    const before = received.length;
    const first = a.dispatcher.runDue('WSLOST');
    for (let i = 0; i < 100 && received.length === before; i++) await sleep(20);
    t.is(received.length, before + 1, "the first sender's POST arrived; its answer is 1.5 s away");
    // The first sender's lease runs out while it waits (as if it had stalled): the second takes over.
    clock.moveTo(new Date(Date.now() + 61_000));
    const second = await b.dispatcher.runDue('WSLOST');
    const late = await first;
    t.is(second.attempted, 1);
    t.is(late.attempted, 0, 'the first sender counts no attempt');
    t.deepEqual(
      received.slice(before).map((x) => x.id),
      ['evt_slow_lost', 'evt_slow_lost'],
      'sent twice, with one event id',
    );
    const d = (await models.Delivery.findOne({ workspace_id: 'WSLOST' }).lean<DeliveryDoc>())!;
    t.like(d, { status: 'succeeded', attempt_count: 1, due_at: null, lease_token: null });
    t.deepEqual(
      d.attempts.map((x) => x.number),
      [1],
      'one attempt recorded: the first sender recorded nothing',
    );
  },
);

test.serial(
  'ten registrations racing for a workspace with no endpoint: exactly five are stored, and no place is lost',
  async (t) => {
    const r = await replica(new ServiceClock());
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        r.endpointService.register({ workspace_id: 'WSLIMIT', url: `http://127.0.0.1:${port}/limit${i}` }),
      ),
    );
    t.is(results.filter((x) => x.status === 'fulfilled').length, 5);
    for (const x of results.filter((y) => y.status === 'rejected')) {
      const err = (x as PromiseRejectedResult).reason as AppError;
      t.true(AppError.isKind(err, 'application'), String(err));
      t.regex(err.message, /at most 5 webhook endpoints/);
    }
    const listed = await r.endpointService.list('WSLIMIT');
    t.is(listed.length, 5);
    t.is((await models.Settings.findById('WSLIMIT').lean())!.endpoints.length, 5);

    // Deleting one frees one place, which exactly one of two racing registrations gets.
    await r.endpointService.delete('WSLIMIT', listed[0]!.id);
    const again = await Promise.allSettled(
      [0, 1].map((i) =>
        r.endpointService.register({ workspace_id: 'WSLIMIT', url: `http://127.0.0.1:${port}/again${i}` }),
      ),
    );
    t.is(again.filter((x) => x.status === 'fulfilled').length, 1);
    t.is((await r.endpointService.list('WSLIMIT')).length, 5);

    // A registration that died between its two writes (the workspace's document created, its
    // endpoint not added) took no place: five more still fit, and a sixth does not.
    await models.Settings.create({ _id: 'WSDIED', version: 0, endpoints: [], stats: {}, created_at: new Date() });
    for (let i = 0; i < 5; i++) {
      await r.endpointService.register({ workspace_id: 'WSDIED', url: `http://127.0.0.1:${port}/died${i}` });
    }
    await t.throwsAsync(r.endpointService.register({ workspace_id: 'WSDIED', url: `http://127.0.0.1:${port}/died5` }), {
      message: /at most 5 webhook endpoints/,
    });
  },
);

test.serial('a redelivered event whose fan-out died half-way gets its missing deliveries only', async (t) => {
  const clock = new ServiceClock();
  const r = await replica(clock);
  const e1 = await endpointIn(r, 'WSHALF', 'half1');
  await endpointIn(r, 'WSHALF', 'half2');
  await r.fanOut.handle(lifecycle('evt_half', 'WSHALF'));
  // As if the process had died after the first delivery: the second one and the flag are lost.
  await models.Delivery.deleteOne({ workspace_id: 'WSHALF', endpoint_id: operator({ $ne: e1.id }) });
  await models.Event.updateOne({ _id: 'evt_half' }, { $set: { fanned_out: false } });
  const made = await r.fanOut.handle(lifecycle('evt_half', 'WSHALF'));
  t.is(made, 2, 'both pairs were visited, the existing one found in place');
  t.is(await models.Delivery.countDocuments({ workspace_id: 'WSHALF' }), 2);
  const before = received.length;
  await r.dispatcher.runDue('WSHALF');
  t.is(received.slice(before).length, 2);
  t.is(await r.fanOut.handle(lifecycle('evt_half', 'WSHALF')), 0, 'a finished fan-out is skipped');
});

test.serial('disabling an endpoint cancels its retries; re-enabling does not revive them', async (t) => {
  const clock = new ServiceClock();
  const r = await replica(clock);
  const e = await endpointIn(r, 'WSOFF', 'off');
  await r.fanOut.handle(lifecycle('evt_off', 'WSOFF'));
  // Make the first attempt fail: point the endpoint at a closed port.
  await r.endpoints.change('WSOFF', e.id, () => ({ url: 'http://127.0.0.1:1/closed', updated_at: new Date() }));
  await r.dispatcher.runDue('WSOFF');
  const d = await models.Delivery.findOne({ endpoint_id: e.id }).lean();
  t.is(d!.status, 'retrying');
  await r.endpointService.setEnabled('WSOFF', e.id, false);
  t.like(await models.Delivery.findById(d!._id).lean(), { status: 'cancelled', due_at: null });
  await r.endpointService.setEnabled('WSOFF', e.id, true);
  clock.moveTo(new Date(Date.now() + 3_600_000));
  const before = received.length;
  await r.dispatcher.runDue('WSOFF');
  t.is(received.length, before);
  t.is((await models.Delivery.findById(d!._id).lean())!.status, 'cancelled');
});

test.serial(
  'a crash between deactivating an endpoint and queueing its notice still gets the owner one email',
  async (t) => {
    const clock = new ServiceClock();
    const r = await replica(clock, 60_000, true);
    const e = await endpointIn(r, 'WSNOTE', 'note');
    await r.endpoints.change('WSNOTE', e.id, () => ({ url: 'http://127.0.0.1:1/closed', updated_at: new Date() }));
    await r.fanOut.handle(lifecycle('evt_note', 'WSNOTE'));
    for (let attempt = 1; attempt <= 8; attempt++) {
      await r.dispatcher.runDue('WSNOTE');
      const d = (await models.Delivery.findOne({ endpoint_id: e.id }).lean())!;
      t.is(d.attempt_count, attempt);
      if (d.next_attempt_at) clock.moveTo(new Date(new Date(d.next_attempt_at).getTime() + 1000));
    }
    t.false((await r.endpoints.load('WSNOTE', e.id))!.enabled, 'deactivated after the 8th failure');
    t.is(await models.Notice.countDocuments({ endpoint_id: e.id }), 0, 'the crash came before the notice');
    const held = (await models.Delivery.findOne({ endpoint_id: e.id }).lean())!;
    t.like(held, { status: 'failed', attempt_count: 8 });
    t.truthy(held.due_at, 'the work after the last attempt is still due');

    // The lease of the sender that died runs out; the next senders finish its work.
    clock.moveTo(new Date(new Date(held.due_at!).getTime() + 1000));
    await r.dispatcher.runDue('WSNOTE');
    await (await replica(clock)).dispatcher.runDue('WSNOTE');
    const notices = await models.Notice.find({ endpoint_id: e.id }).lean();
    t.is(notices.length, 1);
    t.is(notices[0]!.event_id, 'evt_note');
    t.is(await stillDue('WSNOTE'), 0);
  },
);

test.serial(
  'an event that used its 8 attempts does not deactivate an endpoint a delivery succeeded to since its first attempt',
  async (t) => {
    const clock = new ServiceClock();
    const r = await replica(clock);
    const e = await endpointIn(r, 'WSSINCE', 'since');
    await r.fanOut.handle(lifecycle('evt_fail_since', 'WSSINCE'));
    await r.dispatcher.runDue('WSSINCE');
    const failing = (await models.Delivery.findOne({ event_id: 'evt_fail_since' }).lean())!;
    const firstAttemptAt = failing.first_attempt_at!;

    // Another event succeeds to the endpoint half an hour after that first attempt…
    clock.moveTo(new Date(firstAttemptAt.getTime() + 30 * 60_000));
    await r.fanOut.handle(lifecycle('evt_ok_since', 'WSSINCE'));
    await r.dispatcher.runDue('WSSINCE');
    t.is((await models.Delivery.findOne({ event_id: 'evt_ok_since' }).lean())!.status, 'succeeded');
    // …while the endpoint's last_success_at (display only) shows an older time: a rule reading it
    // would deactivate.
    await models.Settings.updateOne(
      { _id: 'WSSINCE' },
      { $set: { [`stats.${e.id}.last_success_at`]: new Date(firstAttemptAt.getTime() - 60_000) } },
    );

    for (let attempt = 0; attempt < 10; attempt++) {
      const d = (await models.Delivery.findById(failing._id).lean())!;
      if (!d.next_attempt_at) break;
      clock.moveTo(new Date(new Date(d.next_attempt_at).getTime() + 1000));
      await r.dispatcher.runDue('WSSINCE');
    }
    t.like(await models.Delivery.findById(failing._id).lean(), { status: 'failed', attempt_count: 8, due_at: null });
    t.like(await r.endpoints.load('WSSINCE', e.id), { enabled: true, disabled_reason: null });
    t.is(await models.Notice.countDocuments({ endpoint_id: e.id }), 0);
  },
);

test.serial('successes recorded at once by many workers: the rule sees the latest of them', async (t) => {
  const r = await replica(new ServiceClock());
  const base = Date.parse('2025-03-01T10:15:30.250Z');
  const times = Array.from({ length: 40 }, (_, i) => new Date(base + i * 7_777));
  const latest = times.at(-1)!;
  const now = new Date();
  for (let i = 0; i < times.length; i++) {
    await r.deliveries.insertDelivery({
      _id: `whd_many_${i}`,
      workspace_id: 'WSMANY',
      endpoint_id: 'whe_many',
      endpoint_epoch: 1,
      event_id: `evt_many_${i}`,
      event_type: 'invoice.created',
      invoice_id: `inv_many_${i}`,
      status: 'pending',
      attempt_count: 0,
      attempts: [],
      next_attempt_at: now,
      first_attempt_at: null,
      succeeded_at: null,
      resend: false,
      due_at: now,
      lease_token: null,
      created_at: now,
      updated_at: now,
    });
  }
  const leases: Lease<DeliveryDoc>[] = [];
  for (const id of await r.deliveries.dueIds(now, 100, 'WSMANY')) {
    const lease = await r.deliveries.claim(id, now, 60_000);
    if (lease) leases.push(lease);
  }
  t.is(leases.length, 40);
  const workers = Array.from({ length: 4 }, () => new DeliveryStore(models));
  // Newest first, so late writers carry the older times.
  const recorded = await Promise.all(
    [...times].reverse().map((at, i) =>
      workers[i % 4]!.recordAttempt(
        leases[i]!,
        {
          number: 1,
          attempted_at: at,
          response_status: 204,
          duration_ms: 5,
          success: true,
          error: null,
          response_excerpt: null,
        },
        {
          status: 'succeeded',
          attempt_count: 1,
          next_attempt_at: null,
          first_attempt_at: at,
          succeeded_at: at,
          due_at: null,
          updated_at: at,
        },
      ),
    ),
  );
  t.true(recorded.every(Boolean));
  t.true(await r.deliveries.succeededSince('whe_many', latest));
  t.true(await r.deliveries.succeededSince('whe_many', new Date(base - 3_600_000)));
  t.false(await r.deliveries.succeededSince('whe_many', new Date(latest.getTime() + 1000)));
});
