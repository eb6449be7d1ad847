import { randomBytes } from 'node:crypto';
import { createMailer } from '@invoice-platform/common/mail';
import test from 'ava';
import { ServiceClock } from '@invoice-platform/common/clock';
import { Scheduler } from '../../src/service/scheduler.ts';
import { followUpMail, log, notFound, openTestDatabase, seriesInput, stack, startPeers, useCases } from './helpers.ts';

// The plan is checked on every move that makes a series active (resume, extend, change of
// frequency) and by the scheduler before each new follow-up, not only when workspace.v1 says the
// plan changed: that event can be late, or lost to a consumer that was down. Accounts is a
// stand-in whose plans a test sets; the database and SMTP are real.

interface Plan {
  features: string[];
  plan_state: string;
}
const withRecurring: Plan = { features: ['api', 'recurring'], plan_state: 'active' };
const downgraded: Plan = { features: ['api'], plan_state: 'active' };
const expired: Plan = { features: ['api', 'recurring'], plan_state: 'expired' };

const plans = new Map<string, Plan>();
/** Every GenerateInvoice call, as `${series}:${occurrence_date}`. */
const generated: string[] = [];

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let peers: Awaited<ReturnType<typeof startPeers>>;

test.before(async () => {
  db = await openTestDatabase('recurring_plan');
  peers = await startPeers({
    accounts: {
      GetWorkspace: async (req: { workspace_id: string }) => {
        const plan = plans.get(req.workspace_id);
        if (!plan) throw notFound();
        return { id: req.workspace_id, name: 'Plan Test', ...plan };
      },
    },
    invoice: {
      GenerateInvoice: async (req: { occurrence_date: string; series_id: string }) => {
        generated.push(`${req.series_id}:${req.occurrence_date}`);
        return { id: `inv_${req.series_id}_${req.occurrence_date}`, invoice_number: `INV-${req.occurrence_date}` };
      },
      GetInvoice: async (req: { invoice_id: string }) => ({
        id: req.invoice_id,
        invoice_number: 'INV-PLAN-0001',
        customer_name: 'PT Integrasi',
        currency: 'IDR',
        amount: '1000',
        due_date: '2027-03-14',
        document_language: 'en',
        pdf_file_id: 'file_1',
        pdf_url: 'http://127.0.0.1/p/invoice/x/pdf',
        items: [{ description: 'Retainer', quantity: '1', price: '1000' }],
      }),
    },
    pdf: {
      GetFile: async () => ({ info: { download_name: 'invoice.pdf' }, content: Buffer.from('%PDF-1.4 stand-in') }),
    },
  });
});

test.after.always(async () => {
  await peers?.stop();
  await db?.drop();
});

const anchor = new Date('2027-02-14T03:00:00.000Z');
const due = '2027-03-14';

function newWorkspace(plan: Plan): string {
  const ws = `WSPLAN${randomBytes(3).toString('hex').toUpperCase()}`;
  plans.set(ws, plan);
  return ws;
}

function scheduler(clock: ServiceClock) {
  return new Scheduler({
    ...useCases(db, peers.clients.accounts, clock),
    invoice: peers.clients.invoice,
    followUpMail: followUpMail(
      db,
      peers.clients,
      createMailer({ smtpUrl: stack.SMTP_URL!, from: 'Invoices <invoices@example.test>' }),
      60_000,
    ),
    clock,
    log,
    leaseMs: 60_000,
  });
}

/** An active monthly series of two whose second occurrence is due at the returned clock. */
async function dueSeries(ws: string) {
  const seriesId = `rs_plan_${randomBytes(6).toString('hex')}`;
  const clock = new ServiceClock();
  clock.freezeAt(anchor);
  await useCases(db, peers.clients.accounts, clock).creation.create(seriesInput(ws, seriesId, anchor));
  clock.freezeAt(new Date(`${due}T03:01:00.000Z`));
  return { seriesId, clock, occurrenceId: `${seriesId}:${due}` };
}

/** A series whose only occurrence is the first invoice: completed from the start. */
async function completedSeries(ws: string) {
  const seriesId = `rs_plan_${randomBytes(6).toString('hex')}`;
  const clock = new ServiceClock();
  clock.freezeAt(anchor);
  const series = useCases(db, peers.clients.accounts, clock);
  await series.creation.create(seriesInput(ws, seriesId, anchor, { count: undefined, end_date: '2027-02-20' }));
  return { seriesId, series };
}

