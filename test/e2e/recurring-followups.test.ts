import { randomBytes } from 'node:crypto';
import test from 'ava';
import { createUnaryClient, loadService } from '@invoice-platform/common/grpc';
import { MailSink } from '../support/mail.ts';
import { type ApiClient, Platform, waitFor } from '../support/platform.ts';

/**
 * What follow-ups contain and how the scheduler survives failures. The recurring service has one
 * clock, which these tests move: they run one at a time. A short lease lets a dead replica's work
 * be taken over within the test.
 */
const platform = new Platform({
  invoices: true,
  recurring: true,
  recurringEnv: { SCHEDULER_LEASE_MS: '2000' },
  gatewayEnv: {
    RATE_LIMIT_PLANS: '{"enterprise":100000,"business":100000,"professional":100000}',
    RATE_LIMIT_PER_IP: '100000',
  },
});
const mail = new MailSink();

test.before(async () => {
  await platform.start();
});
test.afterEach.always(async () => {
  await platform.admin('PUT', '/recurring/clock', {});
});
test.after.always(() => platform.stop());

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; meta?: Record<string, number>; error?: { name: string; message: string } };
type Occurrence = { date: string; status: string; sent_at: string | null; invoice_id: string | null };
type Series = Obj & {
  status: string;
  generated_count: number;
  remaining_count: number;
  last_run_date: string | null;
  occurrences: Occurrence[];
};
type Run = { status: string; invoice_id?: string; error?: string };
type Pass = { completed: number; runs: Run[] };

const email = () => `followup-${randomBytes(5).toString('hex')}@example.test`;
const at = (ms: number) => new Date(ms).toISOString();

async function createSeries(api: ApiClient, to: string, extra: object = {}) {
  const res = await api.call<Body>('POST', '/api/invoices/generate-external', {
    body: {
      customer_name: 'PT Berulang',
      customer_email: to,
      items: [{ description: 'Monthly retainer', quantity: 1, price: 2500000 }],
      tax_rate: 11,
      is_recurring: true,
      recurring_interval: 'weekly',
      recurring_count: 2,
      ...extra,
    },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return { invoice: res.body.data, seriesId: String((res.body.data.recurring as Obj).schedule_id) };
}

const getSeries = async (api: ApiClient, id: string) =>
  (await api.call<Body<Series>>('GET', `/api/invoices/external/recurring/${id}`)).body.data;

const recurringClient = (addr: string) =>
  createUnaryClient(
    loadService('invoiceplatform/recurring/v1/recurring.proto', 'invoiceplatform.recurring.v1.RecurringService'),
    addr,
  );

test.serial(
  'a replica killed right after generating a follow-up: its event records the invoice at once, and after the lease another replica emails it, once',
  async (t) => {
    const crashAddr = await platform.startRecurringReplica({ RECURRING_TEST_CRASH_AFTER_GENERATE: 'true' });
    await platform.waitServing(crashAddr, 'recurring replica that dies after generating');
    const api = await platform.client('business', 5);
    const to = email();
    const { invoice: first, seriesId } = await createSeries(api, to);
    const due = at(Date.parse((await getSeries(api, seriesId)).occurrences[1]!.date) + 60_000);

    const crashing = recurringClient(crashAddr);
    const crashed = await crashing.call('RunSchedulerOnce', { now: due, series_id: seriesId }, 60_000).then(
      () => false,
      () => true,
    );
    crashing.close();
    t.true(crashed, 'the replica died in the middle of the pass');
    const invoices = (await api.call<Body<Obj[]>>('GET', '/api/invoices/external')).body;
    t.is(invoices.meta?.total, 2, 'the follow-up was generated before the replica died');
    const followUp = invoices.data.find((i) => i.id !== first.id);
    if (!followUp) return;

    // No scheduler pass runs meanwhile: the invoice.created event alone brings the series up to date.
    const recorded = await waitFor(
      'the follow-up recorded from its event',
      async () => {
        const s = await getSeries(api, seriesId);
        return s.occurrences[1]!.invoice_id ? s : undefined;
      },
      60_000,
      200,
    );
    t.is(recorded.occurrences[1]!.invoice_id, String(followUp.id));
    t.like(recorded, { status: 'active', generated_count: 2, remaining_count: 1 });
    t.is(recorded.last_run_date, recorded.occurrences[1]!.date);
    t.like(recorded.occurrences[1]!, { status: 'pending', sent_at: null }, 'not emailed yet');
    t.deepEqual(await mail.list(to), []);

    // The dead replica's claim holds until its lease runs out; then this replica finishes the occurrence.
    const survivor = recurringClient(platform.recurringAddr);
    try {
      const pass = await waitFor(
        'the occurrence taken over',
        async () => {
          const res = await survivor.call<Pass>('RunSchedulerOnce', { now: due, series_id: seriesId });
          return res.runs.length > 0 ? res : undefined;
        },
        60_000,
        250,
      );
      t.like(pass.runs[0]!, { status: 'sent', invoice_id: followUp.id });
      t.is(pass.completed, 1);
    } finally {
      survivor.close();
    }
    const done = await getSeries(api, seriesId);
    t.is(done.status, 'completed');
    t.like(done.occurrences[1]!, { status: 'sent', invoice_id: followUp.id });
    t.is((await api.call<Body<Obj[]>>('GET', '/api/invoices/external')).body.meta!.total, 2, 'one follow-up invoice');
    const messages = await mail.list(to);
    t.is(messages.length, 1, 'one email');
    t.true(messages[0]!.subject.includes(String(followUp.invoice_number)));
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 3, 'one credit per invoice');
  },
);
