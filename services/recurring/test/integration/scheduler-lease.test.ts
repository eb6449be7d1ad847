import { randomBytes } from 'node:crypto';
import { createMailer } from '@invoice-platform/common/mail';
import test from 'ava';
import { MailSink } from '../../../../test/support/mail.ts';
import { waitFor } from '../../../../test/support/platform.ts';
import { Clock } from '../../src/service/clock.ts';
import { Scheduler } from '../../src/service/scheduler.ts';
import { log, newSeriesService, openTestDatabase, seriesInput, stack, startPeers } from './helpers.ts';

// Two scheduler replicas (two Scheduler instances, as two processes would have) over one real
// database and the real SMTP sink; the invoice, pdf and accounts peers are stand-ins, so a test can
// hold a worker in the middle of an occurrence for as long as it likes.
const LEASE_MS = 1000;
const workspaceId = 'WSLEASE001';
const mail = new MailSink();

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let peers: Awaited<ReturnType<typeof startPeers>>;
const generated: string[] = [];
/** A test's first GetFile call waits for this: its worker is stuck right before the email. */
let stall: Promise<void> | undefined;
let getFileCalls = 0;

test.before(async () => {
  db = await openTestDatabase('recurring_lease');
  peers = await startPeers({
    invoice: {
      GenerateInvoice: async (req: { occurrence_date: string; series_id: string }) => {
        generated.push(`${req.series_id}:${req.occurrence_date}`);
        return { id: `inv_${req.series_id}_${req.occurrence_date}`, invoice_number: `INV-${req.occurrence_date}` };
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

function replica(clock: Clock) {
  const scheduler = new Scheduler({
    repo: db.repo,
    series: newSeriesService(db.repo, peers.clients.accounts, clock),
    invoice: peers.clients.invoice,
    pdf: peers.clients.pdf,
    accounts: peers.clients.accounts,
    mailer: createMailer({ smtpUrl: stack.SMTP_URL!, from: 'Invoices <invoices@example.test>' }),
    clock,
    log,
    leaseMs: LEASE_MS,
  });
  scheduler.start(3_600_000);
  return scheduler;
}

/** A series whose second occurrence is due at the returned clock; its emails go to `to`. */
async function dueSeries(to: string) {
  const seriesId = `rs_lease_${randomBytes(6).toString('hex')}`;
  const anchor = new Date('2027-02-14T03:00:00.000Z');
  const clock = new Clock();
  clock.set(anchor);
  await newSeriesService(db.repo, peers.clients.accounts, clock).create(
    seriesInput(workspaceId, seriesId, anchor, { customer_email: to }),
  );
  clock.set(new Date('2027-03-14T03:01:00.000Z'));
  return { seriesId, clock, emailClaim: `${seriesId}:2027-03-14:email` };
}

/** Waits until the claim is older than twice the lease: a reaper going by its age alone would take it. */
async function claimOutlivesLease(id: string) {
  await waitFor(
    `claim ${id} older than twice the lease`,
    async () => {
      const claim = await db.repo.models.Claim.findById(id).lean().exec();
      return claim !== null && Date.now() - new Date(claim.at).getTime() > 2 * LEASE_MS;
    },
    30_000,
    100,
  );
}

test.serial(
  'a worker whose occurrence outlives the lease keeps it: no other replica takes over its email',
  async (t) => {
    const to = `lease-${randomBytes(4).toString('hex')}@example.test`;
    const { seriesId, clock, emailClaim } = await dueSeries(to);
    const [a, b] = [replica(clock), replica(clock)];
    let release!: () => void;
    stall = new Promise((resolve) => (release = resolve));
    try {
      getFileCalls = 0;
      const slow = a.runOnce({ seriesId });
      await waitFor('the first worker at its email', async () => getFileCalls === 1, 30_000, 50);
      await claimOutlivesLease(emailClaim);
      t.deepEqual((await b.runOnce({ seriesId })).runs, [], 'the live worker keeps its claims');
      release();
      const pass = await slow;
      t.is(pass.runs[0]!.status, 'sent', pass.runs[0]!.error);
      t.is(getFileCalls, 1);
      t.is((await mail.list(to)).length, 1, 'one email');
      t.deepEqual(
        generated.filter((g) => g.startsWith(seriesId)),
        [`${seriesId}:2027-03-14`],
      );
      t.is((await db.repo.findOccurrence(`${seriesId}:2027-03-14`))!.status, 'sent');
      t.is(
        await db.repo.models.Claim.countDocuments({ occurrence_id: `${seriesId}:2027-03-14` }),
        0,
        'claims released',
      );
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
    const { seriesId, clock, emailClaim } = await dueSeries(to);
    const [a, b] = [replica(clock), replica(clock)];
    let release!: () => void;
    stall = new Promise((resolve) => (release = resolve));
    try {
      getFileCalls = 0;
      const stuck = a.runOnce({ seriesId });
      await waitFor('the first worker at its email', async () => getFileCalls === 1, 30_000, 50);
      // Its heartbeat stops, as a frozen or partitioned process's would, while its work hangs on.
      await a.stop();
      await claimOutlivesLease(emailClaim);
      const takeover = await b.runOnce({ seriesId });
      t.is(takeover.runs[0]?.status, 'sent', takeover.runs[0]?.error);
      t.is((await mail.list(to)).length, 1);
      release();
      const late = await stuck;
      t.is(late.runs[0]!.status, 'pending');
      t.regex(late.runs[0]!.error!, /taken over/);
      t.is((await mail.list(to)).length, 1, 'still one email');
      const occurrence = (await db.repo.findOccurrence(`${seriesId}:2027-03-14`))!;
      t.like(occurrence, { status: 'sent', attempts: 0, email_sent: true });
    } finally {
      release();
      stall = undefined;
      await Promise.all([a.stop(), b.stop()]);
    }
  },
);
