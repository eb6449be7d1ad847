import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { germanSeller } from '../support/e-invoice.ts';
import { createKafka, topics } from '@invoice-platform/common/kafka';
import { createLogger } from '@invoice-platform/common/logger';
import { ensureTopics } from '@invoice-platform/common/topics';
import { MailSink } from '../support/mail.ts';
import { type ApiClient, Platform, repoRoot, sleep } from '../support/platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * A series stays billable (docs/architecture.md#recurring), through the gateway only: an edit that
 * would make its follow-ups fail is a 400 naming the field; a legal-profile change that would is
 * refused unless forced; a follow-up that keeps being refused pauses its series, and its owner is
 * told by email and by recurring.paused to the endpoints that subscribed to it. The recurring service has one clock,
 * which these tests move: they run one at a time.
 */
const platform = new Platform({
  invoices: true,
  recurring: true,
  webhooks: true,
  // Three refusals pause a series (RECURRING_PAUSE_AFTER_REFUSALS; 5 by default).
  recurringEnv: { RECURRING_PAUSE_AFTER_REFUSALS: '3' },
  gatewayEnv: {
    RATE_LIMIT_PLANS: '{"enterprise":100000,"business":100000,"professional":100000}',
    RATE_LIMIT_PER_IP: '100000',
  },
});

const mail = new MailSink();
const receiver = new WebhookReceiver();

test.before(async () => {
  // recurring.v1 is created by the local stack's start (deploy/local/stack.sh) and the chart's setup
  // Job; a stack started before it existed gets it here, as they would make it.
  const log = createLogger('series-billable', 'warn');
  await ensureTopics(
    createKafka('series-billable', process.env.KAFKA_BROKERS ?? '127.0.0.1:9092', log),
    [{ topic: topics.recurring, partitions: 6, replicationFactor: 1 }],
    log,
  );
  await Promise.all([platform.start(), receiver.start()]);
});
test.afterEach.always(async () => {
  await platform.admin('PUT', '/recurring/clock', {});
});
test.after.always(async () => {
  await receiver.stop();
  await platform.stop();
});

type Obj = Record<string, unknown>;
type FieldError = { path: string; message: string };
type Envelope = {
  data: null;
  error: { status: number; name: string; message: string; details?: { errors?: FieldError[] } };
};
type Body<T = Obj> = { data: T };
type Occurrence = { date: string; status: string; invoice_id: string | null };
type Series = Obj & { id: string; status: string; currency: string; amount: number; occurrences: Occurrence[] };
type Pass = { generated: number; failed: number; runs: { status: string; invoice_id?: string; error?: string }[] };

const cli = (...args: string[]) =>
  promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
    { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
  );
const id4 = () => randomBytes(4).toString('hex');
const email = (what: string) => `${what}-${randomBytes(5).toString('hex')}@example.test`;
const secret = (label: string) => `${label}_${randomBytes(12).toString('hex')}`;
const envelope = (body: unknown) => body as Envelope;
const fieldErrors = (body: unknown) =>
  (envelope(body).error.details?.errors ?? []).map((e) => `${e.path} ${e.message}`);

