import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createMailer } from '@invoice-platform/common/mail';
import test from 'ava';
import { MailSink, type SinkMessage } from '@invoice-platform/test-support/mail';
import { waitFor } from '@invoice-platform/test-support/platform';
import { ServiceClock } from '@invoice-platform/common/clock';
import { Scheduler } from '../../src/service/scheduler.ts';
import { followUpMail, log, openTestDatabase, seriesInput, stack, startPeers, useCases } from './helpers.ts';
import { SmtpTap } from './smtp-tap.ts';

// The follow-up email, once per occurrence (docs/architecture.md#mail): scheduler replicas over one
// real database, sending through a tap in front of the real SMTP sink that reads each message's
// Message-ID on the wire (the sink does not keep it). The rule is at-least-once under one
// Message-ID per occurrence: a send whose worker died before recording it is sent again, under the
// same Message-ID, and only once its lease has run out; nothing else is ever sent twice.
const LEASE_MS = 1000;
/** The dying replica's lease: long enough that a pass right after its death surely finds it live. */
const CRASH_LEASE_MS = 4000;
const mail = new MailSink();
const tap = new SmtpTap(stack.SMTP_URL!);

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let peers: Awaited<ReturnType<typeof startPeers>>;
/** Every GenerateInvoice call, as `${series}:${occurrence_date}`. */
const generated: string[] = [];
/** How long GenerateInvoice takes, so that racing passes overlap. */
let generateMs = 0;

const invoiceOf = (seriesId: string, date: string) => `inv_${seriesId}_${date}`;
const messageIdOf = (seriesId: string, date: string) => `<${seriesId}.${date}@example.test>`;

test.before(async () => {
  db = await openTestDatabase('recurring_once');
  await tap.start();
  peers = await startPeers({
    invoice: {
      GenerateInvoice: async (req: { occurrence_date: string; series_id: string }) => {
        generated.push(`${req.series_id}:${req.occurrence_date}`);
        await new Promise((resolve) => setTimeout(resolve, generateMs));
        return { id: invoiceOf(req.series_id, req.occurrence_date), invoice_number: `INV-${req.occurrence_date}` };
      },
      // The number ends in the occurrence's date, so each follow-up's subject is its own.
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
      GetFile: async () => ({ info: { download_name: 'invoice.pdf' }, content: Buffer.from('%PDF-1.4 stand-in') }),
    },
    accounts: {
      GetWorkspace: async (req: { workspace_id: string }) => ({
        id: req.workspace_id,
        name: 'Once Test',
        features: ['recurring'],
        plan_state: 'active',
      }),
    },
  });
});

test.after.always(async () => {
  await tap.stop();
  await peers?.stop();
  await db?.drop();
});

function replica(clock: ServiceClock) {
  const scheduler = new Scheduler({
    ...useCases(db, peers.clients.accounts, clock, LEASE_MS),
    invoice: peers.clients.invoice,
    followUpMail: followUpMail(
      db,
      peers.clients,
      createMailer({ smtpUrl: tap.url, from: 'Invoices <invoices@example.test>' }),
      LEASE_MS,
    ),
    clock,
    log,
    leaseMs: LEASE_MS,
  });
  scheduler.start(3_600_000);
  return scheduler;
}

/** A monthly series from 14 Feb 2027 whose `count - 1` follow-ups are due at the returned clock; its emails go to `to`. */
async function dueSeries(to: string, { ws = 'WSONCE0001', count = 2 } = {}) {
  const seriesId = `rs_once_${randomBytes(6).toString('hex')}`;
  const anchor = new Date('2027-02-14T03:00:00.000Z');
  const clock = new ServiceClock();
  clock.freezeAt(anchor);
  await useCases(db, peers.clients.accounts, clock).creation.create(
    seriesInput(ws, seriesId, anchor, { customer_email: to, count }),
  );
  const dates = ['2027-03-14', '2027-04-14', '2027-05-14'].slice(0, count - 1);
  clock.freezeAt(new Date(`${dates.at(-1)}T03:01:00.000Z`));
  return { seriesId, clock, dates };
}

/** How many of `messages` are the follow-up of the occurrence on `date` (its invoice number is in the subject). */
const withSubjectOf = (messages: SinkMessage[], date: string) =>
  messages.filter((m) => m.subject.includes(`INV-${date}`)).length;

