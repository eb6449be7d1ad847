import { Agent, type IncomingMessage, request as httpRequest } from 'node:http';
import test from 'ava';
import { type ApiClient, type ApiResponse, Platform, request } from '../support/platform.ts';

// Many requests per test: the operator-configurable limits are raised so only validation is under test.
const platform = new Platform({
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});
let api: ApiClient;

test.before(async () => {
  await platform.start();
  api = await platform.client('enterprise');
});
test.after.always(() => platform.stop());

type ErrorBody = {
  data: null;
  error: { status: number; name: string; message: string; details?: { errors: { path: string; message: string }[] } };
};

const item = { description: 'Design work', quantity: 1, price: 100 };
const base = { customer_name: 'PT Maju', items: [item] };

/** Passing validation means reaching the invoice service, which answers 501 until it exists. */
function passed(t: import('ava').ExecutionContext, res: ApiResponse) {
  t.is(res.status, 501, JSON.stringify(res.body));
}

function refused(t: import('ava').ExecutionContext, res: ApiResponse, path: string) {
  t.is(res.status, 400, JSON.stringify(res.body));
  const body = res.body as ErrorBody;
  t.is(body.error.name, 'ValidationError');
  t.true(
    body.error.details!.errors.some((e) => e.path === path),
    `expected an error at ${path}: ${JSON.stringify(body.error.details)}`,
  );
}

const generate = (body: unknown, headers?: Record<string, string>) =>
  api.call('POST', '/api/invoices/generate-external', { body, headers });

