import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { MailSink } from '../support/mail.ts';
import { type ApiClient, Platform, repoRoot, sleep } from '../support/platform.ts';

/**
 * The dashboard's "edit series" and "delete series" (docs/architecture.md#recurring) through the gateway
 * only: the public API, the admin API and invoicectl. The recurring service has one clock, which
 * these tests move: they run one at a time.
 */
const platform = new Platform({
  invoices: true,
  recurring: true,
  gatewayEnv: {
    RATE_LIMIT_PLANS: '{"enterprise":100000,"business":100000,"professional":100000}',
    RATE_LIMIT_PER_IP: '100000',
  },
});
const mail = new MailSink();
const run = promisify(execFile);

test.before(async () => {
  await platform.start();
});
test.afterEach.always(async () => {
  await platform.admin('PUT', '/recurring/clock', {});
});
test.after.always(() => platform.stop());

type Obj = Record<string, unknown>;
type FieldError = { path: string; message: string };
type Envelope = {
  data: null;
  error: { status: number; name: string; message: string; details?: { errors?: FieldError[] } };
};
type Body<T = Obj> = { data: T; meta?: Record<string, number> };
type Occurrence = { date: string; status: string; invoice_id: string | null };
type Series = Obj & {
  id: string;
  status: string;
  amount: number;
  currency: string;
  customer_name: string;
  customer_email: string;
  remaining_count: number;
  occurrences: Occurrence[];
};
type Pass = { generated: number; failed: number; runs: { status: string; invoice_id?: string; error?: string }[] };
type Deleted = {
  id: string;
  deleted: true;
  deleted_at: string;
  invoices: { id: string; invoice_number: string; date: string }[];
};

const email = (what: string) => `${what}-${randomBytes(5).toString('hex')}@example.test`;
const at = (iso: string, plusMs = 60_000) => new Date(Date.parse(iso) + plusMs).toISOString();

