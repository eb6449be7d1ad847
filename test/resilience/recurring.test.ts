import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { MailSink } from '../support/mail.ts';
import { Platform, repoRoot, waitFor } from '../support/platform.ts';

/** Stops the shared SMTP sink, so it runs alone, after the other test files. */
const run = promisify(execFile);
const stack = (...args: string[]) =>
  run('bash', [path.join(repoRoot, 'deploy/local/stack.sh'), ...args], { timeout: 120_000 });
const platform = new Platform({
  invoices: true,
  recurring: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
  // The maintenance pass that finishes series left pending runs every 2 s instead of every minute.
  invoiceEnv: { OVERDUE_SWEEP_INTERVAL_MS: '2000' },
});
const mail = new MailSink();

test.before(async () => {
  await platform.start();
});
test.after.always(async () => {
  await stack('start', 'smtp').catch(() => undefined);
  await platform.stop();
});

type Obj = Record<string, unknown>;

test.serial(
  'with SMTP down the follow-up fails after its invoice is made; when SMTP returns it is emailed once, never generated twice',
  async (t) => {
    const api = await platform.client('business', 5);
    const to = `smtp-${randomBytes(4).toString('hex')}@example.test`;
    const res = await api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', {
      body: {
        customer_name: 'Mail Outage',
        customer_email: to,
        items: [{ quantity: 1, price: 1000 }],
        is_recurring: true,
        recurring_interval: 'weekly',
        recurring_count: 2,
      },
    });
    const id = String((res.body.data.recurring as Obj).schedule_id);
    const series = (
      await api.call<{ data: { occurrences: { date: string }[] } }>('GET', `/api/invoices/external/recurring/${id}`)
    ).body.data;
    const due = new Date(new Date(series.occurrences[1]!.date).getTime() + 60_000).toISOString();

    await stack('stop', 'smtp');
    const failed = await platform.admin<{ runs: { status: string; invoice_id?: string; error?: string }[] }>(
      'POST',
      '/recurring/run',
      { now: due, workspace_id: api.workspaceId },
    );
    t.is(failed.body.data.runs[0]!.status, 'failed');
    const invoiceId = failed.body.data.runs[0]!.invoice_id;
    t.truthy(invoiceId, 'the invoice was made before the email failed');
    await stack('start', 'smtp');

    const later = new Date(new Date(due).getTime() + 10 * 60_000).toISOString();
    const retried = await platform.admin<{ runs: { status: string; invoice_id?: string; error?: string }[] }>(
      'POST',
      '/recurring/run',
      { now: later, workspace_id: api.workspaceId },
    );
    t.is(retried.body.data.runs[0]!.status, 'sent', retried.body.data.runs[0]!.error);
    t.is(retried.body.data.runs[0]!.invoice_id, invoiceId, 'the same invoice');
    t.is((await api.call<{ meta: { total: number } }>('GET', '/api/invoices/external')).body.meta.total, 2);
    t.is((await mail.list(to)).length, 1);
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 3);
  },
);

test.serial(
  'with the recurring service down a recurring generate still makes its one invoice; the series follows, once, under the id fixed at generate',
  async (t) => {
    const api = await platform.client('business', 5);
    const body = {
      customer_name: 'Series Later',
      customer_email: `later-${randomBytes(4).toString('hex')}@example.test`,
      items: [{ quantity: 1, price: 1000 }],
      is_recurring: true,
      recurring_interval: 'monthly',
      recurring_count: 3,
    };
    const headers = { 'Idempotency-Key': `series-later-${randomBytes(4).toString('hex')}` };
    const generate = () => api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', { body, headers });

    const [recurring] = platform.recurringProcesses;
    await recurring!.stop('SIGKILL');
    const first = await generate();
    t.is(first.status, 200, first.text);
    t.true(first.body.data.is_recurring);
    t.false('recurring' in first.body.data, 'no series was created yet, so no recurring block');
    t.is((await api.call<{ meta: { total: number } }>('GET', '/api/invoices/external')).body.meta.total, 1);
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4, 'the invoice kept its credit');

    await platform.restart('recurring');
    const series = await waitFor(
      'the series created by the maintenance pass',
      async () => {
        const res = await api.call<{ data: Obj[] }>('GET', '/api/invoices/external/recurring');
        return res.status === 200 && res.body.data.length > 0 ? res.body.data : undefined;
      },
      60_000,
    );
    t.is(series.length, 1);
    t.is(series[0]!.invoice_number, first.body.data.invoice_number);

    const got = await api.call<{ data: Obj }>('GET', `/api/invoices/external/recurring/${String(series[0]!.id)}`);
    t.is((got.body.data.occurrences as Obj[]).length, 3);
    t.is((got.body.data.occurrences as Obj[])[0]!.invoice_id, first.body.data.id);

    const replay = await generate();
    t.is(replay.status, 200);
    t.is(replay.headers.get('idempotent-replayed'), 'true');
    t.is(replay.text, first.text, 'a replay is the first response, byte for byte');
    t.is((await api.call<{ meta: { total: number } }>('GET', '/api/invoices/external')).body.meta.total, 1);
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
  },
);