/** Runs one pass of a replica in a process of its own that is killed right after its first email is taken. */
async function crashingReplica(seriesId: string, now: Date) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./crash-after-send.ts', import.meta.url))], {
    env: {
      ...process.env,
      CRASH_DB_NAME: db.name,
      CRASH_PEERS_ADDR: peers.addr,
      CRASH_SMTP_URL: tap.url,
      CRASH_SERIES_ID: seriesId,
      CRASH_NOW: now.toISOString(),
      CRASH_LEASE_MS: String(CRASH_LEASE_MS),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (c, s) => resolve([c, s])),
  );
  return { code, signal, stderr };
}

async function leaseRunsOut(occurrenceId: string) {
  await waitFor(
    `the lease on ${occurrenceId} to run out`,
    async () => {
      const occurrence = await db.occurrences.find(occurrenceId);
      return occurrence?.lease_until != null && occurrence.lease_until.getTime() < Date.now();
    },
    30_000,
    50,
  );
}

test.serial(
  'a scheduler killed between the send and the mark: its email is sent again only after its lease, once, under the same Message-ID',
  async (t) => {
    const to = `crash-${randomBytes(4).toString('hex')}@example.test`;
    const { seriesId, clock, dates } = await dueSeries(to, { count: 3 });
    const [first, second] = dates as [string, string];

    const child = await crashingReplica(seriesId, clock.now());
    t.is(child.signal, 'SIGKILL', `the replica was to die after its first email (exit ${child.code}): ${child.stderr}`);
    t.like(
      await db.occurrences.find(`${seriesId}:${first}`),
      {
        status: 'sending',
        message_id: messageIdOf(seriesId, first),
        invoice_id: invoiceOf(seriesId, first),
        email_sent: false,
        attempts: 0,
      },
      'the claim of a send whose outcome nobody knows',
    );
    t.like(await db.occurrences.find(`${seriesId}:${second}`), { status: 'pending', invoice_id: null });
    t.deepEqual(tap.acceptedIds(to), [messageIdOf(seriesId, first)]);
    t.is(withSubjectOf(await mail.list(to), first), 1);

    const r = replica(clock);
    try {
      const during = await r.runOnce({ seriesId });
      t.deepEqual(
        during.runs.map((run) => [run.local_date, run.status]),
        [[second, 'sent']],
        'while the dead worker’s lease lasts its occurrence is nobody else’s; the next one goes out',
      );
      t.deepEqual(tap.acceptedIds(to), [messageIdOf(seriesId, first), messageIdOf(seriesId, second)]);

      await leaseRunsOut(`${seriesId}:${first}`);
      const after = await r.runOnce({ seriesId });
      t.deepEqual(
        after.runs.map((run) => [run.local_date, run.status, run.invoice_id]),
        [[first, 'sent', invoiceOf(seriesId, first)]],
      );
      t.is(after.completed, 1);

      // By Message-ID: one message per occurrence; the first was handed over twice, as the same message.
      const ids = tap.acceptedIds(to);
      t.deepEqual(ids, [messageIdOf(seriesId, first), messageIdOf(seriesId, second), messageIdOf(seriesId, first)]);
      t.is(new Set(ids).size, 2);
      // By recipient and subject, what the sink received: the copy is counted as the same follow-up.
      const received = await mail.list(to);
      t.is(received.length, 3);
      t.is(withSubjectOf(received, first), 2, 'the follow-up whose send was unknown, and its copy');
      t.is(withSubjectOf(received, second), 1);
      t.deepEqual(
        generated.filter((g) => g.startsWith(seriesId)),
        [`${seriesId}:${first}`, `${seriesId}:${second}`],
        'each invoice made once',
      );
      for (const date of dates)
        t.like(await db.occurrences.find(`${seriesId}:${date}`), {
          status: 'sent',
          email_sent: true,
          message_id: messageIdOf(seriesId, date),
          due_at: null,
          lease_token: null,
        });
      t.is((await db.series.find(seriesId))!.status, 'completed');

      clock.freezeAt(new Date('2028-01-01T00:00:00.000Z'));
      t.deepEqual((await r.runOnce({ seriesId })).runs, [], 'nothing left to send');
      t.is((await mail.list(to)).length, 3);
    } finally {
      await r.stop();
    }
  },
);