const generateCases: [string, object, string | null][] = [
  ['quantity 0.01', { items: [{ ...item, quantity: 0.01 }] }, null],
  ['quantity 0', { items: [{ ...item, quantity: 0 }] }, 'body.items[0].quantity'],
  ['quantity 999999', { items: [{ ...item, quantity: 999999 }] }, null],
  ['quantity 1000000', { items: [{ ...item, quantity: 1000000 }] }, 'body.items[0].quantity'],
  ['quantity with 2 decimals', { items: [{ ...item, quantity: 2.75 }] }, null],
  ['quantity with 3 decimals', { items: [{ ...item, quantity: 1.005 }] }, 'body.items[0].quantity'],
  ['price 0', { items: [{ ...item, price: 0 }] }, null],
  ['price -0.01', { items: [{ ...item, price: -0.01 }] }, 'body.items[0].price'],
  ['item discount -1', { items: [{ ...item, discount: -1 }] }, 'body.items[0].discount'],
  ['item tax_rate 100', { items: [{ ...item, tax_rate: 100 }] }, null],
  ['item tax_rate 100.01', { items: [{ ...item, tax_rate: 100.01 }] }, 'body.items[0].tax_rate'],
  ['tax_rate 100', { tax_rate: 100 }, null],
  ['tax_rate 100.01', { tax_rate: 100.01 }, 'body.tax_rate'],
  ['tax_rate -1', { tax_rate: -1 }, 'body.tax_rate'],
  ['discount_total -1', { discount_total: -1 }, 'body.discount_total'],
  ['customer_tax_id 40 chars', { customer_tax_id: 'x'.repeat(40) }, null],
  ['customer_tax_id 41 chars', { customer_tax_id: 'x'.repeat(41) }, 'body.customer_tax_id'],
  ['customer_name missing', { customer_name: undefined }, 'body.customer_name'],
  ['customer_name blank', { customer_name: '   ' }, 'body.customer_name'],
  ['items empty', { items: [] }, 'body.items'],
  ['item without quantity', { items: [{ price: 1 }] }, 'body.items[0].quantity'],
  ['second item invalid', { items: [item, { ...item, quantity: -1 }] }, 'body.items[1].quantity'],
  ['customer_email invalid', { customer_email: 'not-an-email' }, 'body.customer_email'],
  ['due_date not a calendar date', { due_date: '2026-02-30' }, 'body.due_date'],
  ['due_date valid', { due_date: '2027-01-31' }, null],
  ['currency lower case', { currency: 'idr' }, 'body.currency'],
  ['unknown field', { colour: 'blue' }, 'body.colour'],
  ['quantity as a string', { items: [{ ...item, quantity: '1' }] }, 'body.items[0].quantity'],
  ['customer_name 200 chars', { customer_name: 'x'.repeat(200) }, null],
  ['customer_name 201 chars', { customer_name: 'x'.repeat(201) }, 'body.customer_name'],
  ['500 items', { items: Array.from({ length: 500 }, () => item) }, null],
  ['501 items', { items: Array.from({ length: 501 }, () => item) }, 'body.items'],
  ['notes 5001 chars', { notes: 'x'.repeat(5001) }, 'body.notes'],
  ['recurring_interval without is_recurring', { recurring_interval: 'monthly' }, 'body.recurring_interval'],
  ['recurring_count with is_recurring false', { is_recurring: false, recurring_count: 3 }, 'body.recurring_count'],
  ['recurring_end_date without is_recurring', { recurring_end_date: '2030-01-01' }, 'body.recurring_end_date'],
  [
    'recurring_count 2',
    { is_recurring: true, recurring_interval: 'monthly', customer_email: 'a@b.co', recurring_count: 2 },
    null,
  ],
  [
    'recurring_count 1',
    { is_recurring: true, recurring_interval: 'monthly', customer_email: 'a@b.co', recurring_count: 1 },
    'body.recurring_count',
  ],
  [
    'recurring_count 121',
    { is_recurring: true, recurring_interval: 'monthly', customer_email: 'a@b.co', recurring_count: 121 },
    null,
  ],
  [
    'recurring_count 122',
    { is_recurring: true, recurring_interval: 'monthly', customer_email: 'a@b.co', recurring_count: 122 },
    'body.recurring_count',
  ],
  ['recurring without interval', { is_recurring: true, customer_email: 'a@b.co' }, 'body.recurring_interval'],
  ['recurring without customer_email', { is_recurring: true, recurring_interval: 'weekly' }, 'body.customer_email'],
  [
    'recurring_interval unknown',
    { is_recurring: true, recurring_interval: 'daily', customer_email: 'a@b.co' },
    'body.recurring_interval',
  ],
  [
    'recurring_count and recurring_end_date together',
    {
      is_recurring: true,
      recurring_interval: 'weekly',
      customer_email: 'a@b.co',
      recurring_count: 3,
      recurring_end_date: '2030-01-01',
    },
    'body.recurring_end_date',
  ],
  ['payment_gateway square', { payment_gateway: 'square' }, 'body.payment_gateway'],
];
for (const language of ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar'])
  generateCases.push([`document_language ${language}`, { document_language: language }, null]);
generateCases.push(['document_language xx', { document_language: 'xx' }, 'body.document_language']);
for (const gateway of ['midtrans', 'xendit', 'stripe', 'paypal', 'razorpay', 'mollie'])
  generateCases.push([`payment_gateway ${gateway}`, { payment_gateway: gateway }, null]);

for (const [title, patch, errorPath] of generateCases) {
  test(`POST generate-external: ${title} ${errorPath ? 'is refused' : 'passes validation'}`, async (t) => {
    const res = await generate({ ...base, ...patch });
    if (errorPath) refused(t, res, errorPath);
    else passed(t, res);
  });
}

test('POST generate-external: missing body is 400', async (t) => {
  refused(t, await api.call('POST', '/api/invoices/generate-external'), 'body');
});

test('POST generate-external: malformed JSON is 400, not 500', async (t) => {
  const res = await api.call('POST', '/api/invoices/generate-external', { rawBody: '{"customer_name": "x", ' });
  t.is(res.status, 400);
  t.is((res.body as ErrorBody).error.name, 'ValidationError');
});

test('POST generate-external: a body over the size limit is a 400 naming body and the maximum, as OpenAPI documents', async (t) => {
  const res = await api.call('POST', '/api/invoices/generate-external', {
    rawBody: JSON.stringify({ ...base, notes: 'x'.repeat(1_100_000) }),
  });
  t.is(res.status, 400);
  const body = res.body as ErrorBody;
  t.is(body.error.name, 'ValidationError');
  t.deepEqual(body.error.details!.errors, [{ path: 'body', message: 'must be at most 1048576 bytes' }]);
  t.regex(body.error.message, /maximum size of 1048576 bytes/);
  const doc = await request<{ paths: Record<string, { post: { responses: Record<string, unknown> } }> }>(
    platform.gateway.baseUrl,
    'GET',
    '/openapi.json',
  );
  t.true('400' in doc.body.paths['/api/invoices/generate-external']!.post.responses);
});

test('POST generate-external: a body without Content-Length is refused once it passes the limit, before it ends', async (t) => {
  const url = new URL('/api/invoices/generate-external', platform.gateway.baseUrl);
  const req = httpRequest(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${api.key}`,
      'x-forwarded-for': api.ip,
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    },
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  // More than the limit, and the request is never ended: only a bounded reader can answer it.
  req.write(`{"notes":"${'x'.repeat(1_100_000)}`);
  const res = await answered;
  const text = await new Promise<string>((resolve) => {
    let data = '';
    res.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
    res.once('end', () => resolve(data));
  });
  req.destroy();
  t.is(res.statusCode, 400);
  t.deepEqual((JSON.parse(text) as ErrorBody).error.details!.errors, [
    { path: 'body', message: 'must be at most 1048576 bytes' },
  ]);
  t.truthy(res.headers['x-ratelimit-limit']);
});

/** Sends on `agent` and reads the whole answer, with the local port the request went out on. */
function sendOn(agent: Agent, method: string, path: string, body?: string) {
  return new Promise<{ status: number; connection: string | undefined; port: number | undefined }>(
    (resolve, reject) => {
      const req = httpRequest(new URL(path, platform.gateway.baseUrl), {
        method,
        agent,
        headers: {
          authorization: `Bearer ${api.key}`,
          'x-forwarded-for': api.ip,
          'content-type': 'application/json',
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      });
      req.once('response', (res) => {
        const port = res.socket.localPort;
        res
          .resume()
          .once('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, port }));
      });
      req.once('error', reject);
      req.end(body);
    },
  );
}

test('a body refused before it is read costs nothing to the next request on the same connection; one past 4 MiB closes it', async (t) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const over = JSON.stringify({ ...base, notes: 'x'.repeat(1_100_000) });
    // Queued together: the second request waits for the first one's connection.
    const [refused, next] = await Promise.all([
      sendOn(agent, 'POST', '/api/invoices/generate-external', over),
      sendOn(agent, 'GET', '/openapi.json'),
    ]);
    t.is(refused.status, 400);
    t.is(refused.connection, 'keep-alive');
    t.is(next.status, 200, 'the request after the refused body is answered');
    t.is(next.port, refused.port, 'on the same connection');

    const huge = JSON.stringify({ ...base, notes: 'x'.repeat(5 * 1_048_576) });
    const [closed, after] = await Promise.all([
      sendOn(agent, 'POST', '/api/invoices/generate-external', huge),
      sendOn(agent, 'GET', '/openapi.json'),
    ]);
    t.is(closed.status, 400);
    t.is(closed.connection, 'close', 'a body too large to read away ends its connection');
    t.is(after.status, 200);
  } finally {
    agent.destroy();
  }
});

test('POST generate-external: JSON nested 20,000 levels deep is a 400 naming body, not a 500', async (t) => {
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  const res = await api.call('POST', '/api/invoices/generate-external', {
    rawBody: `{"customer_name":"x","items":${deep}}`,
  });
  refused(t, res, 'body');
  t.regex((res.body as ErrorBody).error.details!.errors[0]!.message, /more than 32 levels deep/);
});

test('POST generate-external: nesting up to 32 levels passes the depth check (and fails on the schema)', async (t) => {
  const res = await api.call('POST', '/api/invoices/generate-external', {
    rawBody: `{"customer_name":"x","items":[${'['.repeat(30)}${']'.repeat(30)}]}`,
  });
  refused(t, res, 'body.items[0]');
});

test('POST generate-external: a price of 1e308 is a 400 naming the price and its maximum', async (t) => {
  const res = await generate({ customer_name: 'x', items: [{ quantity: 999999, price: 1e308 }] });
  refused(t, res, 'body.items[0].price');
  t.regex(JSON.stringify(res.body), /1000000000000/);
});

test('POST generate-external: money inputs are bounded at 10^12 (price, discount, discount_total)', async (t) => {
  passed(t, await generate({ customer_name: 'x', items: [{ quantity: 1, price: 1e12 }] }));
  refused(t, await generate({ customer_name: 'x', items: [{ quantity: 1, price: 1e12 + 1 }] }), 'body.items[0].price');
  refused(
    t,
    await generate({ customer_name: 'x', items: [{ quantity: 1, price: 1, discount: 1e13 }] }),
    'body.items[0].discount',
  );
  refused(t, await generate({ ...base, discount_total: 1e13 }), 'body.discount_total');
});

test('POST generate-external: non-JSON content type is 400', async (t) => {
  const res = await api.call('POST', '/api/invoices/generate-external', {
    rawBody: 'customer_name=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.is(res.status, 400);
});

for (const [title, key, ok] of [
  ['255 characters', 'k'.repeat(255), true],
  ['256 characters', 'k'.repeat(256), false],
  ['with a space', 'abc def', false],
  ['printable punctuation', 'order-42:retry#1', true],
] as const) {
  test(`POST generate-external: Idempotency-Key ${title}`, async (t) => {
    const res = await generate(base, { 'idempotency-key': key });
    if (ok) passed(t, res);
    else refused(t, res, 'headers.idempotency-key');
  });
}

const listCases: [string, string, string | null][] = [
  ['pageSize 1', 'pageSize=1', null],
  ['pageSize 0', 'pageSize=0', 'query.pageSize'],
  ['pageSize 100', 'pageSize=100', null],
  ['pageSize 101', 'pageSize=101', 'query.pageSize'],
  ['pageSize 1.5', 'pageSize=1.5', 'query.pageSize'],
  ['page 0', 'page=0', 'query.page'],
  ['page 1', 'page=1', null],
  ['status paid', 'status=paid', null],
  ['status draft', 'status=draft', 'query.status'],
  ['an unknown parameter', 'colour=blue', 'query.colour'],
  ['page given twice', 'page=1&page=2', 'query.page'],
];
for (const [title, query, errorPath] of listCases) {
  test(`GET invoices: ${title} ${errorPath ? 'is refused' : 'passes validation'}`, async (t) => {
    const res = await api.call('GET', `/api/invoices/external?${query}`);
    if (errorPath) refused(t, res, errorPath);
    else passed(t, res);
  });
  test(`GET recurring: ${title.replace('status paid', 'status active').replace('status draft', 'status paid')} ${errorPath ? 'is refused' : 'passes validation'}`, async (t) => {
    const q = query.replace('status=paid', 'status=active').replace('status=draft', 'status=paid');
    const res = await api.call('GET', `/api/invoices/external/recurring?${q}`);
    if (errorPath) refused(t, res, errorPath);
    else passed(t, res);
  });
}

test('GET templates and GET invoice ignore a query string (they have no parameters)', async (t) => {
  passed(t, await api.call('GET', '/api/invoices/external/templates?colour=blue'));
  passed(t, await api.call('GET', '/api/invoices/external/inv_1?colour=blue'));
});

for (const [title, id, ok] of [
  ['64 characters', 'a'.repeat(64), true],
  ['65 characters', 'a'.repeat(65), false],
  ['a dot', 'inv.1', false],
  ['underscore and dash', 'inv_A-1', true],
] as const) {
  test(`GET invoice: id with ${title}`, async (t) => {
    const res = await api.call('GET', `/api/invoices/external/${id}`);
    if (ok) passed(t, res);
    else refused(t, res, 'params.id');
  });
}

const bodyCases: [string, string, string, unknown, string | null][] = [
  ['PUT status paid', 'PUT', '/api/invoices/external/inv_1/status', { status: 'paid' }, null],
  ['PUT status refunded', 'PUT', '/api/invoices/external/inv_1/status', { status: 'refunded' }, 'body.status'],
  ['PUT status without body', 'PUT', '/api/invoices/external/inv_1/status', undefined, 'body'],
  ['PUT archive true', 'PUT', '/api/invoices/external/inv_1/archive', { is_archived: true }, null],
  ['PUT archive "yes"', 'PUT', '/api/invoices/external/inv_1/archive', { is_archived: 'yes' }, 'body.is_archived'],
  ['POST pdf without body', 'POST', '/api/invoices/external/inv_1/pdf', undefined, null],
  ['POST pdf force "1"', 'POST', '/api/invoices/external/inv_1/pdf', { force: '1' }, 'body.force'],
  ['PUT recurring status paused', 'PUT', '/api/invoices/external/recurring/rs_1/status', { status: 'paused' }, null],
  [
    'PUT recurring status completed',
    'PUT',
    '/api/invoices/external/recurring/rs_1/status',
    { status: 'completed' },
    'body.status',
  ],
  ['PUT extend count 1', 'PUT', '/api/invoices/external/recurring/rs_1/extend', { count: 1 }, null],
  ['PUT extend count 120', 'PUT', '/api/invoices/external/recurring/rs_1/extend', { count: 120 }, null],
  ['PUT extend count 0', 'PUT', '/api/invoices/external/recurring/rs_1/extend', { count: 0 }, 'body.count'],
  ['PUT extend count 121', 'PUT', '/api/invoices/external/recurring/rs_1/extend', { count: 121 }, 'body.count'],
  ['PUT extend end_date', 'PUT', '/api/invoices/external/recurring/rs_1/extend', { end_date: '2030-01-01' }, null],
  [
    'PUT extend both',
    'PUT',
    '/api/invoices/external/recurring/rs_1/extend',
    { count: 2, end_date: '2030-01-01' },
    'body',
  ],
  ['PUT extend neither', 'PUT', '/api/invoices/external/recurring/rs_1/extend', {}, 'body'],
  [
    'PUT frequency valid',
    'PUT',
    '/api/invoices/external/recurring/rs_1/frequency',
    { frequency: 'weekly', start_date: '2030-01-01', count: 3 },
    null,
  ],
  [
    'PUT frequency without start_date',
    'PUT',
    '/api/invoices/external/recurring/rs_1/frequency',
    { frequency: 'weekly', count: 3 },
    'body.start_date',
  ],
  [
    'PUT frequency with both',
    'PUT',
    '/api/invoices/external/recurring/rs_1/frequency',
    { frequency: 'weekly', start_date: '2030-01-01', count: 3, end_date: '2031-01-01' },
    'body',
  ],
  ['POST skip date', 'POST', '/api/invoices/external/recurring/rs_1/skip', { date: '2030-01-01' }, null],
  ['POST skip bad date', 'POST', '/api/invoices/external/recurring/rs_1/skip', { date: '01/01/2030' }, 'body.date'],
];
for (const [title, method, path, body, errorPath] of bodyCases) {
  test(`${title} ${errorPath ? 'is refused' : 'passes validation'}`, async (t) => {
    const res = await api.call(method, path, { body });
    if (errorPath) {
      t.is(res.status, 400, JSON.stringify(res.body));
      const errors = (res.body as ErrorBody).error.details!.errors;
      t.true(
        errors.some((e) => e.path === errorPath || e.path.startsWith(`${errorPath}.`)),
        JSON.stringify(errors),
      );
    } else passed(t, res);
  });
}

test('validation: one response names every bad field', async (t) => {
  const res = await generate({
    customer_name: '',
    items: [{ quantity: 0, price: -1 }],
    tax_rate: 101,
    document_language: 'xx',
  });
  t.is(res.status, 400);
  const paths = (res.body as ErrorBody).error.details!.errors.map((e) => e.path);
  for (const p of [
    'body.customer_name',
    'body.items[0].quantity',
    'body.items[0].price',
    'body.tax_rate',
    'body.document_language',
  ])
    t.true(paths.includes(p), p);
});
