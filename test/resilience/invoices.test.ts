import test from 'ava';
import mongoose from 'mongoose';
import { EventLog } from '../support/events.ts';
import { type ApiClient, Platform, sleep, waitFor } from '../support/platform.ts';

/** Restarts and kills service processes, so it runs alone, after the other test files. */
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});
let events: EventLog;

test.before(async () => {
  await platform.start();
  events = await new EventLog(platform.stack.KAFKA_BROKERS!).start();
});
test.after.always(async () => {
  await events?.stop();
  await platform.stop();
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; meta?: Record<string, number>; error?: { name: string; message: string } };
const body = { customer_name: 'Crash Test Ltd', items: [{ quantity: 1, price: 1000 }] };
const generate = (api: ApiClient) => api.call<Body>('POST', '/api/invoices/generate-external', { body });
const seqOf = (res: { body: Body }) => Number(String(res.body.data.invoice_number).split('-').pop());

test.serial('a PDF that cannot be rendered is 400: no invoice, no credit used, no number gap', async (t) => {
  const api = await platform.client('enterprise', 5);
  t.is(seqOf(await generate(api)), 1);
  // A pdf service whose browser cannot start: every render fails for real.
  await platform.restart('pdf', { CHROMIUM_PATH: '/nonexistent/chromium' }, 'SIGTERM', false);
  const failed = await generate(api);
  t.is(failed.status, 400, failed.text);
  t.is(failed.body.error!.name, 'ApplicationError');
  t.regex(failed.body.error!.message, /PDF could not be generated/);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
  t.is((await api.call<Body<Obj[]>>('GET', '/api/invoices/external')).body.meta!.total, 1);

  await platform.restart('pdf');
  const next = await generate(api);
  t.is(next.status, 200, next.text);
  t.is(seqOf(next), 2, 'the failed generate gave its number back');
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 3);
});

test.serial(
  'POST pdf when the file cannot be printed: 400 and pdf_status failed; once it can, a plain POST renders it again',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    const created = await generate(api);
    const id = String(created.body.data.id);
    await platform.restart('pdf', { CHROMIUM_PATH: '/nonexistent/chromium' }, 'SIGTERM', false);
    const forced = await api.call<Body>('POST', `/api/invoices/external/${id}/pdf`, { body: { force: true } });
    t.is(forced.status, 400, forced.text);
    t.is(forced.body.error!.name, 'ApplicationError');
    t.regex(forced.body.error!.message, /PDF could not be generated/);
    t.is((await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data.pdf_status, 'failed');

    await platform.restart('pdf');
    const retried = await api.call<Body>('POST', `/api/invoices/external/${id}/pdf`);
    t.is(retried.status, 200, retried.text);
    t.true(retried.body.data.generated, 'a failed file is rendered again without force');
    t.is((await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data.pdf_status, 'ready');
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4, 'rendering again uses no credit');
  },
);

// The invoice and its invoice.created are one write: the one crash point is right after it.
test.serial(
  'the invoice service killed after storing the invoice and its event, before the publish: the event reaches Kafka after restart',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    await platform.restart('invoice', { INVOICE_TEST_CRASH_AFTER_INSERT: 'true' });
    const crashed = await generate(api);
    t.true(crashed.status >= 500, `the client sees the crash (${crashed.status})`);
    // The maintenance pass that commits a stored invoice's missing event runs every 2 s, not every minute.
    await platform.restart('invoice', { OVERDUE_SWEEP_INTERVAL_MS: '2000' });
    const list = await waitFor('the stored invoice', async () => {
      const res = await api.call<Body<Obj[]>>('GET', '/api/invoices/external');
      return res.body.meta?.total === 1 ? res.body.data : undefined;
    });
    const id = String(list[0]!.id);
    const created = await events.waitFor(id, (es) => es.some((e) => e.type === 'invoice.created'), 30_000);
    t.is(created.filter((e) => e.type === 'invoice.created').length, 1);
    t.is((await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data.pdf_status, 'ready');
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4, 'the stored invoice kept its credit');
  },
);

