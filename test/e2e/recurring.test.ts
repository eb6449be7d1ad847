import { randomBytes } from 'node:crypto';
import test from 'ava';
import { MailSink } from '../support/mail.ts';
import { createUnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { testHooksService } from '@invoice-platform/common/services';
import { type ApiClient, Platform, waitFor } from '../support/platform.ts';

/** The recurring service has one clock, which these tests move: they run one at a time. */
const platform = new Platform({
  invoices: true,
  recurring: true,
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
type Body<T = Obj> = {
  data: T;
  meta?: Record<string, number>;
  error?: { status: number; name: string; message: string; details?: Obj };
};
type Occurrence = {
  date: string;
  due_date: string | null;
  status: string;
  sent_at: string | null;
  invoice_id: string | null;
};
type Series = Obj & { occurrences: Occurrence[]; status: string; generated_count: number; remaining_count: number };

const email = () => `customer-${randomBytes(5).toString('hex')}@example.test`;
const recurringBody = (to: string, extra: object = {}) => ({
  customer_name: 'PT Berulang',
  customer_email: to,
  items: [{ description: 'Monthly retainer', quantity: 1, price: 2500000 }],
  tax_rate: 11,
  is_recurring: true,
  recurring_interval: 'monthly',
  recurring_count: 3,
  ...extra,
});

async function createSeries(api: ApiClient, to: string, extra: object = {}) {
  const res = await api.call<Body>('POST', '/api/invoices/generate-external', { body: recurringBody(to, extra) });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data;
}

const getSeries = async (api: ApiClient, id: string) =>
  (await api.call<Body<Series>>('GET', `/api/invoices/external/recurring/${id}`)).body.data;

async function runScheduler(now: string, workspaceId: string) {
  const res = await platform.admin<{ runs: { status: string; invoice_id?: string; error?: string }[] }>(
    'POST',
    '/recurring/run',
    { now, workspace_id: workspaceId },
  );
  if (res.status !== 200) throw new Error(`scheduler: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.runs;
}

const plusMinute = (iso: string) => new Date(new Date(iso).getTime() + 60_000).toISOString();

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The date `k` months after `anchor`, keeping its day and clamping to the month's end
 * (docs/architecture.md#recurring).
 */
function addMonths(anchor: string, k: number): string {
  const [y, m, d] = anchor.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + k, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Test workspaces are on UTC, so an occurrence's local date is the date part of its time. */
const day = (iso: string) => iso.slice(0, 10);

test.serial('generate with is_recurring: the recurring block matches the series read back', async (t) => {
  const api = await platform.client('business', 10);
  const to = email();
  const data = await createSeries(api, to);
  const recurring = data.recurring as Obj;
  t.is(data.is_recurring, true);
  t.regex(String(recurring.schedule_id), /^rs_/);
  t.is(recurring.interval, 'monthly');
  t.is(recurring.occurrences, 3);
  const series = await getSeries(api, String(recurring.schedule_id));
  t.deepEqual(
    Object.keys(series).sort(),
    [
      'amount',
      'currency',
      'customer_email',
      'customer_name',
      'end_date',
      'frequency',
      'generated_count',
      'id',
      'invoice_number',
      'last_run_date',
      'next_run_date',
      'occurrences',
      'paused_message',
      'paused_reason',
      'remaining_count',
      'start_date',
      'status',
    ].sort(),
  );
  t.like(series, {
    id: recurring.schedule_id,
    status: 'active',
    paused_reason: null,
    frequency: 'monthly',
    invoice_number: data.invoice_number,
    customer_email: to,
    currency: 'IDR',
    amount: 2775000,
    generated_count: 1,
    remaining_count: 2,
  });
  t.is(series.occurrences.length, 3);
  t.is(recurring.next_issue_date, series.occurrences[1]!.date);
  t.is(recurring.end_date, series.occurrences[2]!.date);
  t.is(series.next_run_date, series.occurrences[1]!.date);
  t.like(series.occurrences[0]!, { status: 'sent', invoice_id: data.id, sent_at: null });
  t.like(series.occurrences[1]!, { status: 'pending', invoice_id: null, sent_at: null });
  const inv = (await api.call<Body>('GET', `/api/invoices/external/${data.id}`)).body.data;
  t.like(inv, { is_recurring: true, recurring_interval: 'monthly' });
  t.deepEqual(await mail.list(to), [], 'the generated invoice is not emailed');
});

test.serial(
  'the clock moved through a whole series: one invoice and one email per occurrence, one credit each, then completed',
  async (t) => {
    const api = await platform.client('business', 10);
    const to = email();
    const first = await createSeries(api, to);
    const id = String((first.recurring as Obj).schedule_id);
    const before = await getSeries(api, id);
    const firstInvoice = (await api.call<Body>('GET', `/api/invoices/external/${first.id}`)).body.data;
    const offsetDays =
      (Date.parse(`${firstInvoice.due_date}T00:00:00Z`) -
        Date.parse(`${String(firstInvoice.issue_date).slice(0, 10)}T00:00:00Z`)) /
      86_400_000;

    // Just before the second occurrence nothing happens.
    t.deepEqual(
      await runScheduler(
        new Date(new Date(before.occurrences[1]!.date).getTime() - 60_000).toISOString(),
        api.workspaceId,
      ),
      [],
    );
    for (const [i, occurrence] of before.occurrences.slice(1).entries()) {
      const runs = await runScheduler(plusMinute(occurrence.date), api.workspaceId);
      t.is(runs.length, 1);
      t.is(runs[0]!.status, 'sent', runs[0]!.error);
      t.is((await mail.list(to)).length, i + 1, 'one email per occurrence');
    }
    const after = await getSeries(api, id);
    t.is(after.status, 'completed');
    t.is(after.generated_count, 3);
    t.is(after.remaining_count, 0);
    t.is(after.next_run_date, null);
    const invoiceIds = after.occurrences.map((o) => o.invoice_id);
    t.is(new Set(invoiceIds).size, 3);
    const messages = await mail.list(to);
    t.is(messages.length, 2);
    for (const [i, occ] of after.occurrences.slice(1).entries()) {
      t.like(occ, { status: 'sent' });
      t.truthy(occ.sent_at);
      const inv = (await api.call<Body>('GET', `/api/invoices/external/${occ.invoice_id}`)).body.data;
      t.is(inv.amount, 2775000);
      t.is(inv.tax_amount, 275000);
      t.is(String(inv.issue_date), occ.date);
      const issueDay = String(inv.issue_date).slice(0, 10);
      t.is(
        (Date.parse(`${inv.due_date}T00:00:00Z`) - Date.parse(`${issueDay}T00:00:00Z`)) / 86_400_000,
        offsetDays,
        'the issue-to-due offset is kept',
      );
      const message = messages.find((m) => m.subject.includes(String(inv.invoice_number)));
      t.truthy(message, `an email for ${inv.invoice_number}`);
      t.deepEqual(
        message!.attachments.map((a) => a.filename),
        [`${inv.invoice_number}-UNPAID.pdf`],
      );
      t.is(message!.attachments[0]!.contentType, 'application/pdf');
      t.true(message!.attachments[0]!.size > 1000);
      t.true(message!.text.includes('2,775,000') || message!.text.includes('2.775.000'), message!.text);
      t.not(inv.invoice_number, first.invoice_number, `follow-up ${i} has its own number`);
    }
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 7, 'three invoices, three credits');
    // Running again changes nothing.
    t.deepEqual(await runScheduler(plusMinute(after.occurrences[2]!.date), api.workspaceId), []);
    t.is((await mail.list(to)).length, 2);
  },
);

test.serial('with no credits an occurrence fails, and is retried after credits are added', async (t) => {
  const api = await platform.client('business', 1);
  const to = email();
  const first = await createSeries(api, to, { recurring_count: 2 });
  const id = String((first.recurring as Obj).schedule_id);
  const occurrence = (await getSeries(api, id)).occurrences[1]!;
  const runs = await runScheduler(plusMinute(occurrence.date), api.workspaceId);
  t.is(runs[0]!.status, 'failed');
  t.regex(String(runs[0]!.error), /PaymentRequired/);
  const failed = await getSeries(api, id);
  t.like(failed.occurrences[1]!, { status: 'failed', invoice_id: null });
  t.is(failed.status, 'active');
  await platform.setCredits(api.workspaceId, 1);
  // The retry waits for its backoff (1 minute after the failure).
  t.deepEqual(await runScheduler(plusMinute(occurrence.date), api.workspaceId), []);
  const retried = await runScheduler(
    new Date(new Date(occurrence.date).getTime() + 5 * 60_000).toISOString(),
    api.workspaceId,
  );
  t.is(retried[0]!.status, 'sent', retried[0]!.error);
  t.is((await getSeries(api, id)).status, 'completed');
  t.is((await mail.list(to)).length, 1);
});

test.serial('a plan downgrade pauses active series with plan_downgrade; resuming then answers 403', async (t) => {
  const api = await platform.client('business', 5);
  const id = String(((await createSeries(api, email())).recurring as Obj).schedule_id);
  t.is((await platform.admin('PUT', `/workspaces/${api.workspaceId}/plan`, { plan: 'professional' })).status, 200);
  const paused = await waitForSeries(api, id, (s) => s.status === 'paused');
  t.is(paused.paused_reason, 'plan_downgrade');
  const resume = await api.call<Body>('PUT', `/api/invoices/external/recurring/${id}/status`, {
    body: { status: 'active' },
  });
  t.is(resume.status, 403);
  t.is(resume.body.error!.name, 'ForbiddenError');
});

test.serial('an expired plan pauses series with plan_ended', async (t) => {
  const api = await platform.client('enterprise', 5);
  const id = String(((await createSeries(api, email())).recurring as Obj).schedule_id);
  await platform.admin('PUT', `/workspaces/${api.workspaceId}/plan`, { plan_state: 'expired' });
  // The key is refused while the plan is expired, so the series is read from the service itself.
  const client = createUnaryClient(
    loadService('invoiceplatform/recurring/v1/recurring.proto', 'invoiceplatform.recurring.v1.RecurringService'),
    platform.recurringAddr,
  );
  try {
    const paused = await waitFor(
      'series paused',
      async () => {
        const s = await client.call<{ status: string; paused_reason?: string }>('GetSeries', {
          workspace_id: api.workspaceId,
          series_id: id,
        });
        return s.status === 'paused' ? s : undefined;
      },
      20_000,
      200,
    );
    t.is(paused.paused_reason, 'plan_ended');
  } finally {
    client.close();
  }
});

async function waitForSeries(api: ApiClient, id: string, predicate: (s: Series) => boolean): Promise<Series> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const s = await getSeries(api, id);
    if (predicate(s) || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 200));
  }
}

test.serial('pause and resume; resuming from anything but paused is 400', async (t) => {
  const api = await platform.client('business', 5);
  const id = String(((await createSeries(api, email())).recurring as Obj).schedule_id);
  const paused = await api.call<Body<Series>>('PUT', `/api/invoices/external/recurring/${id}/status`, {
    body: { status: 'paused' },
  });
  t.is(paused.status, 200);
  t.like(paused.body.data, { status: 'paused', paused_reason: null });
  t.is(paused.body.data.occurrences.length, 3);
  t.is(
    (await api.call<Body>('PUT', `/api/invoices/external/recurring/${id}/status`, { body: { status: 'paused' } }))
      .status,
    400,
  );
  const resumed = await api.call<Body<Series>>('PUT', `/api/invoices/external/recurring/${id}/status`, {
    body: { status: 'active' },
  });
  t.like(resumed.body.data, { status: 'active' });
  const again = await api.call<Body>('PUT', `/api/invoices/external/recurring/${id}/status`, {
    body: { status: 'active' },
  });
  t.is(again.status, 400);
  t.is(again.body.error!.name, 'ApplicationError');
});

test.serial('a paused series generates nothing until resumed', async (t) => {
  const api = await platform.client('business', 5);
  const to = email();
  const id = String(((await createSeries(api, to, { recurring_count: 2 })).recurring as Obj).schedule_id);
  const occurrence = (await getSeries(api, id)).occurrences[1]!;
  await api.call('PUT', `/api/invoices/external/recurring/${id}/status`, { body: { status: 'paused' } });
  t.deepEqual(await runScheduler(plusMinute(occurrence.date), api.workspaceId), []);
  await api.call('PUT', `/api/invoices/external/recurring/${id}/status`, { body: { status: 'active' } });
  const runs = await runScheduler(plusMinute(occurrence.date), api.workspaceId);
  t.is(runs[0]!.status, 'sent');
});

test.serial(
  'extend by count and by end_date adds exactly the steps after the last occurrence (meta.added); a completed series becomes active',
  async (t) => {
    const api = await platform.client('business', 10);
    const id = String(((await createSeries(api, email(), { recurring_count: 2 })).recurring as Obj).schedule_id);
    const anchor = day((await getSeries(api, id)).occurrences[0]!.date);
    const byCount = await api.call<Body<Series>>('PUT', `/api/invoices/external/recurring/${id}/extend`, {
      body: { count: 2 },
    });
    t.is(byCount.status, 200);
    t.deepEqual(byCount.body.meta, { added: 2 });
    t.deepEqual(
      byCount.body.data.occurrences.map((o) => day(o.date)),
      [0, 1, 2, 3].map((k) => addMonths(anchor, k)),
    );
    const endDate = addDays(addMonths(anchor, 3), 70);
    const expected = [4, 5, 6].map((k) => addMonths(anchor, k)).filter((d) => d <= endDate);
    const byDate = await api.call<Body<Series>>('PUT', `/api/invoices/external/recurring/${id}/extend`, {
      body: { end_date: endDate },
    });
    t.is(byDate.status, 200, byDate.text);
    t.deepEqual(byDate.body.meta, { added: expected.length });
    t.deepEqual(
      byDate.body.data.occurrences.slice(4).map((o) => day(o.date)),
      expected,
    );
    t.is(day(String(byDate.body.data.end_date)), endDate);

    // Complete a short series, then extend it.
    const short = String(((await createSeries(api, email(), { recurring_count: 2 })).recurring as Obj).schedule_id);
    await runScheduler(plusMinute((await getSeries(api, short)).occurrences[1]!.date), api.workspaceId);
    t.is((await getSeries(api, short)).status, 'completed');
    const reopened = await api.call<Body<Series>>('PUT', `/api/invoices/external/recurring/${short}/extend`, {
      body: { count: 1 },
    });
    t.like(reopened.body.data, { status: 'active', remaining_count: 1 });
  },
);

test.serial(
  'extend with an end_date on or before the last occurrence is 400 and changes nothing; just after it adds none',
  async (t) => {
    const api = await platform.client('business', 10);
    const id = String(((await createSeries(api, email(), { recurring_count: 3 })).recurring as Obj).schedule_id);
    const before = await getSeries(api, id);
    const last = day(before.occurrences[2]!.date);
    for (const endDate of [last, addDays(last, -1), day(before.occurrences[0]!.date)]) {
      const res = await api.call<Body>('PUT', `/api/invoices/external/recurring/${id}/extend`, {
        body: { end_date: endDate },
      });
      t.is(res.status, 400, endDate);
      t.is(res.body.error!.name, 'ValidationError');
      const [error] = res.body.error!.details!.errors as { path: string; message: string }[];
      t.is(error!.path, 'body.end_date');
      t.regex(error!.message, new RegExp(`after the last occurrence.*${last}`));
    }
    t.deepEqual(await getSeries(api, id), before);
    const justAfter = await api.call<Body<Series>>('PUT', `/api/invoices/external/recurring/${id}/extend`, {
      body: { end_date: addDays(last, 1) },
    });
    t.is(justAfter.status, 200, justAfter.text);
    t.deepEqual(justAfter.body.meta, { added: 0 }, 'no monthly step falls on the day after the last');
    t.is(justAfter.body.data.occurrences.length, 3);
  },
);

test.serial(
  'a weekly series with a far recurring_end_date stops at 1000 occurrences; extending it further is 400',
  async (t) => {
    const api = await platform.client('business', 5);
    const res = await api.call<Body>('POST', '/api/invoices/generate-external', {
      body: recurringBody(email(), {
        recurring_interval: 'weekly',
        recurring_count: undefined,
        recurring_end_date: '2099-12-31',
      }),
    });
    t.is(res.status, 200, res.text);
    const recurring = res.body.data.recurring as Obj;
    t.is(recurring.occurrences, 1000);
    const id = String(recurring.schedule_id);
    const series = await getSeries(api, id);
    t.is(series.occurrences.length, 1000);
    t.like(series, { generated_count: 1, remaining_count: 999 });
    const first = day(series.occurrences[0]!.date);
    t.is(day(series.occurrences[999]!.date), addDays(first, 999 * 7));
    for (const body of [{ count: 1 }, { end_date: '2099-12-31' }]) {
      const extended = await api.call<Body>('PUT', `/api/invoices/external/recurring/${id}/extend`, { body });
      t.is(extended.status, 400, JSON.stringify(body));
      t.is(extended.body.error!.name, 'ApplicationError');
      t.regex(extended.body.error!.message, /at most 1000 occurrences; 0 more fit/);
    }
    t.is((await getSeries(api, id)).occurrences.length, 1000);
  },
);

test.serial(
  'generate with is_recurring: 4 invoices without recurring_count; a future recurring_end_date ends the series on time',
  async (t) => {
    const api = await platform.client('business', 5);
    const byDefault = await api.call<Body>('POST', '/api/invoices/generate-external', {
      body: recurringBody(email(), { recurring_count: undefined }),
    });
    t.is(byDefault.status, 200, byDefault.text);
    t.is((byDefault.body.data.recurring as Obj).occurrences, 4);
    const four = await getSeries(api, String((byDefault.body.data.recurring as Obj).schedule_id));
    const anchor = day(four.occurrences[0]!.date);
    t.deepEqual(
      four.occurrences.map((o) => day(o.date)),
      [0, 1, 2, 3].map((k) => addMonths(anchor, k)),
    );
    t.like(four, { remaining_count: 3, end_date: four.occurrences[3]!.date });

    const endDate = addDays(addMonths(anchor, 2), 10);
    const byEnd = await api.call<Body>('POST', '/api/invoices/generate-external', {
      body: recurringBody(email(), { recurring_count: undefined, recurring_end_date: endDate }),
    });
    t.is(byEnd.status, 200, byEnd.text);
    const recurring = byEnd.body.data.recurring as Obj;
    const series = await getSeries(api, String(recurring.schedule_id));
    const start = day(series.occurrences[0]!.date);
    const expected = [0, 1, 2, 3].map((k) => addMonths(start, k)).filter((d) => d <= endDate);
    t.deepEqual(
      series.occurrences.map((o) => day(o.date)),
      expected,
    );
    t.is(recurring.occurrences, expected.length);
    t.is(day(String(recurring.end_date)), endDate);
    t.is(series.end_date, recurring.end_date);
    t.is(recurring.next_issue_date, series.occurrences[1]!.date);
  },
);

test.serial('400 for the invalid bodies of status, extend and frequency (OpenAPI request bodies)', async (t) => {
  const api = await platform.client('business', 5);
  const id = String(((await createSeries(api, email())).recurring as Obj).schedule_id);
  const before = await getSeries(api, id);
  const start = addDays(day(before.occurrences[2]!.date), 30);
  const cases: [string, object | undefined, string][] = [
    ['status', undefined, 'body'],
    ['status', {}, 'body.status'],
    ['status', { status: 'completed' }, 'body.status'],
    ['extend', undefined, 'body'],
    ['extend', {}, 'body'],
    ['extend', { count: 0 }, 'body.count'],
    ['extend', { count: 121 }, 'body.count'],
    ['extend', { end_date: '2099-02-30' }, 'body.end_date'],
    ['extend', { end_date: 'next month' }, 'body.end_date'],
    ['frequency', { frequency: 'weekly', start_date: start }, 'body'],
    ['frequency', { frequency: 'daily', start_date: start, count: 2 }, 'body.frequency'],
    ['frequency', { start_date: start, count: 2 }, 'body.frequency'],
    ['frequency', { frequency: 'weekly', count: 2 }, 'body.start_date'],
    ['frequency', { frequency: 'weekly', start_date: start, count: 0 }, 'body.count'],
    ['frequency', { frequency: 'weekly', start_date: start, count: 121 }, 'body.count'],
    ['frequency', { frequency: 'weekly', start_date: start, end_date: addDays(start, -1) }, 'body.end_date'],
    ['frequency', { frequency: 'weekly', start_date: start, count: 2, end_date: addDays(start, 30) }, 'body.end_date'],
  ];
  for (const [action, body, path] of cases) {
    const res = await api.call<Body>('PUT', `/api/invoices/external/recurring/${id}/${action}`, { body });
    const what = `${action} ${JSON.stringify(body)}`;
    t.is(res.status, 400, what);
    t.is(res.body.error?.name, 'ValidationError', what);
    const paths = (res.body.error?.details?.errors as { path: string }[] | undefined)?.map((e) => e.path) ?? [];
    t.true(paths.includes(path), `${what}: ${paths.join(', ')}`);
  }
  t.deepEqual(await getSeries(api, id), before, 'nothing changed');
});

test.serial(
  'change frequency replaces only the occurrences not generated yet (meta.replaced, meta.added)',
  async (t) => {
    const api = await platform.client('business', 10);
    const id = String(((await createSeries(api, email(), { recurring_count: 4 })).recurring as Obj).schedule_id);
    const s = await getSeries(api, id);
    await runScheduler(plusMinute(s.occurrences[1]!.date), api.workspaceId);
    const start = new Date(Date.parse(s.occurrences[3]!.date) + 30 * 86_400_000).toISOString().slice(0, 10);
    await platform.admin('PUT', '/recurring/clock', { now: plusMinute(s.occurrences[1]!.date) });
    const res = await api.call<Body<Series>>('PUT', `/api/invoices/external/recurring/${id}/frequency`, {
      body: { frequency: 'weekly', start_date: start, count: 3 },
    });
    t.is(res.status, 200, res.text);
    t.deepEqual(res.body.meta, { replaced: 2, added: 3 });
    t.is(res.body.data.frequency, 'weekly');
    const occ = res.body.data.occurrences;
    t.is(occ.length, 5);
    t.deepEqual(
      occ.slice(0, 2).map((o) => o.status),
      ['sent', 'sent'],
      'generated occurrences are kept',
    );
    t.is(occ[2]!.date.slice(0, 10), start);
    t.is((Date.parse(occ[3]!.date) - Date.parse(occ[2]!.date)) / 86_400_000, 7);
  },
);

test.serial('skip removes an upcoming occurrence; a generated one cannot be removed', async (t) => {
  const api = await platform.client('business', 10);
  const id = String(((await createSeries(api, email(), { recurring_count: 3 })).recurring as Obj).schedule_id);
  const s = await getSeries(api, id);
  const target = s.occurrences[2]!.date.slice(0, 10);
  const skipped = await api.call<Body<Series>>('POST', `/api/invoices/external/recurring/${id}/skip`, {
    body: { date: target },
  });
  t.is(skipped.status, 200);
  t.is(skipped.body.data.occurrences.length, 2);
  t.false(skipped.body.data.occurrences.some((o) => o.date.slice(0, 10) === target));
  const generated = await api.call<Body>('POST', `/api/invoices/external/recurring/${id}/skip`, {
    body: { date: s.occurrences[0]!.date.slice(0, 10) },
  });
  t.is(generated.status, 400);
  t.regex(generated.body.error!.message, /already produced an invoice/);
  const none = await api.call<Body>('POST', `/api/invoices/external/recurring/${id}/skip`, {
    body: { date: '2099-01-01' },
  });
  t.is(none.status, 400);
});

test.serial('list recurring: newest first, status filter, page meta, no occurrences', async (t) => {
  const api = await platform.client('business', 10);
  const a = String(((await createSeries(api, email())).recurring as Obj).schedule_id);
  const b = String(((await createSeries(api, email())).recurring as Obj).schedule_id);
  await api.call('PUT', `/api/invoices/external/recurring/${a}/status`, { body: { status: 'paused' } });
  const all = await api.call<Body<Series[]>>('GET', '/api/invoices/external/recurring?pageSize=1');
  t.deepEqual(all.body.meta, { page: 1, pageSize: 1, total: 2 });
  t.is(all.body.data[0]!.id, b);
  t.false('occurrences' in all.body.data[0]!);
  const paused = await api.call<Body<Series[]>>('GET', '/api/invoices/external/recurring?status=paused');
  t.deepEqual(
    paused.body.data.map((s) => s.id),
    [a],
  );
});

test.serial('403 for is_recurring on a plan without recurring invoices; 400 for the recurring rules', async (t) => {
  const pro = await platform.client('professional', 5);
  const res = await pro.call<Body>('POST', '/api/invoices/generate-external', { body: recurringBody(email()) });
  t.is(res.status, 403);
  t.regex(res.body.error!.message, /recurring/);
  t.is((await platform.credits(pro.workspaceId)).credits_remaining, 5);
  const biz = await platform.client('business', 5);
  const past = await biz.call<Body>('POST', '/api/invoices/generate-external', {
    body: recurringBody(email(), { recurring_count: undefined, recurring_end_date: '2020-01-01' }),
  });
  t.is(past.status, 400);
});

test.serial("404 for another workspace's series on every recurring endpoint; 400 for bad bodies", async (t) => {
  const owner = await platform.client('business', 5);
  const other = await platform.client('business', 5);
  const id = String(((await createSeries(owner, email())).recurring as Obj).schedule_id);
  for (const [method, path, body] of [
    ['GET', `/api/invoices/external/recurring/${id}`, undefined],
    ['PUT', `/api/invoices/external/recurring/${id}/status`, { status: 'paused' }],
    ['PUT', `/api/invoices/external/recurring/${id}/extend`, { count: 1 }],
    [
      'PUT',
      `/api/invoices/external/recurring/${id}/frequency`,
      { frequency: 'weekly', start_date: '2099-01-01', count: 2 },
    ],
    ['POST', `/api/invoices/external/recurring/${id}/skip`, { date: '2099-01-01' }],
  ] as const) {
    const res = await other.call<Body>(method, path, { body });
    t.is(res.status, 404, `${method} ${path}`);
  }
  const both = await owner.call<Body>('PUT', `/api/invoices/external/recurring/${id}/extend`, {
    body: { count: 1, end_date: '2099-01-01' },
  });
  t.is(both.status, 400);
  const pastStart = await owner.call<Body>('PUT', `/api/invoices/external/recurring/${id}/frequency`, {
    body: { frequency: 'weekly', start_date: '2020-01-01', count: 2 },
  });
  t.is(pastStart.status, 400);
  t.true(JSON.stringify(pastStart.body.error!.details).includes('start_date'));
});

/** A pass may take a while on a loaded machine; the deadline is not what these tests measure. */
const recurringClient = (addr: string) =>
  createUnaryClient(
    loadService('invoiceplatform/recurring/v1/recurring.proto', 'invoiceplatform.recurring.v1.RecurringService'),
    addr,
    60_000,
  );
/** A replica's test hooks (testhooks/v1): a scheduler pass at a given time. */
const testHooksClient = (addr: string) => createUnaryClient(testHooksService(), addr, 60_000);

test.serial(
  'CreateSeries anchored on 31 January issues on 28/29 February, 31 March, 30 April; the end_date variant stops on time',
  async (t) => {
    const client = recurringClient(platform.recurringAddr);
    try {
      const base = {
        workspace_id: 'WSDATES',
        source_invoice_id: 'inv_dates',
        invoice_number: 'INV-WSDATES-202701-0001',
        frequency: 'monthly',
        anchor_date: '2027-01-31T03:00:00.000Z',
        first_due_date: '2027-02-14',
        customer_name: 'Dates',
        customer_email: 'dates@example.test',
        currency: 'IDR',
        amount: '1000',
        document_language: 'en',
        time_zone: 'Asia/Jakarta',
      };
      await platform.admin('PUT', '/recurring/clock', { now: '2027-01-31T04:00:00Z' });
      const byCount = await client.call<{
        series: { occurrences: { local_date: string; date: string; due_date: string }[] };
      }>('CreateSeries', { ...base, series_id: `rs_count_${platform.runId}`, count: 4 });
      t.deepEqual(
        byCount.series.occurrences.map((o) => o.local_date),
        ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30'],
      );
      t.is(
        byCount.series.occurrences[1]!.date,
        '2027-02-28T03:00:00.000Z',
        'the same local time of day as the first invoice',
      );
      t.is(
        byCount.series.occurrences[1]!.due_date,
        '2027-03-13T17:00:00.000Z',
        '14 days after, start of the day in Jakarta',
      );
      const again = await client.call<{ created: boolean }>('CreateSeries', {
        ...base,
        series_id: `rs_count_${platform.runId}`,
        count: 4,
      });
      t.false(again.created, 'idempotent by series id');
      const byEnd = await client.call<{ series: { occurrences: { local_date: string }[] } }>('CreateSeries', {
        ...base,
        series_id: `rs_end_${platform.runId}`,
        end_date: '2027-04-29',
      });
      t.deepEqual(
        byEnd.series.occurrences.map((o) => o.local_date),
        ['2027-01-31', '2027-02-28', '2027-03-31'],
      );
    } finally {
      client.close();
    }
  },
);

test.serial(
  'two scheduler replicas over one database, a whole series: no duplicate invoice, email or credit',
  async (t) => {
    const secondAddr = await platform.startRecurringReplica();
    const replicas = [testHooksClient(platform.recurringAddr), testHooksClient(secondAddr)];
    try {
      await waitFor('second replica', () => replicas[1]!.healthy(1000), 30_000, 200);
      const api = await platform.client('business', 20);
      const to = email();
      const first = await createSeries(api, to, { recurring_interval: 'weekly', recurring_count: 5 });
      const id = String((first.recurring as Obj).schedule_id);
      const { occurrences } = await getSeries(api, id);
      for (const occurrence of occurrences.slice(1)) {
        const now = plusMinute(occurrence.date);
        await Promise.all(
          replicas.flatMap((r) => [
            r.call('RunSchedulerAt', { now, workspace_id: api.workspaceId }),
            r.call('RunSchedulerAt', { now, workspace_id: api.workspaceId }),
          ]),
        );
      }
      const done = await getSeries(api, id);
      t.is(done.status, 'completed');
      t.is(new Set(done.occurrences.map((o) => o.invoice_id)).size, 5);
      t.is(
        (await api.call<Body<Obj[]>>('GET', '/api/invoices/external?pageSize=100')).body.meta!.total,
        5,
        'five invoices in all',
      );
      t.is((await mail.list(to)).length, 4, 'one email per follow-up');
      t.is((await platform.credits(api.workspaceId)).credits_remaining, 15, 'one credit per invoice');
    } finally {
      for (const r of replicas) r.close();
    }
  },
);

test.serial('every recurring endpoint: 403 without a valid key, 400 for a malformed id', async (t) => {
  const api = await platform.client('business', 1);
  const endpoints: [string, string, object | undefined][] = [
    ['GET', '/api/invoices/external/recurring', undefined],
    ['GET', '/api/invoices/external/recurring/ID', undefined],
    ['PUT', '/api/invoices/external/recurring/ID/status', { status: 'paused' }],
    ['PUT', '/api/invoices/external/recurring/ID/extend', { count: 1 }],
    [
      'PUT',
      '/api/invoices/external/recurring/ID/frequency',
      { frequency: 'weekly', start_date: '2099-01-01', count: 1 },
    ],
    ['POST', '/api/invoices/external/recurring/ID/skip', { date: '2099-01-01' }],
  ];
  for (const [method, path, body] of endpoints) {
    const anonymous = await api.call<Body>(method, path.replace('ID', 'rs_x'), { body, key: null });
    t.is(anonymous.status, 403, `${method} ${path} without a key`);
    t.is(anonymous.body.error!.name, 'ForbiddenError');
    if (path.includes('ID')) {
      const bad = await api.call<Body>(method, path.replace('ID', 'rs.bad'), { body });
      t.is(bad.status, 400, `${method} ${path} with a malformed id`);
      t.true(JSON.stringify(bad.body.error!.details).includes('params.id'));
    }
  }
  const badQuery = await api.call<Body>('GET', '/api/invoices/external/recurring?status=draftish');
  t.is(badQuery.status, 400);
});
