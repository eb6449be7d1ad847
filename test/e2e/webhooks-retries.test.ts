import { createHmac, randomBytes } from 'node:crypto';
import { createUnaryClient } from '@invoice-platform/common/grpc/client';
import { testHooksService } from '@invoice-platform/common/services';
import test from 'ava';
import { MailSink } from '../support/mail.ts';
import { type ApiClient, Platform, sleep, waitFor } from '../support/platform.ts';
import { type ReceivedRequest, WebhookReceiver } from '../support/webhook-receiver.ts';

// The 45-hour retry schedule in seconds: the service clock is moved (the test hooks' SetClock) and one pass of the
// retry loop run (RunDueDeliveries). The periodic loop is slowed down so only the tests drive it,
// and every test here runs serially because the clock belongs to the whole service. The same goes
// for the other times the clock drives: the end of a secret rotation's overlap and log retention.
const platform = new Platform({
  invoices: true,
  webhooks: true,
  webhookEnv: { WEBHOOK_DUE_POLL_MS: '3600000' },
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});
const receiver = new WebhookReceiver();
const mail = new MailSink();
let offsetMs = 0;

test.before(async () => {
  await Promise.all([platform.start(), receiver.start()]);
});
test.after.always(async () => {
  await receiver.stop();
  await platform.stop();
});

type Obj = Record<string, unknown>;
const minute = 60_000;
const hour = 60 * minute;
const spec = [1 * minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour, 12 * hour, 24 * hour];

async function moveClock(to: Date): Promise<void> {
  const res = await platform.admin<{ now: string; frozen: boolean }>('PUT', '/webhooks/clock', {
    now: to.toISOString(),
  });
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${JSON.stringify(res.body)}`);
  offsetMs = to.getTime() - Date.now();
  await receiver.setClockOffset(offsetMs);
}

async function runDue(): Promise<{ attempted: number; deactivated_endpoint_ids: string[] }> {
  const res = await platform.admin<{ attempted: number; deactivated_endpoint_ids: string[] }>(
    'POST',
    '/webhooks/run-due',
    {},
  );
  if (res.status !== 200) throw new Error(`run-due: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function deliveries(workspaceId: string): Promise<Obj[]> {
  return (await platform.admin<{ deliveries: Obj[] }>('GET', `/workspaces/${workspaceId}/webhook-deliveries`)).body.data
    .deliveries;
}

async function setup(route: string, behaviour: { status?: number; failFirstPerEvent?: number }) {
  const owner = `owner-${randomBytes(5).toString('hex')}@example.test`;
  const api = await platform.client('enterprise', 10, { owner_email: owner });
  const reg = await platform.admin<{ endpoint: Obj; signing_secret: string }>(
    'POST',
    `/workspaces/${api.workspaceId}/webhook-endpoints`,
    { url: receiver.url(route) },
  );
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const secret = reg.body.data.signing_secret;
  await receiver.route(route, { ...behaviour, secrets: [secret] });
  return { api, owner, endpointId: reg.body.data.endpoint.id as string, secret };
}

async function generate(api: ApiClient): Promise<Obj> {
  const res = await api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'PT Retry', items: [{ quantity: 1, price: 1000 }] },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data;
}

/** The workspace's one delivery, once its log shows `attempts` attempts (the receiver sees them a little earlier). */
async function deliveryAfter(workspaceId: string, attempts: number): Promise<Obj> {
  return waitFor(
    `delivery with ${attempts} attempts`,
    async () => (await deliveries(workspaceId)).find((d) => d.attempt_count === attempts),
    20_000,
    100,
  );
}

/** Moves the clock just past the delivery's next attempt and runs the retry loop once. */
async function nextAttempt(
  workspaceId: string,
  made: number,
): Promise<{ attempted: number; deactivated_endpoint_ids: string[] }> {
  const d = await deliveryAfter(workspaceId, made);
  await moveClock(new Date(Date.parse(d!.next_attempt_at as string) + 1000));
  return runDue();
}

const tOf = (r: ReceivedRequest) => Number(/^t=(\d+),/.exec(r.headers['service-signature']!)![1]);

