import { createLogger } from '@invoice-platform/common/logger';
import { commitChange, projectionBySequence, startOutboxMaintenance } from '@invoice-platform/common/outbox';
import test from 'ava';
import { waitFor } from '../../../../test/support/platform.ts';
import { openTestDatabase } from './helpers.ts';

// The outbox maintenance of common/outbox.ts on the invoice models and the real MongoDB-wire
// server: a change whose writer died before writing the invoice shows on the invoice, and old
// published changes are deleted.

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let models: Awaited<ReturnType<typeof openTestDatabase>>['models'];

test.before(async () => {
  db = await openTestDatabase('invoice_outbox_test');
  models = db.models;
});
test.after.always(async () => {
  await db?.drop();
});

const invoice = (id: string) => ({
  _id: id,
  workspace_id: 'WSOUTBOX01',
  invoice_number: `INV-WSOUTBOX01-202611-${id.slice(-4)}`,
  invoice_status: 'unpaid',
  occurrence_scope: id,
  idempotency_scope: `none:${id}`,
  sequence: 1,
});
const message = (id: string) => ({ id: `evt_${id}`, topic: 'invoice.lifecycle.v1', key: id, value: '{}', headers: {} });

test('outbox maintenance: a committed change its writer never wrote shows on the invoice; a young one is left to its writer; old published changes go', async (t) => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await models.Invoice.create([invoice('inv_dead0001'), invoice('inv_live0002')]);
  // Writer died after committing change 2 (a minute ago) and before updating the invoice.
  await commitChange(models.Outbox, {
    aggregate_id: 'inv_dead0001',
    sequence: 2,
    messages: [message('paid')],
    projection: { invoice_status: 'paid', sequence: 2 },
    created_at: ago(60_000),
  });
  // A writer still inside its grace period.
  await commitChange(models.Outbox, {
    aggregate_id: 'inv_live0002',
    sequence: 2,
    messages: [],
    projection: { invoice_status: 'cancelled', sequence: 2 },
    created_at: ago(5_000),
  });
  // Two days old and published (no events): compacted away.
  await commitChange(models.Outbox, {
    aggregate_id: 'inv_gone0003',
    sequence: 1,
    messages: [],
    projection: {},
    created_at: ago(2 * 24 * 60 * 60 * 1000),
  });

  const poller = startOutboxMaintenance({
    model: models.Outbox,
    applyProjection: projectionBySequence(models.Invoice, 'sequence'),
    log: createLogger('outbox-test', 'silent'),
    now: () => now,
    intervalMs: 200,
  });
  t.teardown(() => poller.stop());

  await waitFor('the dead writer’s change on the invoice', async () => {
    const doc = await models.Invoice.findById('inv_dead0001').lean().exec();
    return doc?.invoice_status === 'paid' && doc.sequence === 2;
  });
  await waitFor('the old change deleted', async () => !(await models.Outbox.exists({ _id: 'inv_gone0003:1' }).exec()));
  const live = await models.Invoice.findById('inv_live0002').lean().exec();
  t.like(live, { invoice_status: 'unpaid', sequence: 1 }, 'a change in its grace period is its writer’s');
  t.truthy(await models.Outbox.exists({ _id: 'inv_dead0001:2' }).exec(), 'an unpublished change is kept');
  t.false((await models.Outbox.findById('inv_dead0001:2').lean().exec())!.published);
  t.true((await models.Outbox.findById('inv_live0002:2').lean().exec())!.published, 'nothing to publish: published');
});