async function createSeries(api: ApiClient, body: Obj): Promise<string> {
  const res = await api.call<Body>('POST', '/api/invoices/generate-external', {
    body: {
      customer_email: email('series'),
      is_recurring: true,
      recurring_interval: 'weekly',
      recurring_count: 4,
      ...body,
    },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return String((res.body.data.recurring as Obj).schedule_id);
}

const series = async (api: ApiClient, id: string) =>
  (await api.call<Body<Series>>('GET', `/api/invoices/external/recurring/${id}`)).body.data;

async function runScheduler(now: string, workspaceId: string): Promise<Pass> {
  const res = await platform.admin<Pass>('POST', '/recurring/run', { now, workspace_id: workspaceId });
  if (res.status !== 200) throw new Error(`scheduler: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const edit = (ws: string, id: string, body: unknown) =>
  platform.admin<Series & { content: Obj }>('PATCH', `/workspaces/${ws}/recurring/${id}`, body);

async function setUp(api: ApiClient, what: 'midtrans' | 'e-invoice'): Promise<void> {
  const res =
    what === 'midtrans'
      ? await platform.admin('POST', `/workspaces/${api.workspaceId}/payment-gateways`, {
          provider: 'midtrans',
          mode: 'sandbox',
          credentials: { server_key: secret('SB-Mid-server'), client_key: secret('SB-Mid-client') },
        })
      : await platform.admin('PUT', `/workspaces/${api.workspaceId}/legal-profile`, germanSeller);
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A German B2B buyer with everything a Factur-X e-invoice needs. */
const buyer = {
  customer_name: 'Beispiel AG',
  customer_tax_id: 'DE987654321',
  customer_address: { line1: 'Hauptstraße 5', city: 'München', postal_code: '80331', country: 'DE' },
  customer_electronic_address: { scheme: '9930', id: 'DE987654321' },
  buyer_reference: '04011000-12345-03',
};

interface EditCase {
  name: string;
  setUp: 'midtrans' | 'e-invoice';
  /** The first invoice of the series. */
  first: Obj;
  edit: Obj;
  /** Each field error the 400 must carry, as `path message`. */
  errors: (string | RegExp)[];
}

const editCases: EditCase[] = [
  {
    name: 'a Midtrans (IDR-only) series edited to USD',
    setUp: 'midtrans',
    first: {
      customer_name: 'PT Maju',
      items: [{ description: 'Retainer', quantity: 1, price: 2500000 }],
      currency: 'IDR',
      payment_gateway: 'midtrans',
    },
    edit: { currency: 'USD' },
    errors: ['series.payment_gateway midtrans takes only IDR; this invoice is in USD'],
  },
  {
    name: 'a Factur-X series edited to KWD',
    setUp: 'e-invoice',
    first: {
      ...buyer,
      items: [{ description: 'Beratung', quantity: 10, price: 120, tax_rate: 19 }],
      currency: 'EUR',
      e_invoice: 'factur-x',
    },
    edit: { currency: 'KWD' },
    errors: [/^body\.currency /],
  },
  {
    name: 'a Factur-X series edited to a category E line without an exemption reason',
    setUp: 'e-invoice',
    first: {
      ...buyer,
      items: [{ description: 'Beratung', quantity: 10, price: 120, tax_rate: 19 }],
      currency: 'EUR',
      e_invoice: 'factur-x',
    },
    edit: { items: [{ description: 'Schulung', quantity: 1, price: 500, tax_rate: 0, tax_category: 'E' }] },
    errors: [/^body\.items\[0\]\.tax_exemption_reason /],
  },
];

for (const c of editCases) {
  test.serial(
    `admin PATCH /workspaces/{ws}/recurring/{id}: ${c.name} is a 400 naming the field; the series and its next follow-up stay as they were`,
    async (t) => {
      const api = await platform.client('business', 20);
      await setUp(api, c.setUp);
      const id = await createSeries(api, c.first);
      const before = await series(api, id);

      const res = await edit(api.workspaceId, id, c.edit);
      t.is(res.status, 400, JSON.stringify(res.body));
      t.is(envelope(res.body).error.name, 'ValidationError');
      const errors = fieldErrors(res.body);
      for (const expected of c.errors)
        t.true(
          errors.some((e) => (typeof expected === 'string' ? e === expected : expected.test(e))),
          `${String(expected)} in ${JSON.stringify(errors)}`,
        );
      t.regex(envelope(res.body).error.message, /follow-up/);

      const after = await series(api, id);
      t.is(after.currency, before.currency);
      t.is(after.amount, before.amount);
      // The next follow-up is still made, from the content as it was.
      const next = before.occurrences.find((o) => o.status === 'pending')!;
      const pass = await runScheduler(new Date(Date.parse(next.date) + 60_000).toISOString(), api.workspaceId);
      t.is(pass.runs.filter((r) => r.status === 'sent').length, 1, JSON.stringify(pass.runs));
    },
  );
}

test.serial(
  "scheduler: a follow-up refused for the workspace's own data pauses its series on the third try, with the reason on the series, and the owner is emailed; resumed after the fix, it bills again",
  async (t) => {
    const owner = email('owner');
    const api = await platform.client('enterprise', 20, { owner_email: owner });
    await setUp(api, 'midtrans');
    // One endpoint subscribed to recurring.paused by name, one registered with the default types.
    const hooks: Record<'optIn' | 'byDefault', string> = { optIn: `paused-${id4()}`, byDefault: `default-${id4()}` };
    for (const [which, eventTypes] of [
      ['optIn', ['recurring.paused']],
      ['byDefault', []],
    ] as const) {
      const res = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/webhook-endpoints`, {
        url: receiver.url(hooks[which]),
        event_types: eventTypes,
      });
      t.is(res.status, 201, JSON.stringify(res.body));
      await receiver.route(hooks[which], { secrets: [res.body.data.signing_secret as string] });
    }
    const id = await createSeries(api, {
      customer_name: 'PT Maju',
      items: [{ description: 'Retainer', quantity: 1, price: 2500000 }],
      currency: 'IDR',
      payment_gateway: 'midtrans',
    });
    // The operator disconnects the provider the series' invoices offer: every follow-up is now a 400.
    t.is((await platform.admin('DELETE', `/workspaces/${api.workspaceId}/payment-gateways/midtrans`)).status, 200);
    const due = Date.parse((await series(api, id)).occurrences[1]!.date);
    const hour = 60 * 60 * 1000;

    const statuses: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const pass = await runScheduler(new Date(due + i * hour).toISOString(), api.workspaceId);
      statuses.push(...pass.runs.map((r) => r.status));
    }
    // Tried three times, then paused: no fourth try.
    t.deepEqual(statuses, ['failed', 'failed', 'paused']);
    const paused = await series(api, id);
    t.is(paused.status, 'paused');
    t.is(paused.paused_reason, 'follow_up_refused');
    t.regex(String(paused.paused_message), /series\.payment_gateway payment gateway midtrans is not connected/);

    // The operator reads the reason with invoicectl.
    const shown = (await cli('series', 'get', api.workspaceId, id)).stdout;
    t.regex(shown, /^status\s+paused$/m);
    t.regex(shown, /^paused_reason\s+follow_up_refused$/m);
    t.regex(shown, /^paused_message\s+series\.payment_gateway payment gateway midtrans is not connected/m);

    const notice = await mail.waitFor((m) => m.subject.includes(id), 20_000, owner);
    t.regex(notice.subject, /paused/);
    t.regex(notice.text, /payment gateway midtrans is not connected/);
    t.regex(notice.text, new RegExp(`PUT /api/invoices/external/recurring/${id}/status`));

    // recurring.paused, signed, to the endpoint that named it: the series as the API shows it.
    const [delivered] = await receiver.waitFor(hooks.optIn, (r) => r.length >= 1);
    t.true(delivered!.accepted, JSON.stringify(delivered!.checks));
    const event = JSON.parse(delivered!.body) as { type: string; object: string; data: { object: Obj } };
    t.is(event.type, 'recurring.paused');
    t.is(event.object, 'event');
    t.like(event.data.object, {
      id,
      status: 'paused',
      paused_reason: 'follow_up_refused',
      paused_message: paused.paused_message,
    });
    // Not to the endpoint registered with the default types (it got the first invoice's invoice.created).
    await receiver.waitFor(hooks.byDefault, (r) => r.length >= 1);
    await sleep(1500);
    t.deepEqual(
      (await receiver.requests(hooks.byDefault)).map((r) => (JSON.parse(r.body) as { type: string }).type),
      ['invoice.created'],
    );

    // Reconnected and resumed: the follow-up is made.
    await setUp(api, 'midtrans');
    const resumed = await api.call<Body<Series>>('PUT', `/api/invoices/external/recurring/${id}/status`, {
      body: { status: 'active' },
    });
    t.is(resumed.status, 200, resumed.text);
    t.is(resumed.body.data.paused_reason, null);
    t.is(resumed.body.data.paused_message, null);
    const pass = await runScheduler(new Date(due + 5 * hour).toISOString(), api.workspaceId);
    t.deepEqual(
      pass.runs.map((r) => r.status),
      ['sent'],
    );
  },
);