test.serial(
  'webhook retries: a receiver answering 500 gets exactly 8 attempts at the documented delays, then the endpoint is deactivated and the owner emailed',
  async (t) => {
    const route = 'always-500';
    const { api, owner, endpointId } = await setup(route, { status: 500 });
    const inv = await generate(api);
    await receiver.waitFor(route, (r) => r.length >= 1);
    let last: { attempted: number; deactivated_endpoint_ids: string[] } | undefined;
    for (let k = 1; k < 8; k++) {
      const d = await deliveryAfter(api.workspaceId, k);
      t.like(d, { status: 'retrying', attempt_count: k, invoice_id: inv.id });
      last = await nextAttempt(api.workspaceId, k);
      await receiver.waitFor(route, (r) => r.length >= k + 1);
    }
    t.deepEqual(last!.deactivated_endpoint_ids, [endpointId]);

    const reqs = await receiver.requests(route);
    t.is(reqs.length, 8);
    for (const r of reqs) {
      t.deepEqual(r.checks, { own: 'ok', stripe: 'ok', standard: 'ok' });
      t.is(r.responded, 500);
    }
    t.is(new Set(reqs.map((r) => r.headers['service-delivery'])).size, 1, 'one event id across attempts');
    t.is(new Set(reqs.map((r) => r.headers['service-signature'])).size, 8, 'each attempt signed afresh');
    // Gaps between attempts, from the signature timestamps (service clock) and from the log.
    const stamps = reqs.map(tOf);
    const d = await deliveryAfter(api.workspaceId, 8);
    t.like(d!, { status: 'failed', attempt_count: 8 });
    t.is(d!.next_attempt_at, undefined);
    const attempts = d!.attempts as Obj[];
    t.deepEqual(
      attempts.map((a) => a.number),
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
    for (let i = 0; i < 7; i++) {
      const gap = stamps[i + 1]! - stamps[i]!;
      t.true(gap >= spec[i]! / 1000 && gap <= spec[i]! / 1000 + 10, `gap ${i + 1}: ${gap}s`);
      const logged =
        Date.parse(attempts[i + 1]!.attempted_at as string) - Date.parse(attempts[i]!.attempted_at as string);
      t.true(logged >= spec[i]! && logged <= spec[i]! + 10_000, `logged gap ${i + 1}: ${logged}ms`);
      t.like(attempts[i]!, { response_status: 500, success: false, error: 'HTTP 500' });
    }

    const endpoints = await platform.admin<{ endpoints: Obj[] }>(
      'GET',
      `/workspaces/${api.workspaceId}/webhook-endpoints`,
    );
    t.like(endpoints.body.data.endpoints[0]!, { id: endpointId, enabled: false, disabled_reason: 'failing' });
    const email = await mail.waitFor((m) => m.subject.includes(receiver.url(route)), 20_000, owner);
    t.deepEqual(email.to, [owner]);
    t.regex(email.text, new RegExp(endpointId));
    t.regex(email.text, /8 attempts/);
    // One Message-ID per deactivation, the same for a copy sent again after an unknown outcome.
    t.regex(String(email.message_id), new RegExp(`^<${endpointId}%3A\\d+@invoice-platform\\.local>$`));

    // Nothing more, however long we wait.
    await moveClock(new Date(Date.now() + offsetMs + 48 * hour));
    await runDue();
    await sleep(1000);
    t.is((await receiver.requests(route)).length, 8);
    t.is((await mail.list(owner)).length, 1, 'one email per deactivation');

    // Re-enabling forgets the failures; new events flow again.
    await receiver.route(route, { status: 200 });
    const on = await platform.admin<Obj>(
      'PUT',
      `/workspaces/${api.workspaceId}/webhook-endpoints/${endpointId}/enabled`,
      {
        enabled: true,
      },
    );
    t.like(on.body.data, { enabled: true });
    await generate(api);
    const after = await receiver.waitFor(route, (r) => r.length >= 9);
    t.is(after[8]!.responded, 200);
  },
);

test.serial('webhook retries: a receiver that recovers on attempt 3 gets no more attempts', async (t) => {
  const route = 'recovers-at-3';
  const { api, endpointId } = await setup(route, { failFirstPerEvent: 2 });
  await generate(api);
  await receiver.waitFor(route, (r) => r.length >= 1);
  await nextAttempt(api.workspaceId, 1);
  await receiver.waitFor(route, (r) => r.length >= 2);
  await nextAttempt(api.workspaceId, 2);
  const reqs = await receiver.waitFor(route, (r) => r.length >= 3);
  t.deepEqual(
    reqs.map((r) => r.responded),
    [500, 500, 200],
  );
  const [d] = [await deliveryAfter(api.workspaceId, 3)];
  t.like(d!, { status: 'succeeded', attempt_count: 3 });
  t.is(d!.next_attempt_at, undefined);

  await moveClock(new Date(Date.now() + offsetMs + 48 * hour));
  await runDue();
  await sleep(1000);
  t.is((await receiver.requests(route)).length, 3);
  const endpoints = await platform.admin<{ endpoints: Obj[] }>(
    'GET',
    `/workspaces/${api.workspaceId}/webhook-endpoints`,
  );
  const endpoint = endpoints.body.data.endpoints[0]!;
  t.like(endpoint, { id: endpointId, enabled: true });
  t.is(typeof endpoint.last_success_at, 'string');
});

test.serial(
  'webhook logs: deliveries older than 30 days are gone after the purge job, and their events cannot be resent',
  async (t) => {
    const route = 'purged';
    const { api } = await setup(route, { status: 200 });
    await generate(api);
    const [r] = await receiver.waitFor(route, (reqs) => reqs.length >= 1);
    const eventId = r!.headers['service-delivery']!;
    let list: Obj[] = [];
    for (let i = 0; i < 50 && list[0]?.status !== 'succeeded'; i++) {
      list = await deliveries(api.workspaceId);
      await sleep(100);
    }
    t.is(list.length, 1);
    const now = Date.now() + offsetMs;
    const day = 24 * hour;

    const early = await platform.admin<Obj>('POST', '/webhooks/purge', { now: new Date(now + 29 * day).toISOString() });
    t.is(early.status, 200);
    t.is((await deliveries(api.workspaceId)).length, 1, 'kept for 30 days');

    const purged = await platform.admin<Obj>('POST', '/webhooks/purge', {
      now: new Date(now + 31 * day).toISOString(),
    });
    t.is(purged.status, 200);
    t.true((purged.body.data.purged_deliveries as number) >= 1);
    t.true((purged.body.data.purged_events as number) >= 1);
    t.deepEqual(await deliveries(api.workspaceId), []);
    const resend = await platform.admin('POST', `/workspaces/${api.workspaceId}/webhook-events/${eventId}/resend`, {});
    t.is(resend.status, 404);
  },
);

test.serial(
  'webhook secrets: 24 h after a rotation only the new secret signs (one v1=), and no endpoint list shows a secret',
  async (t) => {
    const route = 'rotated-24h';
    const { api, endpointId, secret: oldSecret } = await setup(route, { status: 200 });
    const listShowsNoSecret = async (...secrets: string[]) => {
      const res = await platform.admin<{ endpoints: Obj[] }>('GET', `/workspaces/${api.workspaceId}/webhook-endpoints`);
      t.is(res.status, 200);
      const text = JSON.stringify(res.body);
      for (const secret of secrets) t.false(text.includes(secret.slice(10)), 'no secret, whole or in part');
      const [endpoint] = res.body.data.endpoints;
      t.false(Object.keys(endpoint!).some((k) => k.includes('secret') && k !== 'secret_hint' && !k.endsWith('_at')));
      return endpoint!;
    };
    t.is((await listShowsNoSecret(oldSecret)).secret_hint, oldSecret.slice(0, 10));

    const rotated = await platform.admin<{ signing_secret: string; previous_secret_expires_at: string }>(
      'POST',
      `/workspaces/${api.workspaceId}/webhook-endpoints/${endpointId}/rotate-secret`,
    );
    t.is(rotated.status, 200);
    const newSecret = rotated.body.data.signing_secret;
    const expires = Date.parse(rotated.body.data.previous_secret_expires_at);
    const during = await listShowsNoSecret(oldSecret, newSecret);
    t.is(during.secret_hint, newSecret.slice(0, 10));
    t.is(during.previous_secret_expires_at, rotated.body.data.previous_secret_expires_at);

    await moveClock(new Date(expires + minute));
    await receiver.route(route, { secrets: [newSecret] });
    const inv = await generate(api);
    const [r] = await receiver.waitFor(route, (reqs) => reqs.length >= 1);
    t.deepEqual(r!.checks, { own: 'ok', stripe: 'ok', standard: 'ok' });
    t.is(JSON.parse(r!.body).data.object.id, inv.id);
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r!.headers['service-signature']!);
    t.truthy(signature, `one v1 only: ${r!.headers['service-signature']}`);
    const [, stamp, v1] = signature!;
    t.true(Number(stamp) * 1000 >= expires, 'signed after the overlap ended');
    t.is(v1, createHmac('sha256', newSecret).update(`${stamp}.${r!.body}`).digest('hex'));
    t.is(r!.headers['webhook-signature']!.split(' ').length, 1);

    const after = await listShowsNoSecret(oldSecret, newSecret);
    t.is(after.previous_secret_expires_at, undefined, 'the overlap is over');
  },
);

