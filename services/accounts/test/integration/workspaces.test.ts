import { randomBytes } from 'node:crypto';
import { commitStartOffsets, createKafka, createProducer, topics } from '@invoice-platform/common/kafka';
import { OutboxRelay } from '@invoice-platform/common/store/outbox-relay';
import test from 'ava';
import type { Consumer } from 'kafkajs';
import { call, log, openTestDatabase, parseOutbox, stack } from './helpers.ts';

// Workspaces on the real MongoDB-wire server: plan changes by compare-and-set with their
// workspace.v1 events in the workspace's outbox, and the relay publishing both outboxes.

let db: Awaited<ReturnType<typeof openTestDatabase>>;

test.before(async () => {
  db = await openTestDatabase('accounts_workspaces');
});
test.after.always(async () => {
  await db?.drop();
});

interface Ws {
  id: string;
  plan: string;
  version: string;
}

const newWorkspace = (plan: string) =>
  call<Ws>(db.handlers, 'CreateWorkspace', { name: 'Maju Jaya', plan, time_zone: 'Asia/Jakarta' });
const outboxOf = async (id: string) => parseOutbox((await db.models.Workspace.findById(id).lean().exec())!.outbox);

test('creation inserts the workspace with its workspace.created', async (t) => {
  const ws = await newWorkspace('specialist');
  t.regex(ws.id, /^[0-9A-Z]{1,10}$/);
  t.is(ws.version, '1');
  const [created, ...rest] = await outboxOf(ws.id);
  t.is(rest.length, 0);
  t.like(created, { topic: 'workspace.v1', key: ws.id, type: 'workspace.created', sequence: 1, workspace_id: ws.id });
  t.deepEqual(created!.data, {
    workspace: {
      id: ws.id,
      name: 'Maju Jaya',
      plan: 'specialist',
      plan_state: 'active',
      time_zone: 'Asia/Jakarta',
      features: ['api', 'recurring'],
      version: 1,
    },
  });
});

test('concurrent plan changes all apply, each decided on the state the one before left', async (t) => {
  const ws = await newWorkspace('business');
  const plans = ['professional', 'specialist', 'enterprise', 'professional', 'business', 'specialist'];
  await Promise.all(plans.map((plan) => call(db.handlers, 'UpdateWorkspacePlan', { workspace_id: ws.id, plan })));
  const events = await outboxOf(ws.id);
  t.deepEqual(
    events.map((e) => e.sequence),
    [1, 2, 3, 4, 5, 6, 7],
  );
  for (let i = 1; i < events.length; i++) {
    const previous = (events[i - 1]!.data.workspace as { plan: string }).plan;
    t.like(events[i], { type: 'workspace.updated', data: { previous_plan: previous, previous_plan_state: 'active' } });
  }
  const now = await call<Ws>(db.handlers, 'GetWorkspace', { workspace_id: ws.id });
  t.is(now.version, '7');
  t.is(now.plan, (events[6]!.data.workspace as { plan: string }).plan);
});

test('a plan change that takes recurring away carries its reason', async (t) => {
  const ws = await newWorkspace('specialist');
  await call(db.handlers, 'UpdateWorkspacePlan', { workspace_id: ws.id, plan: 'professional' });
  await call(db.handlers, 'UpdateWorkspacePlan', { workspace_id: ws.id, plan_state: 'suspended' });
  await call(db.handlers, 'SetWorkspaceFeatures', { workspace_id: ws.id, features: ['api', 'recurring'] });
  const [, downgrade, suspended, features] = await outboxOf(ws.id);
  t.like(downgrade!.data, { reason: 'plan_downgrade', previous_plan: 'specialist', workspace: { features: ['api'] } });
  t.falsy(suspended!.data.reason, 'recurring was already gone');
  t.like(features!.data, { workspace: { features: ['api', 'recurring'], plan_state: 'suspended' } });
});

