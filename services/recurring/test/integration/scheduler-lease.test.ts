import { randomBytes } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import { createMailer } from '@invoice-platform/common/mail';
import test from 'ava';
import { MailSink } from '@invoice-platform/test-support/mail';
import { waitFor } from '@invoice-platform/test-support/platform';
import { ServiceClock } from '@invoice-platform/common/clock';
import { Scheduler } from '../../src/service/scheduler.ts';
import { followUpMail, log, openTestDatabase, seriesInput, stack, startPeers, useCases } from './helpers.ts';

// Scheduler replicas (Scheduler instances, as separate processes would have) over one real
// database and the real SMTP sink; the invoice, pdf and accounts peers are stand-ins, so a test can
// hold a worker in the middle of an occurrence for as long as it likes.
const LEASE_MS = 1000;
const workspaceId = 'WSLEASE001';
const mail = new MailSink();

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let peers: Awaited<ReturnType<typeof startPeers>>;
/** Every GenerateInvoice call, as `${series}:${occurrence_date}`. */
const generated: string[] = [];
/** A test's first GetFile call waits for this: its worker is stuck right before the email. */
let stall: Promise<void> | undefined;
let getFileCalls = 0;
/**
 * A test's first GenerateInvoice call waits for `gate`, and then answers an invoice of another id
 * or fails: what a worker that stalled inside GenerateInvoice would see when it wakes up.
 */
let generateStall: { gate: Promise<void>; answer: 'another invoice' | 'no credit'; taken?: boolean } | undefined;
/** How long GenerateInvoice takes otherwise, so that racing passes overlap. */
let generateMs = 0;
/** GenerateInvoice calls under way, by series; and the most under way at once, overall. */
const generating = new Map<string, number>();
let mostGenerating = 0;
let seriesOverlaps = 0;

const invoiceOf = (seriesId: string, date: string) => `inv_${seriesId}_${date}`;

test.before(async () => {
  db = await openTestDatabase('recurring_lease');
  peers = await startPeers({
    invoice: {
      GenerateInvoice: async (req: { occurrence_date: string; series_id: string }) => {
        generated.push(`${req.series_id}:${req.occurrence_date}`);
        const stalled = generateStall;
        if (stalled && !stalled.taken) {
          stalled.taken = true;
          await stalled.gate;
          if (stalled.answer === 'no credit') throw new AppError('payment_required', 'No credits remaining.');
          return { id: `inv_stale_${req.series_id}`, invoice_number: 'INV-STALE' };
        }
        const ofSeries = generating.get(req.series_id) ?? 0;
        if (ofSeries > 0) seriesOverlaps++;
        generating.set(req.series_id, ofSeries + 1);
        mostGenerating = Math.max(
          mostGenerating,
          [...generating.values()].reduce((a, b) => a + b, 0),
        );
        try {
          await new Promise((resolve) => setTimeout(resolve, generateMs));
        } finally {
          generating.set(req.series_id, generating.get(req.series_id)! - 1);
        }
        return { id: invoiceOf(req.series_id, req.occurrence_date), invoice_number: `INV-${req.occurrence_date}` };
      },
      GetInvoice: async (req: { invoice_id: string }) => ({
        id: req.invoice_id,
        invoice_number: `INV-${req.invoice_id.slice(-10)}`,
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
      GetFile: async () => {
        if (++getFileCalls === 1) await stall;
        return { info: { download_name: 'invoice.pdf' }, content: Buffer.from('%PDF-1.4 stand-in') };
      },
    },
    accounts: {
      GetWorkspace: async () => ({
        id: workspaceId,
        name: 'Lease Test',
        features: ['recurring'],
        plan_state: 'active',
      }),
    },
  });
});

test.after.always(async () => {
  await peers?.stop();
  await db?.drop();
});

function replica(clock: ServiceClock, concurrency?: number) {
  const scheduler = new Scheduler({
    ...useCases(db, peers.clients.accounts, clock, LEASE_MS),
    invoice: peers.clients.invoice,
    followUpMail: followUpMail(
      db,
      peers.clients,
      createMailer({ smtpUrl: stack.SMTP_URL!, from: 'Invoices <invoices@example.test>' }),
      LEASE_MS,
    ),
    clock,
    log,
    leaseMs: LEASE_MS,
    concurrency,
  });
  scheduler.start(3_600_000);
  return scheduler;
}

const due = '2027-03-14';

/** A series whose second occurrence is due at the returned clock; its emails go to `to`. */
async function dueSeries(to: string, ws = workspaceId, count = 2) {
  const seriesId = `rs_lease_${randomBytes(6).toString('hex')}`;
  const anchor = new Date('2027-02-14T03:00:00.000Z');
  const clock = new ServiceClock();
  clock.freezeAt(anchor);
  await useCases(db, peers.clients.accounts, clock).creation.create(
    seriesInput(ws, seriesId, anchor, { customer_email: to, count }),
  );
  clock.freezeAt(new Date('2027-03-14T03:01:00.000Z'));
  return { seriesId, clock, occurrenceId: `${seriesId}:${due}` };
}

/** Waits until the occurrence has been leased for twice the lease: a lease that was not renewed has run out. */
async function leasedTwiceTheLease(occurrenceId: string) {
  const since = await waitFor(
    `a lease on ${occurrenceId}`,
    async () => ((await db.occurrences.find(occurrenceId))?.lease_token ? Date.now() : undefined),
    30_000,
    20,
  );
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, since + 2 * LEASE_MS - Date.now())));
}