const profileChanges: { name: string; method: 'PUT' | 'DELETE'; body?: Obj; errors: RegExp }[] = [
  { name: 'deleting the legal profile', method: 'DELETE', errors: /workspace\.legal_profile/ },
  {
    name: 'thinning the legal profile to a name',
    method: 'PUT',
    body: { legal_name: 'Musterfirma GmbH' },
    errors: /workspace\.legal_profile\.address/,
  },
];

for (const c of profileChanges) {
  test.serial(
    `admin ${c.method} /workspaces/{ws}/legal-profile: ${c.name} is a 400 naming each active e-invoice series it would break, unless forced`,
    async (t) => {
      const api = await platform.client('business', 20);
      await setUp(api, 'e-invoice');
      const eInvoiceSeries = await createSeries(api, {
        ...buyer,
        items: [{ description: 'Beratung', quantity: 10, price: 120, tax_rate: 19 }],
        currency: 'EUR',
        e_invoice: 'factur-x',
      });
      // A series without e-invoice does not read the profile: it is not named.
      await createSeries(api, {
        customer_name: 'PT Maju',
        items: [{ description: 'Retainer', quantity: 1, price: 1 }],
      });
      const target = `/workspaces/${api.workspaceId}/legal-profile`;

      const refused = await platform.admin(c.method, target, c.body);
      t.is(refused.status, 400, JSON.stringify(refused.body));
      const error = envelope(refused.body).error as Envelope['error'] & {
        details?: { series?: { id: string; message: string }[] };
      };
      t.is(error.name, 'ApplicationError');
      t.regex(error.message, new RegExp(eInvoiceSeries));
      t.regex(error.message, /force/);
      t.deepEqual(
        (error.details?.series ?? []).map((s) => s.id),
        [eInvoiceSeries],
      );
      t.regex(error.details!.series![0]!.message, c.errors);
      // The profile in force is unchanged.
      const ws = await platform.admin<{ legal_profile: Obj | null }>('GET', `/workspaces/${api.workspaceId}`);
      t.deepEqual(ws.body.data.legal_profile, germanSeller);

      // A change the series can live with is made as before.
      const harmless = await platform.admin('PUT', target, { ...germanSeller, trading_name: 'Muster' });
      t.is(harmless.status, 200, JSON.stringify(harmless.body));

      if (c.method === 'DELETE') {
        // invoicectl: refused with the series named, then made with --force.
        const refusedCli = await cli('workspace', 'clear-profile', api.workspaceId).then(
          () => '',
          (err: unknown) => String((err as { stderr?: string }).stderr),
        );
        t.regex(refusedCli, new RegExp(`400 ApplicationError: .*${eInvoiceSeries}`));
        const forcedCli = await cli('workspace', 'clear-profile', api.workspaceId, '--force');
        t.regex(forcedCli.stdout, /Cleared the legal profile/);
      } else {
        // Forced: made; the series' follow-ups are then refused (and paused by the scheduler).
        const forced = await platform.admin(c.method, `${target}?force=true`, c.body);
        t.is(forced.status, 200, JSON.stringify(forced.body));
      }
      const after = await platform.admin<{ legal_profile: Obj | null }>('GET', `/workspaces/${api.workspaceId}`);
      t.deepEqual(after.body.data.legal_profile, c.body ?? null);
    },
  );
}

