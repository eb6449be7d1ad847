import { randomBytes } from 'node:crypto';
import test from 'ava';
import { createUnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { testHooksService } from '@invoice-platform/common/services';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatDate, formatMoney, formatTimestampDate } from '@invoice-platform/common/i18n/format';
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
type Pass = { generated: number; emailed: number; failed: number; completed: number; runs: Run[] };

const email = () => `followup-${randomBytes(5).toString('hex')}@example.test`;
const hours = (n: number) => n * 3_600_000;
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

async function runScheduler(now: string, workspaceId: string): Promise<Pass> {
  const res = await platform.admin<Pass>('POST', '/recurring/run', { now, workspace_id: workspaceId });
  if (res.status !== 200) throw new Error(`scheduler: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A pass may take a while on a loaded machine; the deadline is not what these tests measure. */
/** A replica's test hooks (testhooks/v1): a scheduler pass at a given time. */
const testHooksClient = (addr: string) => createUnaryClient(testHooksService(), addr, 60_000);

const invoiceClient = () =>
  createUnaryClient(
    loadService('invoiceplatform/invoice/v1/invoice.proto', 'invoiceplatform.invoice.v1.InvoiceService'),
    platform.invoiceAddr,
    30_000,
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

    const crashing = testHooksClient(crashAddr);
    const crashed = await crashing.call('RunSchedulerAt', { now: due, series_id: seriesId }).then(
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
    const survivor = testHooksClient(platform.recurringAddr);
    try {
      const pass = await waitFor(
        'the occurrence taken over',
        async () => {
          const res = await survivor.call<Pass>('RunSchedulerAt', { now: due, series_id: seriesId });
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

test.serial('the follow-up email is written in the document language, with the PDF attached', async (t) => {
  const api = await platform.client('business', 5);
  const to = email();
  const { seriesId } = await createSeries(api, to, { document_language: 'de', customer_name: 'Muster GmbH' });
  const occurrence = (await getSeries(api, seriesId)).occurrences[1]!;
  const pass = await runScheduler(at(Date.parse(occurrence.date) + 60_000), api.workspaceId);
  t.is(pass.runs[0]!.status, 'sent', pass.runs[0]!.error);
  const inv = (await api.call<Body>('GET', `/api/invoices/external/${pass.runs[0]!.invoice_id}`)).body.data;
  const [message] = await mail.list(to);
  t.is(message!.subject, `Rechnung ${String(inv.invoice_number)} von ws business`);
  t.true(message!.text.startsWith('Guten Tag Muster GmbH,'), message!.text);
  t.true(message!.text.includes(`anbei erhalten Sie die Rechnung ${String(inv.invoice_number)}`), message!.text);
  t.regex(message!.text, /2\.775\.000\sIDR/, 'the amount in the German format');
  const dueDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${String(inv.due_date)}T00:00:00Z`),
  );
  t.true(message!.text.includes(`fällig am ${dueDate}`), message!.text);
  t.true(message!.text.includes('Sie können sie auch online ansehen:'));
  t.false(message!.text.includes('Please find attached'));
  t.deepEqual(
    message!.attachments.map((a) => [a.filename, a.contentType]),
    [[`${String(inv.invoice_number)}-UNPAID.pdf`, 'application/pdf']],
  );
});

/** Text as a reader sees it: tags and entities gone, every run of white space (NBSPs too) one space. */
const readable = (text: string): string =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

async function pdfText(url: string): Promise<string> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`pdf ${res.status}`);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'pdf-')), 'invoice.pdf');
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return (await promisify(execFile)('pdftotext', [file, '-'])).stdout;
}

for (const language of ['pt', 'de', 'ja'] as const) {
  test.serial(
    `${language}: the PDF, the follow-up email and the public page show the same total and dates`,
    async (t) => {
      const api = await platform.client('business', 5);
      const to = email();
      const { seriesId } = await createSeries(api, to, {
        document_language: language,
        currency: 'EUR',
        items: [{ description: 'Retainer', quantity: 3, price: 1234.5 }],
        tax_rate: 19,
      });
      const occurrence = (await getSeries(api, seriesId)).occurrences[1]!;
      const pass = await runScheduler(at(Date.parse(occurrence.date) + 60_000), api.workspaceId);
      t.is(pass.runs[0]!.status, 'sent', pass.runs[0]!.error);
      const inv = (await api.call<Body>('GET', `/api/invoices/external/${pass.runs[0]!.invoice_id}`)).body.data;
      const [message] = await mail.list(to);
      const page = await fetch(`${platform.gateway.baseUrl}/p/invoice/${String(inv.id)}`);
      t.is(page.status, 200);
      const texts = {
        pdf: readable(await pdfText(String(inv.pdf_url))),
        email: readable(message!.text),
        page: readable(await page.text()),
      };
      // 3 × 1234.50 + 19 %: 4407.17, in each language's own way of writing it.
      t.is(String(inv.amount), '4407.17');
      const total = readable(formatMoney('4407.17', 'EUR', language));
      const due = readable(formatDate(String(inv.due_date), language));
      // The workspace keeps the default time zone, UTC.
      const issued = readable(formatTimestampDate(String(inv.issue_date), 'UTC', language));
      t.not(
        due,
        readable(formatDate(String(inv.due_date), 'en')),
        "the language's own date format, not the English one",
      );
      for (const [where, text] of Object.entries(texts)) {
        t.true(text.includes(total), `${where} shows the total as ${total}: ${text}`);
        t.true(text.includes(due), `${where} shows the due date as ${due}`);
      }
      for (const where of ['pdf', 'page'] as const)
        t.true(texts[where].includes(issued), `${where} shows the issue date as ${issued}`);
    },
  );
}