test.serial(
  'two replicas racing over the same due occurrences, a dead worker’s send among them: each is sent once, under its own Message-ID',
  async (t) => {
    const ws = 'WSONCE0002';
    const series = await Promise.all(
      [1, 2, 3, 4].map(async (i) => {
        const to = `race-${i}-${randomBytes(4).toString('hex')}@example.test`;
        return { to, ...(await dueSeries(to, { ws })) };
      }),
    );
    const due = series[0]!.dates[0]!;
    // The fourth was generated and claimed by a worker that died before its email reached the server
    // (or after: nobody knows), and its lease has run out: what the crash above leaves.
    const dead = series[3]!;
    await db.models.Occurrence.updateOne(
      { _id: `${dead.seriesId}:${due}` },
      {
        $set: {
          status: 'sending',
          invoice_id: invoiceOf(dead.seriesId, due),
          invoice_number: `INV-${due}`,
          message_id: messageIdOf(dead.seriesId, due),
          lease_token: 'dead-worker',
          lease_until: new Date(Date.now() - 1000),
        },
      },
    ).exec();

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
      for (const s of series) {
        t.deepEqual(tap.acceptedIds(s.to), [messageIdOf(s.seriesId, due)], 'handed to SMTP once');
        const received = await mail.list(s.to);
        t.is(received.length, 1, 'received once');
        t.is(withSubjectOf(received, due), 1);
        t.like(await db.occurrences.find(`${s.seriesId}:${due}`), {
          status: 'sent',
          message_id: messageIdOf(s.seriesId, due),
          lease_token: null,
        });
        t.is((await db.series.find(s.seriesId))!.status, 'completed');
      }
      t.deepEqual(
        generated.filter((g) => g.startsWith(dead.seriesId)),
        [],
        'the dead worker’s invoice is not made again',
      );
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
  },
);

for (const how of ['unreachable', 'refusing'] as const) {
  test.serial(
    `a send that failed for sure (SMTP server ${how}) is retried with backoff and sent once when the server is back`,
    async (t) => {
      const to = `${how}-${randomBytes(4).toString('hex')}@example.test`;
      const { seriesId, clock, dates } = await dueSeries(to);
      const due = dates[0]!;
      const occurrenceId = `${seriesId}:${due}`;
      const r = replica(clock);
      try {
        if (how === 'unreachable') await tap.stop();
        else tap.refusing = true;
        const failed = await r.runOnce({ seriesId });
        t.like(failed.runs[0], { status: 'failed', invoice_id: invoiceOf(seriesId, due) });
        const occurrence = (await db.occurrences.find(occurrenceId))!;
        t.like(occurrence, {
          status: 'failed',
          attempts: 1,
          email_sent: false,
          message_id: messageIdOf(seriesId, due),
          lease_token: null,
        });
        t.is(occurrence.due_at!.getTime(), clock.now().getTime() + 60_000, 'due again after the first backoff');
        t.deepEqual(await mail.list(to), []);
        t.deepEqual(tap.acceptedIds(to), []);

        await tap.start();
        tap.refusing = false;
        t.deepEqual((await r.runOnce({ seriesId })).runs, [], 'not before its backoff');
        clock.freezeAt(new Date(clock.now().getTime() + 2 * 60_000));
        const retried = await r.runOnce({ seriesId });
        t.like(retried.runs[0], { status: 'sent', invoice_id: invoiceOf(seriesId, due) });
        t.is(retried.completed, 1);
        t.deepEqual(tap.acceptedIds(to), [messageIdOf(seriesId, due)], 'under the Message-ID it was claimed with');
        const received = await mail.list(to);
        t.is(received.length, 1);
        t.is(withSubjectOf(received, due), 1);
        t.deepEqual(
          generated.filter((g) => g.startsWith(seriesId)),
          [occurrenceId],
        );
        clock.freezeAt(new Date('2028-01-01T00:00:00.000Z'));
        t.deepEqual((await r.runOnce({ seriesId })).runs, []);
        t.is((await mail.list(to)).length, 1);
      } finally {
        tap.refusing = false;
        await tap.start();
        await r.stop();
      }
    },
  );
}