test('SetWorkspaceRetention states the years kept as issued, announced like a plan change; out of range is refused, unset is the default', async (t) => {
  const ws = await newWorkspace('business');
  t.is((ws as Ws & { retention_years?: number }).retention_years, undefined, 'a new workspace states none: 10 years');
  const set = await call<Ws & { retention_years?: number }>(db.handlers, 'SetWorkspaceRetention', {
    workspace_id: ws.id,
    retention_years: 8,
  });
  t.is(set.retention_years, 8);
  t.is(set.version, '2');
  const [, updated] = await outboxOf(ws.id);
  t.like(updated, { type: 'workspace.updated', sequence: 2 });
  for (const years of [0, 101, 2.5, -1]) {
    const err = await t.throwsAsync(
      call(db.handlers, 'SetWorkspaceRetention', { workspace_id: ws.id, retention_years: years }),
    );
    t.deepEqual(
      (err as { details?: { errors?: { path: string }[] } }).details?.errors?.map((e) => e.path),
      ['retention_years'],
      String(years),
    );
  }
  const cleared = await call<Ws & { retention_years?: number }>(db.handlers, 'SetWorkspaceRetention', {
    workspace_id: ws.id,
  });
  t.is(cleared.retention_years, undefined);
  const read = await call<Ws & { retention_years?: number }>(db.handlers, 'GetWorkspace', { workspace_id: ws.id });
  t.is(read.retention_years, undefined);
  const unknown = await t.throwsAsync(
    call(db.handlers, 'SetWorkspaceRetention', { workspace_id: 'NOSUCH', retention_years: 5 }),
  );
  t.is((unknown as { kind?: string }).kind, 'not_found');
});

// Serial: its total is compared with a count that other tests' new workspaces would move.
test.serial('the admin list pages newest first', async (t) => {
  const made: string[] = [];
  for (let i = 0; i < 3; i++) made.push((await newWorkspace('professional')).id);
  const { workspaces, total } = await call<{ workspaces: Ws[]; total: number }>(db.handlers, 'ListWorkspaces', {
    page: 1,
    page_size: 100,
  });
  t.is(total, await db.models.Workspace.countDocuments().exec());
  const order = workspaces.map((w) => w.id).filter((id) => made.includes(id));
  t.deepEqual(order, [...made].reverse());
});

// Serial, so it runs (and its relay stops) before the other tests: the relay empties every
// workspace's outbox in this database, theirs included.
test.serial('the relay publishes both outboxes, a key created before it is revoked, and empties them', async (t) => {
  const kafka = createKafka(`accounts-test-${randomBytes(4).toString('hex')}`, stack.KAFKA_BROKERS!, log);
  const received: { headers: Record<string, string>; key: string; type: string; data: Record<string, unknown> }[] = [];
  const groupId = `accounts-test-${randomBytes(6).toString('hex')}`;
  // Its start committed before it joins: one that looks up the end at its first fetch would skip
  // what the relay publishes in between.
  await commitStartOffsets(kafka, groupId, topics.workspace, log);
  const consumer: Consumer = kafka.consumer({ groupId });
  await consumer.connect();
  await consumer.subscribe({ topic: topics.workspace, fromBeginning: false });
  let joined = false;
  consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
  await consumer.run({
    eachMessage: async ({ message }) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(message.headers ?? {})) if (v !== undefined) headers[k] = String(v);
      const event = JSON.parse(message.value!.toString()) as { type: string; data: Record<string, unknown> };
      received.push({ headers, key: message.key!.toString(), ...event });
    },
  });
  while (!joined) await new Promise((resolve) => setTimeout(resolve, 50));
  const producer = createProducer(kafka);
  const relay = new OutboxRelay({ models: [db.models.Workspace, db.models.ApiKey], producer, log, pollMs: 100 });
  t.teardown(async () => {
    await relay.stop();
    await producer.disconnect();
    await consumer.disconnect();
  });

  const ws = await newWorkspace('professional');
  const key = await call<{ api_key: { id: string } }>(db.handlers, 'CreateApiKey', { workspace_id: ws.id });
  await call(db.handlers, 'RevokeApiKey', { workspace_id: ws.id, key_id: key.api_key.id });
  await call(db.handlers, 'UpdateWorkspacePlan', { workspace_id: ws.id, plan_state: 'expired' });
  relay.start();

  const mine = () => received.filter((e) => e.key === ws.id);
  const deadline = Date.now() + 15_000;
  while (mine().length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const types = mine().map((e) => e.type);
  t.is(types.length, 4, JSON.stringify(types));
  t.true(types.indexOf('workspace.created') < types.indexOf('workspace.updated'));
  t.true(types.indexOf('api_key.created') < types.indexOf('api_key.revoked'));
  for (const e of mine()) {
    t.like(e.headers, { 'content-type': 'application/json' });
    t.regex(e.headers['event-id']!, /^evt_/);
  }
  t.deepEqual(mine().find((e) => e.type === 'api_key.revoked')!.data, {
    workspace_id: ws.id,
    key_id: key.api_key.id,
  });

  const emptied = async () => {
    const [w, k] = await Promise.all([
      db.models.Workspace.findById(ws.id).lean().exec(),
      db.models.ApiKey.findById(key.api_key.id).lean().exec(),
    ]);
    return w!.outbox.length === 0 && w!.outbox_at === null && k!.outbox.length === 0 && k!.outbox_at === null;
  };
  while (!(await emptied()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  t.true(await emptied());
});