test.serial(
  'admin PATCH /workspaces/{ws}/recurring/{id}: an edit the next follow-up can take is applied; its check used no credit and no number',
  async (t) => {
    const api = await platform.client('business', 20);
    await setUp(api, 'midtrans');
    const id = await createSeries(api, {
      customer_name: 'PT Maju',
      items: [{ description: 'Retainer', quantity: 1, price: 2500000 }],
      currency: 'IDR',
      payment_gateway: 'midtrans',
    });
    const before = await platform.credits(api.workspaceId);
    const res = await edit(api.workspaceId, id, { items: [{ description: 'Retainer', quantity: 2, price: 2500000 }] });
    t.is(res.status, 200, JSON.stringify(res.body));
    t.deepEqual(await platform.credits(api.workspaceId), before);

    const next = (await series(api, id)).occurrences.find((o) => o.status === 'pending')!;
    const pass = await runScheduler(new Date(Date.parse(next.date) + 60_000).toISOString(), api.workspaceId);
    t.is(pass.runs[0]?.status, 'sent', JSON.stringify(pass.runs));
    const followUp = (await api.call<Body>('GET', `/api/invoices/external/${pass.runs[0]!.invoice_id}`)).body.data;
    // The first of its month (the occurrence's), as the check would have taken that one.
    t.regex(String(followUp.invoice_number), /-0001$/, 'no number of the follow-up month used before it');
    t.is(followUp.amount, 5000000);
  },
);