test.serial(
  'follow-ups: numbered INV-{ws}-{YYYYMM}-{seq} in issue order, the first invoice content, source recurring; the last pass completes the series',
  async (t) => {
    const api = await platform.client('business', 10);
    const to = email();
    const { invoice: first, seriesId } = await createSeries(api, to, {
      recurring_count: 6,
      customer_tax_id: 'NPWP 01.234.567.8-901.000',
      items: [
        { description: 'Design', quantity: 2, price: 1500000, unit: 'day', discount: 100000 },
        { description: 'Hosting', quantity: 1, price: 300000, tax_rate: 0 },
      ],
      discount_total: 50000,
      notes: 'Thank you for your business',
      custom_payment_notes: 'Transfer to BCA 123',
      footer_text: 'PT Contoh',
    });
    const { occurrences } = await getSeries(api, seriesId);
    for (const [i, occurrence] of occurrences.slice(1).entries()) {
      const pass = await runScheduler(at(Date.parse(occurrence.date) + 60_000), api.workspaceId);
      t.like(pass, { generated: 1, emailed: 1, failed: 0, completed: i === occurrences.length - 2 ? 1 : 0 });
    }
    const done = await getSeries(api, seriesId);
    t.is(done.status, 'completed');
    t.like(done, { generated_count: 6, remaining_count: 0, last_run_date: done.occurrences[5]!.date });

    const invoices = invoiceClient();
    try {
      const get = (id: string) =>
        invoices.call<Obj & { items: Obj[] }>('GetInvoice', { workspace_id: api.workspaceId, invoice_id: id });
      const source = await get(String(first.id));
      // The workspace is new and on UTC: each month of issue numbers from 0001.
      const perMonth = new Map<string, number>();
      for (const occurrence of done.occurrences) {
        const inv = await get(occurrence.invoice_id!);
        const period = String(inv.issue_date).slice(0, 7).replace('-', '');
        const seq = (perMonth.get(period) ?? 0) + 1;
        perMonth.set(period, seq);
        t.is(inv.invoice_number, `INV-${api.workspaceId}-${period}-${String(seq).padStart(4, '0')}`);
        t.is(inv.issue_date, occurrence.date);
        if (inv.id === first.id) continue;
        t.like(inv, {
          source: 'recurring',
          series_id: seriesId,
          occurrence_date: occurrence.date.slice(0, 10),
          is_recurring: true,
          recurring_interval: 'weekly',
          invoice_status: 'unpaid',
        });
        for (const field of [
          'customer_name',
          'customer_email',
          'customer_tax_id',
          'currency',
          'subtotal',
          'discount_total',
          'tax_rate',
          'tax_amount',
          'amount',
          'notes',
          'custom_payment_notes',
          'footer_text',
          'document_language',
        ])
          t.is(inv[field], source[field], field);
        t.deepEqual(inv.items, source.items);
      }
      t.true(
        [...perMonth.values()].some((n) => n > 1),
        'several follow-ups share a month',
      );
    } finally {
      invoices.close();
    }
    t.is((await mail.list(to)).length, 5);
  },
);

test.serial('a follow-up whose PDF cannot be rendered fails, uses no credit, and is retried', async (t) => {
  const api = await platform.client('business', 5);
  const to = email();
  const { seriesId } = await createSeries(api, to);
  let now = Date.parse((await getSeries(api, seriesId)).occurrences[1]!.date) + 60_000;
  // A pdf service whose browser cannot start: every render fails for real.
  await platform.restart('pdf', { CHROMIUM_PATH: '/nonexistent/chromium' }, 'SIGTERM', false);
  try {
    // Each pass runs past the previous failure's backoff (at most 6 hours).
    const failed = await waitFor(
      'a follow-up failing to render',
      async () => {
        now += hours(7);
        const [run] = (await runScheduler(at(now), api.workspaceId)).runs;
        return run?.status === 'failed' && /PDF could not be generated/.test(run.error ?? '') ? run : undefined;
      },
      60_000,
      200,
    );
    t.falsy(failed.invoice_id);
    const series = await getSeries(api, seriesId);
    t.like(series, { status: 'active', generated_count: 1, remaining_count: 1 });
    t.like(series.occurrences[1]!, { status: 'failed', invoice_id: null, sent_at: null });
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4, 'no credit for the failed render');
    t.deepEqual(await mail.list(to), []);
  } finally {
    await platform.restart('pdf');
  }
  const [retried] = (await runScheduler(at(now + hours(7)), api.workspaceId)).runs;
  t.is(retried!.status, 'sent', retried!.error);
  const done = await getSeries(api, seriesId);
  t.is(done.status, 'completed');
  t.like(done.occurrences[1]!, { status: 'sent', invoice_id: retried!.invoice_id });
  t.is((await api.call<Body<Obj[]>>('GET', '/api/invoices/external')).body.meta!.total, 2);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 3);
  t.is((await mail.list(to)).length, 1);
});