async function createSeries(api: ApiClient, extra: Obj = {}) {
  const to = email('series');
  const res = await api.call<Body>('POST', '/api/invoices/generate-external', {
    body: {
      customer_name: 'PT Lama',
      customer_email: to,
      items: [{ description: 'Retainer', quantity: 1, price: 2500000 }],
      tax_rate: 11,
      notes: 'Old terms',
      is_recurring: true,
      recurring_interval: 'weekly',
      recurring_count: 4,
      ...extra,
    },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return { first: res.body.data, id: String((res.body.data.recurring as Obj).schedule_id), to };
}

const getSeries = (api: ApiClient, id: string) =>
  api.call<Body<Series>>('GET', `/api/invoices/external/recurring/${id}`);
const series = async (api: ApiClient, id: string) => (await getSeries(api, id)).body.data;
const invoice = async (api: ApiClient, id: string) =>
  (await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data;

async function runScheduler(now: string, workspaceId: string): Promise<Pass> {
  const res = await platform.admin<Pass>('POST', '/recurring/run', { now, workspace_id: workspaceId });
  if (res.status !== 200) throw new Error(`scheduler: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const edit = (ws: string, id: string, body: unknown) =>
  platform.admin<Series & { content: Obj }>('PATCH', `/workspaces/${ws}/recurring/${id}`, body);
const remove = (ws: string, id: string) => platform.admin<Deleted>('DELETE', `/workspaces/${ws}/recurring/${id}`);

/** The item rows of the invoice's public page, each as its cells' text. */
async function pageLines(invoiceId: string): Promise<string[][]> {
  const res = await fetch(`${platform.gateway.baseUrl}/p/invoice/${invoiceId}`);
  const html = await res.text();
  const tbody = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...tbody.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
      cell[1]!
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

const envelope = (body: unknown) => body as Envelope;
const fieldErrors = (body: unknown) =>
  (envelope(body).error.details?.errors ?? []).map((e) => `${e.path} ${e.message}`);

test.serial(
  'edit after the first follow-up: the next follow-up carries the new content and amount, earlier invoices are unchanged, the series shows the new figures',
  async (t) => {
    const api = await platform.client('business', 10);
    const { first, id } = await createSeries(api);
    const before = await series(api, id);
    t.like(before, { amount: 2775000, currency: 'IDR', customer_name: 'PT Lama' });

    const pass1 = await runScheduler(at(before.occurrences[1]!.date), api.workspaceId);
    t.is(pass1.runs[0]?.status, 'sent', pass1.runs[0]?.error);
    const firstFollowUpId = pass1.runs[0]!.invoice_id!;
    const earlier = {
      first: await invoice(api, String(first.id)),
      followUp: await invoice(api, firstFollowUpId),
      firstLines: await pageLines(String(first.id)),
      followUpLines: await pageLines(firstFollowUpId),
    };
    t.like(earlier.followUp, { amount: 2775000, customer_name: 'PT Lama', currency: 'IDR' });

    const to = email('edited');
    const content = {
      customer_name: 'PT Baru',
      customer_email: to,
      currency: 'USD',
      tax_rate: 19,
      discount_total: 1.5,
      notes: 'New terms',
      items: [
        { description: 'Retainer v2', quantity: 3, price: 19.99, discount: 0.97, unit: 'month' },
        { description: 'Hosting', quantity: 1, price: 10, tax_rate: 7 },
      ],
    };
    const edited = await edit(api.workspaceId, id, content);
    t.is(edited.status, 200, JSON.stringify(edited.body));
    // 3 × 19.99 − 0.97 = 59.00 and 10.00; 1.50 off shared 1.28 / 0.22; tax 57.72 × 19% + 9.78 × 7% = 11.65
    t.like(edited.body.data, {
      id,
      amount: 79.15,
      currency: 'USD',
      customer_name: 'PT Baru',
      customer_email: to,
      remaining_count: 2,
    });
    t.deepEqual(edited.body.data.content, {
      customer_name: 'PT Baru',
      customer_email: to,
      items: [
        { description: 'Retainer v2', quantity: 3, price: 19.99, discount: 0.97, unit: 'month' },
        { description: 'Hosting', quantity: 1, price: 10, discount: 0, tax_rate: 7 },
      ],
      currency: 'USD',
      tax_rate: 19,
      discount_total: 1.5,
      notes: 'New terms',
      document_language: 'en',
    });

    // The public API reads the new figures, in the series and in the list.
    const read = await series(api, id);
    t.like(read, { amount: 79.15, currency: 'USD', customer_name: 'PT Baru', customer_email: to, status: 'active' });
    t.deepEqual(
      read.occurrences.map((o) => o.invoice_id),
      before.occurrences.map((o, i) => (i === 0 ? String(first.id) : i === 1 ? firstFollowUpId : null)),
    );
    const listed = (await api.call<Body<Series[]>>('GET', '/api/invoices/external/recurring')).body.data;
    t.like(
      listed.find((s) => s.id === id),
      { amount: 79.15, currency: 'USD', customer_name: 'PT Baru' },
    );

    const pass2 = await runScheduler(at(before.occurrences[2]!.date), api.workspaceId);
    t.is(pass2.runs[0]?.status, 'sent', pass2.runs[0]?.error);
    const next = await invoice(api, pass2.runs[0]!.invoice_id!);
    // The invoice service's own arithmetic gives the amount the series showed before it existed.
    t.like(next, {
      amount: 79.15,
      subtotal: 69,
      discount_total: 1.5,
      tax_amount: 11.65,
      tax_rate: 19,
      currency: 'USD',
      customer_name: 'PT Baru',
      customer_email: to,
    });
    t.deepEqual(
      (await pageLines(String(next.id))).map((cells) => cells[0]),
      ['Retainer v2', 'Hosting'],
    );
    t.regex((await pageLines(String(next.id)))[0]![1]!, /^3 month$/);
    const [message] = await mail.list(to);
    t.truthy(message, 'the next follow-up is emailed to the new address');
    t.true(message!.subject.includes(String(next.invoice_number)));

    // What was generated before the edit did not change.
    t.deepEqual(await invoice(api, String(first.id)), earlier.first);
    t.deepEqual(await invoice(api, firstFollowUpId), earlier.followUp);
    t.deepEqual(await pageLines(String(first.id)), earlier.firstLines);
    t.deepEqual(await pageLines(firstFollowUpId), earlier.followUpLines);
    t.deepEqual(
      earlier.followUpLines.map((cells) => cells[0]),
      ['Retainer'],
    );

    // A later edit builds on this one: only the notes change, the amount stays.
    const notes = await edit(api.workspaceId, id, { notes: '' });
    t.is(notes.status, 200);
    t.like(notes.body.data, { amount: 79.15, content: { notes: null, currency: 'USD' } });
  },
);

test.serial(
  'delete with pending and failed occurrences: nothing more is generated, the API answers 404, generated invoices stay; a second delete answers the same',
  async (t) => {
    // Two credits: the first invoice and the first follow-up; the second follow-up fails for want of one.
    const api = await platform.client('business', 2);
    const { first, id } = await createSeries(api);
    const dates = (await series(api, id)).occurrences.map((o) => o.date);
    const made = await runScheduler(at(dates[1]!), api.workspaceId);
    t.is(made.runs[0]?.status, 'sent', made.runs[0]?.error);
    const failed = await runScheduler(at(dates[2]!), api.workspaceId);
    t.is(failed.runs[0]?.status, 'failed');
    t.deepEqual(
      (await series(api, id)).occurrences.map((o) => o.status),
      ['sent', 'sent', 'failed', 'pending'],
    );
    const kept = [await invoice(api, String(first.id)), await invoice(api, made.runs[0]!.invoice_id!)];

    const deleted = await remove(api.workspaceId, id);
    t.is(deleted.status, 200, JSON.stringify(deleted.body));
    t.like(deleted.body.data, { id, deleted: true });
    t.deepEqual(
      deleted.body.data.invoices.map((i) => [i.id, i.invoice_number]),
      kept.map((i) => [i.id, i.invoice_number]),
    );

    // Credits back, the clock well past every date: nothing is generated for it.
    await platform.setCredits(api.workspaceId, 10);
    for (const now of [at(dates[2]!, 3_600_000), at(dates[3]!, 30 * 86_400_000)]) {
      const pass = await runScheduler(now, api.workspaceId);
      t.deepEqual(pass.runs, [], `nothing worked at ${now}`);
    }
    const list = (await api.call<Body<Obj[]>>('GET', '/api/invoices/external')).body;
    t.is(list.meta!.total, 2);
    for (const inv of kept)
      t.deepEqual(await invoice(api, String(inv.id)), inv, 'a generated invoice stays, with its number');
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 10, 'no credit used');

    // 404 everywhere on the public API, and gone from the list.
    const gone = await getSeries(api, id);
    t.is(gone.status, 404);
    t.like(envelope(gone.body), { data: null, error: { status: 404, name: 'NotFoundError' } });
    t.regex(envelope(gone.body).error.message, new RegExp(`Recurring series ${id} does not exist`));
    for (const [method, suffix, body] of [
      ['PUT', 'status', { status: 'paused' }],
      ['PUT', 'extend', { count: 1 }],
      ['PUT', 'frequency', { frequency: 'monthly', start_date: dates[3]!.slice(0, 10), count: 2 }],
      ['POST', 'skip', { date: dates[3]!.slice(0, 10) }],
    ] as const) {
      const res = await api.call(method, `/api/invoices/external/recurring/${id}/${suffix}`, { body });
      t.is(res.status, 404, `${method} ${suffix}: ${res.text}`);
    }
    const series_ = (await api.call<Body<Obj[]>>('GET', '/api/invoices/external/recurring')).body;
    t.deepEqual(series_.data, []);
    t.is(series_.meta!.total, 0);

    // An event about one of its invoices (paid) changes nothing and resurrects nothing.
    const paid = await api.call('PUT', `/api/invoices/external/${kept[1]!.id}/status`, { body: { status: 'paid' } });
    t.is(paid.status, 200);
    await sleep(1500);
    t.is((await getSeries(api, id)).status, 404);

    // Idempotent: the same answer again, and again after the event.
    const again = await remove(api.workspaceId, id);
    t.is(again.status, 200);
    t.deepEqual(again.body, deleted.body);
    // A deleted series cannot be edited.
    const editDeleted = await edit(api.workspaceId, id, { notes: 'x' });
    t.is(editDeleted.status, 404);
    t.is(envelope(editDeleted.body).error.name, 'NotFoundError');
  },
);

test.serial(
  'a delete racing a scheduler pass: every invoice made is one the series recorded before it was deleted, and none comes after',
  async (t) => {
    const api = await platform.client('business', 20);
    const { id } = await createSeries(api, { recurring_count: 5 });
    const dates = (await series(api, id)).occurrences.map((o) => o.date);
    // Three follow-ups due at once; the delete lands somewhere in the middle of the pass.
    const [pass, deleted] = await Promise.all([
      runScheduler(at(dates[3]!), api.workspaceId),
      sleep(300).then(() => remove(api.workspaceId, id)),
    ]);
    t.is(deleted.status, 200, JSON.stringify(deleted.body));
    const generated = pass.runs.filter((r) => r.invoice_id).map((r) => r.invoice_id);
    t.log(`the pass made ${generated.length} of 3 follow-ups before the delete`);
    const recorded = deleted.body.data.invoices.map((i) => i.id);
    t.deepEqual(recorded.slice(1), generated, 'what the pass made before the delete, all recorded');
    t.is(deleted.body.data.invoices.length, 1 + generated.length);
    const after = await runScheduler(at(dates[4]!, 86_400_000), api.workspaceId);
    t.deepEqual(after.runs, []);
    const list = (await api.call<Body<Obj[]>>('GET', '/api/invoices/external')).body;
    t.is(list.meta!.total, recorded.length, 'no invoice beyond those the delete answered with');
    t.deepEqual((await remove(api.workspaceId, id)).body, deleted.body);
  },
);

test.serial('bad input to edit and delete: the error envelope, with a message that says what to fix', async (t) => {
  const api = await platform.client('business', 10);
  const other = await platform.client('business', 10);
  const { id } = await createSeries(api);
  const { id: foreign } = await createSeries(other);
  const ws = api.workspaceId;

  const cases: [string, unknown, number, string, string[]][] = [
    [
      'wrong JSON types',
      { items: 'one', tax_rate: '11', customer_name: 5 },
      400,
      'ValidationError',
      ['body.customer_name must be a string', 'body.items must be an array', 'body.tax_rate must be a number'],
    ],
    [
      'an unknown key',
      { notes: 'x', is_recurring: false },
      400,
      'ValidationError',
      ['body.is_recurring is not allowed'],
    ],
    [
      'an empty object',
      {},
      400,
      'ValidationError',
      [
        'body must set at least one of: customer_name, customer_email, items, currency, tax_rate, discount_total, notes, document_language',
      ],
    ],
    [
      'a bad currency code',
      { currency: 'usd' },
      400,
      'ValidationError',
      ['body.currency must be a 3-letter uppercase currency code'],
    ],
    [
      'a currency without minor units',
      { currency: 'XAU' },
      400,
      'ValidationError',
      ['body.currency must be an ISO 4217 currency code with minor units'],
    ],
    [
      'a discount over the subtotal of the items the series keeps',
      { discount_total: 2500001 },
      400,
      'ValidationError',
      ['body.discount_total must not exceed the subtotal'],
    ],
    [
      'a line discount over its line',
      { items: [{ quantity: 1, price: 5, discount: 6 }] },
      400,
      'ValidationError',
      ['body.items[0].discount must not exceed quantity × price'],
    ],
    [
      'items out of bounds',
      { items: [{ quantity: 0, price: -1 }], customer_email: 'not-an-email' },
      400,
      'ValidationError',
      [
        'body.customer_email must be a valid email address',
        'body.items[0].price must be at least 0',
        'body.items[0].quantity must be at least 0.01',
      ],
    ],
    ['no items', { items: [] }, 400, 'ValidationError', ['body.items must have at least 1 item']],
    [
      'a language not in the list',
      { document_language: 'xx' },
      400,
      'ValidationError',
      ['body.document_language must be one of: en, id, es, fr, de, nl, it, pt, zh, ja, hi, ar'],
    ],
  ];
  for (const [what, body, status, name, errors] of cases) {
    const res = await edit(ws, id, body);
    t.is(res.status, status, what);
    t.like(envelope(res.body), { data: null, error: { status, name } }, what);
    t.deepEqual(fieldErrors(res.body).sort(), [...errors].sort(), what);
  }
  // Nothing of the refused edits reached the series.
  t.like(await series(api, id), { amount: 2775000, currency: 'IDR', customer_name: 'PT Lama' });

  const url = `${platform.gateway.adminUrl}/admin/workspaces/${ws}/recurring/${id}`;
  const headers = { authorization: `Bearer ${platform.adminToken}`, 'content-type': 'application/json' };
  const notJson = await fetch(url, { method: 'PATCH', headers, body: '{"notes": ' });
  t.is(notJson.status, 400);
  t.like(await notJson.json(), {
    data: null,
    error: { name: 'ValidationError', message: 'The request body is not valid JSON.' },
  });
  const noBody = await fetch(url, { method: 'PATCH', headers: { authorization: headers.authorization } });
  t.is(noBody.status, 400);
  t.deepEqual(fieldErrors(await noBody.json()), ['body is required']);

  for (const [method, call] of [
    ['PATCH', (w: string, s: string) => edit(w, s, { notes: 'x' })],
    ['DELETE', remove],
  ] as const) {
    const badId = await call(ws, 'rs bad!');
    t.is(badId.status, 400, method);
    t.deepEqual(fieldErrors(badId.body), ['params.id must be 1 to 64 characters: letters, digits, _ or -'], method);
    const long = await call(ws, `rs_${'x'.repeat(62)}`);
    t.deepEqual(fieldErrors(long.body), ['params.id must be 1 to 64 characters: letters, digits, _ or -'], method);
    for (const [what, w, s] of [
      ['unknown series', ws, 'rs_doesNotExist'],
      ["another workspace's series", ws, foreign],
      ['unknown workspace', 'ws_doesNotExist', id],
    ]) {
      const res = await call(w!, s!);
      t.is(res.status, 404, `${method} ${what}`);
      t.like(envelope(res.body), { data: null, error: { status: 404, name: 'NotFoundError' } }, `${method} ${what}`);
      t.truthy(envelope(res.body).error.message, `${method} ${what}`);
    }
  }
  t.regex(
    envelope((await edit(ws, foreign, { notes: 'x' })).body).error.message,
    new RegExp(`Recurring series ${foreign} does not exist in this workspace`),
  );
  // The other workspace's series is untouched by either.
  t.like(await series(other, foreign), { status: 'active', customer_name: 'PT Lama' });

  // A completed series has nothing left to generate.
  const { id: short } = await createSeries(api, { recurring_count: 2 });
  const pass = await runScheduler(at((await series(api, short)).occurrences[1]!.date), ws);
  t.is(pass.runs[0]?.status, 'sent', pass.runs[0]?.error);
  t.is((await series(api, short)).status, 'completed');
  const done = await edit(ws, short, { notes: 'x' });
  t.is(done.status, 400);
  t.like(envelope(done.body), { data: null, error: { status: 400, name: 'ApplicationError' } });
  t.regex(envelope(done.body).error.message, /completed: no occurrence is left to generate.*Extend the series first/);
});

/** Variant i of a content: every field says i, so a follow-up made of two edits would show it. */
const variant = (i: number) => ({
  customer_name: `PT Varian ${i}`,
  customer_email: `varian-${i}@example.test`,
  items: [{ description: `Varian ${i}`, quantity: i, price: 1000 * i + 1 }],
  tax_rate: i,
  notes: `Catatan ${i}`,
});
/** i × (1000 i + 1) IDR plus i % tax, rounded once. */
const variantAmount: Record<number, number> = { 1: 1011, 2: 4082, 3: 9273, 4: 16644, 5: 26255 };

/** Which variant an invoice is made of, wholly (0: the original content); undefined when it mixes them. */
async function whichVariant(api: ApiClient, invoiceId: string): Promise<number | undefined> {
  const inv = await invoice(api, invoiceId);
  const lines = await pageLines(invoiceId);
  if (inv.customer_name === 'PT Lama')
    return inv.amount === 2775000 && inv.tax_rate === 11 && lines[0]?.[0] === 'Retainer' ? 0 : undefined;
  const i = Number(/^PT Varian (\d)$/.exec(String(inv.customer_name))?.[1]);
  const whole =
    inv.customer_email === `varian-${i}@example.test` &&
    inv.tax_rate === i &&
    inv.amount === variantAmount[i] &&
    lines.length === 1 &&
    lines[0]![0] === `Varian ${i}`;
  return whole ? i : undefined;
}

test.serial(
  'concurrent edits, with a scheduler pass among them: each follow-up and the series are one content wholly, never a mix',
  async (t) => {
    const api = await platform.client('business', 10);
    const { id } = await createSeries(api);
    const dates = (await series(api, id)).occurrences.map((o) => o.date);
    const [pass, ...answers] = await Promise.all([
      runScheduler(at(dates[1]!), api.workspaceId),
      ...[1, 2, 3, 4, 5].map((i) => edit(api.workspaceId, id, variant(i))),
    ]);
    for (const res of answers) t.true(res.status === 200 || res.status === 409, JSON.stringify(res.body));
    const applied = answers.filter((r) => r.status === 200);
    t.log(
      `${applied.length} of 5 edits applied; the pass made ${pass.runs.filter((r) => r.invoice_id).length} follow-up`,
    );
    t.true(applied.length >= 1, 'at least one edit applied');
    for (const res of answers.filter((r) => r.status === 409))
      t.regex(envelope(res.body).error.message, /retry/i, 'a conflict says to retry');
    // Each 200 answered a series that was wholly its own variant at that moment.
    for (const res of applied) {
      const i = Number(/^PT Varian (\d)$/.exec(res.body.data.customer_name)?.[1]);
      t.like(res.body.data, { amount: variantAmount[i], customer_email: `varian-${i}@example.test` });
    }

    const final = await series(api, id);
    const i = Number(/^PT Varian (\d)$/.exec(final.customer_name)?.[1]);
    t.true(i >= 1 && i <= 5, final.customer_name);
    t.like(final, { amount: variantAmount[i], customer_email: `varian-${i}@example.test`, currency: 'IDR' });

    // The follow-up the racing pass made (if it got its occurrence) is the original or one variant, wholly.
    const raced = pass.runs.find((r) => r.invoice_id);
    if (raced) t.not(await whichVariant(api, raced.invoice_id!), undefined, 'the raced follow-up is one content');
    // The next follow-ups are made of the final content.
    const next = await runScheduler(at(dates[2]!), api.workspaceId);
    const made = next.runs.filter((r) => r.invoice_id);
    t.true(made.length >= 1, JSON.stringify(next));
    for (const r of made.filter((m) => m.invoice_id !== raced?.invoice_id))
      t.is(await whichVariant(api, r.invoice_id!), i, 'made of the content the series shows');
  },
);

const cli = (...args: string[]) =>
  run(
    process.execPath,
    [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
    { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
  );
const failure = (err: unknown) => ({
  code: (err as { code?: number }).code,
  stderr: String((err as { stderr?: string }).stderr),
});

test.serial('invoicectl series edit and delete, as a process; a bad file is a clear error', async (t) => {
  const api = await platform.client('business', 10);
  const { id } = await createSeries(api);
  const dir = await mkdtemp(path.join(tmpdir(), 'series-edit-'));
  const file = path.join(dir, 'content.json');
  await writeFile(
    file,
    JSON.stringify({ items: [{ description: 'Support', quantity: 2, price: 500000 }], tax_rate: 0 }),
  );

  const edited = await cli('series', 'edit', api.workspaceId, id, '--file', file);
  t.regex(edited.stdout, new RegExp(`^Edited series ${id}: the follow-ups not generated yet \\(3 left\\)`));
  t.regex(edited.stdout, /^amount\s+1000000 IDR \(tax rate 0, discount 0\)$/m);
  t.regex(edited.stdout, /^Support\s+2\s+500000/m);
  t.like(await series(api, id), { amount: 1000000, currency: 'IDR' });
  const json = JSON.parse((await cli('--json', 'series', 'edit', api.workspaceId, id, '--file', file)).stdout) as Obj;
  t.like(json, { id, amount: 1000000, content: { tax_rate: 0 } });

  const missing = failure(
    await t.throwsAsync(cli('series', 'edit', api.workspaceId, id, '--file', path.join(dir, 'nope.json'))),
  );
  t.is(missing.code, 1);
  t.regex(missing.stderr, /^Cannot read .*nope\.json/);
  const broken = path.join(dir, 'broken.json');
  await writeFile(broken, '{"items": [');
  const notJson = failure(await t.throwsAsync(cli('series', 'edit', api.workspaceId, id, '--file', broken)));
  t.is(notJson.code, 1);
  t.regex(notJson.stderr, /broken\.json is not valid JSON/);
  const noFile = failure(await t.throwsAsync(cli('series', 'edit', api.workspaceId, id)));
  t.regex(noFile.stderr, /--file is required/);
  const bad = path.join(dir, 'bad.json');
  await writeFile(bad, JSON.stringify({ currency: 'usd', colour: 'red' }));
  const refused = failure(await t.throwsAsync(cli('series', 'edit', api.workspaceId, id, '--file', bad)));
  t.is(refused.code, 1);
  t.regex(refused.stderr, /^400 ValidationError: The request has invalid fields\./);
  t.regex(refused.stderr, /body\.currency[\s\S]*must be a 3-letter uppercase currency code/);
  t.regex(refused.stderr, /body\.colour[\s\S]*is not allowed/);
  const noSeries = failure(await t.throwsAsync(cli('series', 'delete', api.workspaceId)));
  t.regex(noSeries.stderr, /Missing SERIES_ID/);

  const deleted = await cli('series', 'delete', api.workspaceId, id);
  t.regex(
    deleted.stdout,
    new RegExp(`^Deleted series ${id} at \\S+: no further follow-ups\\. Its 1 generated invoices stay:`),
  );
  const again = JSON.parse((await cli('--json', 'series', 'delete', api.workspaceId, id)).stdout) as Deleted;
  t.like(again, { id, deleted: true });
  t.is(again.invoices.length, 1);
  const unknown = failure(await t.throwsAsync(cli('series', 'delete', api.workspaceId, 'rs_doesNotExist')));
  t.is(unknown.code, 1);
  t.regex(unknown.stderr, /^404 NotFoundError: Recurring series rs_doesNotExist does not exist in this workspace\./);
  const gone = failure(await t.throwsAsync(cli('series', 'edit', api.workspaceId, id, '--file', file)));
  t.regex(gone.stderr, /^404 NotFoundError/);
});