/** Waits until the occurrence's lease has run out (its worker stopped renewing it). */
async function leaseRunsOut(occurrenceId: string) {
  await waitFor(
    `the lease on ${occurrenceId} to run out`,
    async () => {
      const occurrence = await db.occurrences.find(occurrenceId);
      return occurrence?.lease_until !== null && occurrence!.lease_until.getTime() < Date.now();
    },
    30_000,
    50,
  );
}

test.serial(
  'a worker whose occurrence outlives the lease keeps it: no other replica takes over its email',
  async (t) => {
    const to = `lease-${randomBytes(4).toString('hex')}@example.test`;
    const { seriesId, clock, occurrenceId } = await dueSeries(to);
    const [a, b] = [replica(clock), replica(clock)];
    let release!: () => void;
    stall = new Promise((resolve) => (release = resolve));
    try {
      getFileCalls = 0;
      const slow = a.runOnce({ seriesId });
      await waitFor('the first worker at its email', async () => getFileCalls === 1, 30_000, 50);
      await leasedTwiceTheLease(occurrenceId);
      t.deepEqual((await b.runOnce({ seriesId })).runs, [], 'the live worker keeps its lease');
      release();
      const pass = await slow;
      t.is(pass.runs[0]!.status, 'sent', pass.runs[0]!.error);
      t.is(getFileCalls, 1);
      t.is((await mail.list(to)).length, 1, 'one email');
      t.deepEqual(
        generated.filter((g) => g.startsWith(seriesId)),
        [occurrenceId],
      );
      t.like(await db.occurrences.find(occurrenceId), { status: 'sent', lease_token: null }, 'lease released');
    } finally {
      release();
      stall = undefined;
      await Promise.all([a.stop(), b.stop()]);
    }
  },
);

test.serial(
  'a worker that went silent past the lease is taken over, and when it wakes up it does not email again',
  async (t) => {
    const to = `silent-${randomBytes(4).toString('hex')}@example.test`;
    const { seriesId, clock, occurrenceId } = await dueSeries(to);
    const [a, b] = [replica(clock), replica(clock)];
    let release!: () => void;
    stall = new Promise((resolve) => (release = resolve));
    try {
      getFileCalls = 0;
      const stuck = a.runOnce({ seriesId });
      await waitFor('the first worker at its email', async () => getFileCalls === 1, 30_000, 50);
      // Its renewals stop, as a frozen or partitioned process's would, while its work hangs on.
      await a.stop();
      await leaseRunsOut(occurrenceId);
      const takeover = await b.runOnce({ seriesId });
      t.is(takeover.runs[0]?.status, 'sent', takeover.runs[0]?.error);
      t.is((await mail.list(to)).length, 1);
      release();
      const late = await stuck;
      t.is(late.runs[0]!.status, 'pending');
      t.regex(late.runs[0]!.error!, /taken over/);
      t.is((await mail.list(to)).length, 1, 'still one email');
      const occurrence = (await db.occurrences.find(occurrenceId))!;
      t.like(occurrence, { status: 'sent', attempts: 0, email_sent: true });
    } finally {
      release();
      stall = undefined;
      await Promise.all([a.stop(), b.stop()]);
    }
  },
);