test.serial('webhook logs: the purge job, on its own timer, removes logs once the clock is 31 days on', async (t) => {
  const route = 'purged-by-timer';
  const { api } = await setup(route, { status: 200 });
  await generate(api);
  const [r] = await receiver.waitFor(route, (reqs) => reqs.length >= 1);
  await waitFor('the delivery logged', async () => (await deliveries(api.workspaceId))[0]?.status === 'succeeded');

  // A replica on the same database whose purge job runs every second; its own consumer group, and
  // the slowed retry loop, keep it from doing anything else. No one calls PurgeDeliveryLogs.
  const addr = await platform.startWebhookReplica({
    WEBHOOK_PURGE_INTERVAL_MS: '1000',
    KAFKA_CONSUMER_GROUP: `webhook-purger-${platform.runId}`,
  });
  const purger = platform.webhookProcesses.at(-1)!;
  const client = createUnaryClient(testHooksService(), addr);
  try {
    t.is((await deliveries(api.workspaceId)).length, 1, 'kept while the clock is not moved');
    await client.call('SetClock', { now: new Date(Date.now() + offsetMs + 31 * 24 * hour).toISOString() });
    await waitFor('the purge job to remove the logs', async () => (await deliveries(api.workspaceId)).length === 0);
  } finally {
    client.close();
    await purger.stop();
  }
  const eventId = r!.headers['service-delivery']!;
  const resend = await platform.admin('POST', `/workspaces/${api.workspaceId}/webhook-events/${eventId}/resend`, {});
  t.is(resend.status, 404, 'the stored event is gone too');
});