test.serial(
  'the invoice service killed while a generate renders: the file stored for it is swept once its holds are reaped',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    // A template whose helper spins for 4 s: the render outlives the invoice service killed during
    // it, and the pdf service stores its file for an invoice that will never exist.
    const slow = await platform.admin<{ id: string }>('POST', `/workspaces/${api.workspaceId}/templates`, {
      name: 'Slow',
      content: '<p>{{slow}}</p>',
      helpers: 'function slow() { const end = Date.now() + 4000; while (Date.now() < end) {} return "slow"; }',
    });
    t.is(slow.status, 201, JSON.stringify(slow.body));
    const conn = await mongoose.createConnection(platform.stack.MONGODB_URI!).asPromise();
    t.teardown(() => conn.close());
    const pools = conn
      .useDb(`invoice_test_${platform.runId}`)
      .collection<{ _id: string; holds: { invoice_id: string }[] }>('credit_pools');
    const files = conn.useDb(`pdf_test_${platform.runId}`).collection('pdf_files.files');

    const crashed = api.call<Body>('POST', '/api/invoices/generate-external', {
      body: { ...body, template: slow.body.data.id },
    });
    const invoiceId = await waitFor('the generate holding its credit', async () => {
      const pool = await pools.findOne({ _id: api.workspaceId });
      return pool?.holds[0]?.invoice_id;
    });
    // Into the render, then killed; the service comes back deciding holds after 10 s, every second.
    await sleep(1500);
    await platform.restart('invoice', { GENERATE_TIMEOUT_MS: '5000', OVERDUE_SWEEP_INTERVAL_MS: '1000' }, 'SIGKILL');
    t.true((await crashed).status >= 500, 'the client sees the crash');
    await waitFor(
      'the file the pdf service stored',
      async () => (await files.countDocuments({ filename: invoiceId })) > 0,
      30_000,
    );

    await waitFor(
      'the orphan file swept',
      async () => (await files.countDocuments({ filename: invoiceId })) === 0,
      60_000,
      500,
    );
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 5, 'the credit is back');
    t.is((await api.call<Body<Obj[]>>('GET', '/api/invoices/external')).body.meta!.total, 0, 'no invoice');
    const next = await generate(api);
    t.is(next.status, 200, next.text);
    t.is(seqOf(next), 1, 'the number is back');
    await platform.restart('invoice');
  },
);

test.serial(
  'the invoice service killed while a credit note renders: its credit, its CN number and its file come back; the next note takes the number',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    // A template that prints credit notes (it reads view.credit_note) and spins 4 s on one: the note's
    // render outlives the invoice service killed during it.
    const slow = await platform.admin<{ id: string }>('POST', `/workspaces/${api.workspaceId}/templates`, {
      name: 'Slow notes',
      content: '<p>{{#if view.credit_note}}{{slow}}{{/if}}{{view.credit_note.number}}</p>',
      helpers: 'function slow() { const end = Date.now() + 4000; while (Date.now() < end) {} return "slow"; }',
    });
    t.is(slow.status, 201, JSON.stringify(slow.body));
    const invoice = await api.call<Body>('POST', '/api/invoices/generate-external', {
      body: { ...body, template: slow.body.data.id },
    });
    t.is(invoice.status, 200, invoice.text);
    const invoiceId = String(invoice.body.data.id);
    const conn = await mongoose.createConnection(platform.stack.MONGODB_URI!).asPromise();
    t.teardown(() => conn.close());
    const pools = conn
      .useDb(`invoice_test_${platform.runId}`)
      .collection<{ _id: string; holds: { invoice_id: string }[] }>('credit_pools');
    const files = conn.useDb(`pdf_test_${platform.runId}`).collection('pdf_files.files');

    const note = (reason: string) =>
      api.call<Body>('POST', `/api/invoices/external/${invoiceId}/credit-notes`, {
        body: { reason, items: [{ description: 'Refund', quantity: 1, price: 100 }] },
      });
    const crashed = note('killed mid-render');
    const noteId = await waitFor('the credit note holding its credit', async () => {
      const pool = await pools.findOne({ _id: api.workspaceId });
      return pool?.holds.find((h) => h.invoice_id.startsWith('cn_'))?.invoice_id;
    });
    await sleep(1500);
    await platform.restart('invoice', { GENERATE_TIMEOUT_MS: '5000', OVERDUE_SWEEP_INTERVAL_MS: '1000' }, 'SIGKILL');
    const seen = await crashed;
    t.true(seen.status >= 500, `the client sees the crash (${seen.status} ${seen.text})`);
    await waitFor(
      'the file the pdf service stored',
      async () => (await files.countDocuments({ filename: noteId })) > 0,
      30_000,
    );
    await waitFor(
      'the orphan file swept',
      async () => (await files.countDocuments({ filename: noteId })) === 0,
      60_000,
      500,
    );
    t.is(
      (await platform.credits(api.workspaceId)).credits_remaining,
      4,
      'the credit of the note is back (the invoice keeps its own)',
    );
    const listed = await api.call<Body<Obj[]>>('GET', `/api/invoices/external/${invoiceId}/credit-notes`);
    t.deepEqual(listed.body.data, [], 'no credit note');
    t.is((await api.call<Body>('GET', `/api/invoices/external/${invoiceId}`)).body.data.invoice_status, 'unpaid');
    // Back to its own settings: the next note renders for 4 s too, longer than the 5 s bound leaves.
    await platform.restart('invoice');
    const next = await note('after the crash');
    t.is(next.status, 200, next.text);
    t.is(seqOf({ body: { data: { invoice_number: next.body.data.credit_note_number } } }), 1, 'the CN number is back');
  },
);