for (const answer of ['another invoice', 'no credit'] as const) {
  test.serial(
    `a worker whose lease was lost inside GenerateInvoice writes nothing when it wakes up (${answer})`,
    async (t) => {
      const to = `lost-${randomBytes(4).toString('hex')}@example.test`;
      const { seriesId, clock, occurrenceId } = await dueSeries(to);
      const [a, b] = [replica(clock), replica(clock)];
      let release!: () => void;
      generateStall = { gate: new Promise((resolve) => (release = resolve)), answer };
      try {
        const stuck = a.runOnce({ seriesId });
        await waitFor('the first worker in GenerateInvoice', async () => generateStall!.taken, 30_000, 20);
        await a.stop();
        await leaseRunsOut(occurrenceId);
        const takeover = await b.runOnce({ seriesId });
        t.like(takeover.runs[0], { status: 'sent', invoice_id: invoiceOf(seriesId, due) });
        const done = await db.occurrences.find(occurrenceId);

        release();
        const late = await stuck;
        t.is(late.runs[0]!.status, 'pending');
        t.regex(late.runs[0]!.error!, /taken over/);
        t.deepEqual(await db.occurrences.find(occurrenceId), done, 'the old worker wrote nothing');
        t.like(done, { status: 'sent', attempts: 0, invoice_id: invoiceOf(seriesId, due), last_error: null });
        t.is((await mail.list(to)).length, 1, 'one email');
      } finally {
        release();
        generateStall = undefined;
        await Promise.all([a.stop(), b.stop()]);
      }
    },
  );
}

test.serial('two replicas racing over the same due occurrences: each is generated once and emailed once', async (t) => {
  const ws = 'WSRACE0001';
  const series = await Promise.all(
    [1, 2, 3, 4].map(async (i) => {
      const to = `race-${i}-${randomBytes(4).toString('hex')}@example.test`;
      return { to, ...(await dueSeries(to, ws)) };
    }),
  );
  const clock = series[0]!.clock;
  const [a, b] = [replica(clock), replica(clock)];
  generateMs = 100;
  try {
    const passes = await Promise.all([a, b, a, b].map((r) => r.runOnce({ workspaceId: ws })));
    const runs = passes.flatMap((p) => p.runs);
    t.is(runs.length, series.length, 'each occurrence worked by one pass');
    t.true(
      runs.every((r) => r.status === 'sent'),
      JSON.stringify(runs),
    );
    t.is(
      passes.reduce((sum, p) => sum + p.completed, 0),
      series.length,
      'each series completed once',
    );
    for (const s of series) {
      t.deepEqual(
        generated.filter((g) => g === s.occurrenceId),
        [s.occurrenceId],
        'generated once',
      );
      t.is((await mail.list(s.to)).length, 1, 'emailed once');
      t.like(await db.occurrences.find(s.occurrenceId), { status: 'sent', lease_token: null });
      t.is((await db.series.find(s.seriesId))!.status, 'completed');
    }
    const again = await Promise.all([a, b].map((r) => r.runOnce({ workspaceId: ws })));
    t.deepEqual(
      again.flatMap((p) => p.runs),
      [],
      'nothing left to do',
    );
  } finally {
    generateMs = 0;
    await Promise.all([a.stop(), b.stop()]);
  }
});

test.serial(
  "scheduler: a pass works up to SCHEDULER_CONCURRENCY occurrences at once, a series' own one after the other in date order",
  async (t) => {
    const ws = 'WSCONC0001';
    // Six series of three occurrences, two of them due by the clock: twelve to work.
    const series = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (i) => {
        const to = `conc-${i}-${randomBytes(4).toString('hex')}@example.test`;
        const made = await dueSeries(to, ws, 3);
        return { to, ...made };
      }),
    );
    const clock = series[0]!.clock;
    clock.freezeAt(new Date('2027-04-14T03:01:00.000Z'));
    const scheduler = replica(clock, 3);
    generateMs = 150;
    mostGenerating = 0;
    seriesOverlaps = 0;
    try {
      const pass = await scheduler.runOnce({ workspaceId: ws });
      t.is(pass.runs.length, 12, 'every due occurrence worked in the one pass');
      t.true(
        pass.runs.every((r) => r.status === 'sent'),
        JSON.stringify(pass.runs),
      );
      t.is(mostGenerating, 3, 'three generates at once, never more');
      t.is(seriesOverlaps, 0, "no series' occurrences at once");
      for (const s of series) {
        const dates = generated.filter((g) => g.startsWith(`${s.seriesId}:`));
        t.deepEqual(dates, [`${s.seriesId}:2027-03-14`, `${s.seriesId}:2027-04-14`], 'in date order, once each');
        t.is((await mail.list(s.to)).length, 2, 'both emailed once');
      }
    } finally {
      generateMs = 0;
      await scheduler.stop();
    }
  },
);