for (const [label, plan, reason] of [
  ['downgraded', downgraded, 'plan_downgrade'],
  ['ended', expired, 'plan_ended'],
] as const) {
  test.serial(
    `scheduler: a plan ${label} before its event arrives pauses the series (${reason}) and generates nothing`,
    async (t) => {
      const ws = newWorkspace(withRecurring);
      const { seriesId, clock, occurrenceId } = await dueSeries(ws);
      plans.set(ws, plan);

      const pass = await scheduler(clock).runOnce({ workspaceId: ws });

      t.deepEqual(
        generated.filter((g) => g.startsWith(seriesId)),
        [],
      );
      t.like(pass.runs[0], { series_id: seriesId, status: 'paused' });
      const series = await db.series.get(ws, seriesId);
      t.like(series, { status: 'paused', paused_reason: reason });
      // The occurrence waits untouched: no failed attempt, no lease left behind.
      t.like(await db.occurrences.find(occurrenceId), {
        status: 'pending',
        attempts: 0,
        last_error: null,
        lease_token: null,
        invoice_id: null,
      });

      // Resumed once the plan includes recurring invoices again, the follow-up goes out once.
      plans.set(ws, withRecurring);
      await useCases(db, peers.clients.accounts, clock).pauseAndResume.setStatus(ws, seriesId, 'active');
      await scheduler(clock).runOnce({ workspaceId: ws });
      t.deepEqual(
        generated.filter((g) => g.startsWith(seriesId)),
        [`${seriesId}:${due}`],
      );
    },
  );
}

test.serial('scheduler: with the plan in force the follow-up is generated as before', async (t) => {
  const ws = newWorkspace(withRecurring);
  const { seriesId, clock } = await dueSeries(ws);
  await scheduler(clock).runOnce({ workspaceId: ws });
  t.deepEqual(
    generated.filter((g) => g.startsWith(seriesId)),
    [`${seriesId}:${due}`],
  );
  t.like(await db.series.get(ws, seriesId), { status: 'completed' });
});

test.serial(
  'extend: a completed series is not reactivated under a plan without recurring invoices (403)',
  async (t) => {
    const ws = newWorkspace(withRecurring);
    const { seriesId, series } = await completedSeries(ws);
    t.like(await db.series.get(ws, seriesId), { status: 'completed' });
    plans.set(ws, downgraded);

    const err = await t.throwsAsync(series.scheduleChanges.extend(ws, seriesId, { count: 2 }));
    t.is((err as { kind?: string }).kind, 'forbidden');
    t.like(await db.series.get(ws, seriesId), { status: 'completed' });
    t.is((await db.occurrences.ofSeries(seriesId)).length, 1);

    plans.set(ws, withRecurring);
    await series.scheduleChanges.extend(ws, seriesId, { count: 2 });
    t.like(await db.series.get(ws, seriesId), { status: 'active' });
    t.is((await db.occurrences.ofSeries(seriesId)).length, 3);
  },
);

test.serial('change frequency: a completed series is not reactivated under an ended plan (403)', async (t) => {
  const ws = newWorkspace(withRecurring);
  const { seriesId, series } = await completedSeries(ws);
  plans.set(ws, expired);

  const change = { frequency: 'weekly', start_date: '2027-03-01', count: 2 };
  const err = await t.throwsAsync(series.scheduleChanges.changeFrequency(ws, seriesId, change));
  t.is((err as { kind?: string }).kind, 'forbidden');
  t.like(await db.series.get(ws, seriesId), { status: 'completed', frequency: 'monthly' });

  plans.set(ws, withRecurring);
  await series.scheduleChanges.changeFrequency(ws, seriesId, change);
  t.like(await db.series.get(ws, seriesId), { status: 'active', frequency: 'weekly' });
});

test.serial('extend: an active series under a lapsed plan is extended and stays as it is', async (t) => {
  const ws = newWorkspace(withRecurring);
  const { seriesId, clock } = await dueSeries(ws);
  plans.set(ws, downgraded);
  await useCases(db, peers.clients.accounts, clock).scheduleChanges.extend(ws, seriesId, { count: 1 });
  t.like(await db.series.get(ws, seriesId), { status: 'active' });
  t.is((await db.occurrences.ofSeries(seriesId)).length, 3);
});
