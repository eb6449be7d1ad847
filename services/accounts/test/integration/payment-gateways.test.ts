import { Writable } from 'node:stream';
import { AppError } from '@invoice-platform/common/errors';
import { createLogger } from '@invoice-platform/common/logger';
import { newKeyring, SecretBoxError } from '@invoice-platform/common/secret-box';
import test, { type ExecutionContext } from 'ava';
import { call, handlersOver, openTestDatabase } from './helpers.ts';

// Payment gateway connections on the real MongoDB-wire server: credentials go in, are sealed on
// disk, come out only through GetPaymentGatewayCredentials, and decide what generate may use.

let db: Awaited<ReturnType<typeof openTestDatabase>>;
const keyring = newKeyring('k1');
/** Handlers sealing with `keyring`, on a clock the tests move. */
let clock = new Date('2026-01-05T08:00:00.000Z');
let handlers: Record<string, unknown>;

test.before(async () => {
  db = await openTestDatabase('accounts_gateways');
  handlers = handlersOver(db.models, keyring, { now: () => clock }).handlers;
});
test.after.always(async () => {
  await db?.drop();
});

interface Gateway {
  id: string;
  workspace_id: string;
  provider: string;
  mode: string;
  credential_fields: string[];
  connected_at: string;
  updated_at: string;
}
interface Opened {
  provider: string;
  mode: string;
  credentials: Record<string, string>;
}
interface Setup {
  gateway_errors: string[];
  account_errors: string[];
}

/** Values no test shares, so finding one anywhere means it leaked from this test. */
let counter = 0;
const secret = (label: string) => `${label}_${process.pid}_${++counter}_${Math.random().toString(36).slice(2)}`;
const stripeCredentials = () => ({ secret_key: secret('sk_test'), webhook_secret: secret('whsec') });

const newWorkspace = async () =>
  (await call<{ id: string }>(handlers, 'CreateWorkspace', { name: 'Pay Co', plan: 'business', time_zone: 'UTC' })).id;
/** A connect naming `mode` (sandbox unless given): a connection's mode is always named. */
const connect = (workspaceId: string, provider: string, credentials: Record<string, string>, mode = 'sandbox') =>
  call<Gateway>(handlers, 'ConnectPaymentGateway', { workspace_id: workspaceId, provider, mode, credentials });
const open = (workspaceId: string, provider: string, over = handlers) =>
  call<Opened>(over, 'GetPaymentGatewayCredentials', { workspace_id: workspaceId, provider });
const list = async (workspaceId: string) =>
  (await call<{ gateways: Gateway[] }>(handlers, 'ListPaymentGateways', { workspace_id: workspaceId })).gateways;
const check = (workspaceId: string, req: { payment_gateway?: string; payment_account?: string; currency?: string }) =>
  call<Setup>(handlers, 'CheckPaymentSetup', { workspace_id: workspaceId, ...req });
/** Every stored connection, as raw JSON text read past the store. */
const onDisk = async () => JSON.stringify(await db.conn.db!.collection('payment_gateways').find({}).toArray());
const storedDoc = (workspaceId: string, provider: string) =>
  db.conn.db!.collection('payment_gateways').findOne({ _id: `pgw_${workspaceId}_${provider}` as never });

/** The AppError `promise` rejects with (the assertion fails when it resolves or throws anything else). */
async function refusal(t: ExecutionContext, promise: Promise<unknown>): Promise<AppError> {
  return (await t.throwsAsync(promise, { instanceOf: AppError })) as AppError;
}
const fieldErrors = (err: AppError) => (err.details as { errors: { path: string; message: string }[] }).errors;

test.serial('connect: the response names the fields set, never a value, and the mode named', async (t) => {
  const ws = await newWorkspace();
  const credentials = stripeCredentials();
  const gateway = await connect(ws, 'stripe', credentials);
  t.like(gateway, {
    id: `pgw_${ws}_stripe`,
    workspace_id: ws,
    provider: 'stripe',
    mode: 'sandbox',
    credential_fields: ['secret_key', 'webhook_secret'],
    connected_at: clock.toISOString(),
    updated_at: clock.toISOString(),
  });
  const text = JSON.stringify(gateway);
  for (const value of Object.values(credentials)) t.false(text.includes(value));
});

test.serial('connect: the stored document holds the credentials sealed, no value in the clear', async (t) => {
  const ws = await newWorkspace();
  const credentials = { key_id: secret('rzp_test'), key_secret: secret('ks'), webhook_secret: secret('wh') };
  await connect(ws, 'razorpay', credentials, 'live');
  const disk = await onDisk();
  for (const value of Object.values(credentials)) t.false(disk.includes(value), 'no credential on disk');
  const stored = (await storedDoc(ws, 'razorpay'))!;
  t.regex(String(stored.credentials), /^sealed:v2:k1:[\w-]+:[\w-]+:[\w-]+$/);
  t.deepEqual(stored.credential_fields, ['key_id', 'key_secret', 'webhook_secret']);
  t.is(stored.mode, 'live');
});

test.serial('GetPaymentGatewayCredentials opens them, trimmed; absent for another workspace', async (t) => {
  const ws = await newWorkspace();
  const other = await newWorkspace();
  const serverKey = secret('SB-Mid-server');
  await connect(ws, 'midtrans', { server_key: `  ${serverKey}\n` });
  t.deepEqual(await open(ws, 'midtrans'), {
    provider: 'midtrans',
    mode: 'sandbox',
    credentials: { server_key: serverKey },
  });
  const err = await refusal(t, open(other, 'midtrans'));
  t.is(err.kind, 'not_found');
  t.is((await refusal(t, open(ws, 'stripe'))).kind, 'not_found', 'a provider never connected');
  t.is((await refusal(t, open(ws, 'square'))).kind, 'validation', 'an unknown provider');
});

test.serial('connect again replaces the credentials and the mode in the same connection', async (t) => {
  const ws = await newWorkspace();
  const first = stripeCredentials();
  const connectedAt = clock.toISOString();
  await connect(ws, 'stripe', first, 'live');
  clock = new Date(clock.getTime() + 60_000);
  const second = stripeCredentials();
  const replaced = await connect(ws, 'stripe', second, 'live');
  t.like(replaced, {
    id: `pgw_${ws}_stripe`,
    mode: 'live',
    connected_at: connectedAt,
    updated_at: clock.toISOString(),
  });
  t.deepEqual((await open(ws, 'stripe')).credentials, second);
  const disk = await onDisk();
  for (const value of [...Object.values(first), ...Object.values(second)]) t.false(disk.includes(value));
  t.is((await list(ws)).length, 1, 'still one connection');

  const toSandbox = await connect(ws, 'stripe', stripeCredentials(), 'sandbox');
  t.is(toSandbox.mode, 'sandbox');
  t.is((await open(ws, 'stripe')).mode, 'sandbox');
});

test.serial('parallel first connections of one provider leave one connection holding one of them', async (t) => {
  const ws = await newWorkspace();
  const all = Array.from({ length: 6 }, () => stripeCredentials());
  const results = await Promise.allSettled(all.map((c) => connect(ws, 'stripe', c)));
  t.deepEqual(
    results.map((r) => r.status),
    all.map(() => 'fulfilled'),
    String(results.find((r) => r.status === 'rejected')?.reason),
  );
  t.is((await list(ws)).length, 1);
  const opened = (await open(ws, 'stripe')).credentials;
  t.true(all.some((c) => c.secret_key === opened.secret_key && c.webhook_secret === opened.webhook_secret));
});

test.serial('list: provider, mode, times and field names only, oldest connection first', async (t) => {
  const ws = await newWorkspace();
  const xendit = { secret_key: secret('xnd_development'), callback_token: secret('cb') };
  await connect(ws, 'xendit', xendit);
  clock = new Date(clock.getTime() + 1000);
  const mollie = { api_key: secret('test') };
  await connect(ws, 'mollie', mollie, 'live');
  const gateways = await list(ws);
  t.deepEqual(
    gateways.map((g) => [g.provider, g.mode, g.credential_fields]),
    [
      ['xendit', 'sandbox', ['secret_key', 'callback_token']],
      ['mollie', 'live', ['api_key']],
    ],
  );
  for (const g of gateways)
    t.deepEqual(Object.keys(g).sort(), [
      'connected_at',
      'credential_fields',
      'id',
      'mode',
      'provider',
      'updated_at',
      'workspace_id',
    ]);
  const text = JSON.stringify(gateways);
  for (const value of [...Object.values(xendit), ...Object.values(mollie)]) t.false(text.includes(value));
});

test.serial('disconnect deletes the connection and its sealed credentials; a second one is 404', async (t) => {
  const ws = await newWorkspace();
  const credentials = { client_id: secret('cid'), client_secret: secret('cs'), webhook_id: secret('wh') };
  await connect(ws, 'paypal', credentials);
  const gone = await call<Gateway>(handlers, 'DisconnectPaymentGateway', { workspace_id: ws, provider: 'paypal' });
  t.like(gone, { provider: 'paypal', credential_fields: ['client_id', 'client_secret', 'webhook_id'] });
  t.deepEqual(await list(ws), []);
  t.is(await storedDoc(ws, 'paypal'), null);
  t.is((await refusal(t, open(ws, 'paypal'))).kind, 'not_found');
  t.deepEqual((await check(ws, { payment_gateway: 'paypal', currency: 'USD' })).gateway_errors, [
    'payment gateway paypal is not connected in this workspace',
  ]);
  const again = await refusal(t, call(handlers, 'DisconnectPaymentGateway', { workspace_id: ws, provider: 'paypal' }));
  t.is(again.kind, 'not_found');
  t.regex(again.message, /paypal is not connected/);

  await connect(ws, 'paypal', credentials);
  t.deepEqual((await check(ws, { payment_gateway: 'paypal', currency: 'USD' })).gateway_errors, [], 'reconnected');
});

test.serial('disconnect: an unknown provider is a ValidationError, an unknown workspace 404', async (t) => {
  const ws = await newWorkspace();
  const bad = await refusal(t, call(handlers, 'DisconnectPaymentGateway', { workspace_id: ws, provider: 'square' }));
  t.is(bad.kind, 'validation');
  t.deepEqual(
    fieldErrors(bad).map((e) => e.path),
    ['provider'],
  );
  const none = await refusal(
    t,
    call(handlers, 'DisconnectPaymentGateway', { workspace_id: 'NOPE0000', provider: 'stripe' }),
  );
  t.is(none.kind, 'not_found');
});

const refusedConnections: [string, string, Record<string, string>, string | undefined, string[]][] = [
  ['a missing required field', 'stripe', { secret_key: 'sk_test_abc' }, undefined, ['credentials.webhook_secret']],
  [
    'no credentials at all',
    'paypal',
    {},
    undefined,
    ['credentials.client_id', 'credentials.client_secret', 'credentials.webhook_id'],
  ],
  ['an empty field', 'mollie', { api_key: '   ' }, undefined, ['credentials.api_key']],
  [
    'an empty optional field',
    'midtrans',
    { server_key: 'SB-Mid-server-x', client_key: '' },
    undefined,
    ['credentials.client_key'],
  ],
  [
    'an unknown field beside a missing one',
    'xendit',
    { secret_key: 'xnd_development_x', webhook_secret: 'oops' },
    undefined,
    ['credentials.callback_token', 'credentials.webhook_secret'],
  ],
  ['a value too long', 'mollie', { api_key: 'k'.repeat(4097) }, undefined, ['credentials.api_key']],
  ['an unknown mode', 'mollie', { api_key: 'test_abc' }, 'production', ['mode']],
  ['an unknown provider', 'square', { api_key: 'sq0' }, undefined, ['provider']],
];
for (const [what, provider, credentials, mode, paths] of refusedConnections) {
  test.serial(`connect: ${what} is a ValidationError naming each field, and nothing is stored`, async (t) => {
    const ws = await newWorkspace();
    const err = await refusal(t, connect(ws, provider, credentials, mode));
    t.is(err.kind, 'validation');
    t.deepEqual(
      fieldErrors(err)
        .map((e) => e.path)
        .sort(),
      paths,
    );
    const text = JSON.stringify({ message: err.message, details: err.details });
    for (const value of Object.values(credentials)) if (value.trim()) t.false(text.includes(value), 'no value echoed');
    t.deepEqual(await list(ws), []);
  });
}

test.serial(
  'connect without a mode is a ValidationError naming mode, a replacement too, and nothing is stored',
  async (t) => {
    const ws = await newWorkspace();
    const credentials = stripeCredentials();
    const first = await refusal(
      t,
      call(handlers, 'ConnectPaymentGateway', { workspace_id: ws, provider: 'stripe', credentials }),
    );
    t.is(first.kind, 'validation');
    t.deepEqual(fieldErrors(first), [{ path: 'mode', message: 'is required: sandbox or live' }]);
    t.deepEqual(await list(ws), []);

    await connect(ws, 'stripe', credentials, 'live');
    const replacement = await refusal(
      t,
      call(handlers, 'ConnectPaymentGateway', {
        workspace_id: ws,
        provider: 'stripe',
        credentials: stripeCredentials(),
      }),
    );
    t.deepEqual(
      fieldErrors(replacement).map((e) => e.path),
      ['mode'],
    );
    t.deepEqual((await open(ws, 'stripe')).credentials, credentials, 'the connection is as it was');
  },
);

test.serial('connect under NODE_ENV=production: sandbox only in a test workspace, live in any', async (t) => {
  const production = handlersOver(db.models, keyring, { now: () => clock, production: true }).handlers;
  const live = await newWorkspace();
  const refused = await refusal(
    t,
    call(production, 'ConnectPaymentGateway', {
      workspace_id: live,
      provider: 'stripe',
      mode: 'sandbox',
      credentials: stripeCredentials(),
    }),
  );
  t.is(refused.kind, 'application', 'FAILED_PRECONDITION');
  t.regex(refused.message, /mode/);
  t.regex(refused.message, /not a test workspace/);
  t.deepEqual(await list(live), []);
  const liveConnection = await call<Gateway>(production, 'ConnectPaymentGateway', {
    workspace_id: live,
    provider: 'stripe',
    mode: 'live',
    credentials: stripeCredentials(),
  });
  t.is(liveConnection.mode, 'live');

  const testWs = (
    await call<{ id: string; test_mode: boolean }>(production, 'CreateWorkspace', {
      name: 'Test Co',
      plan: 'business',
      test_mode: true,
    })
  ).id;
  const sandbox = await call<Gateway>(production, 'ConnectPaymentGateway', {
    workspace_id: testWs,
    provider: 'mollie',
    mode: 'sandbox',
    credentials: { api_key: 'test_abc' },
  });
  t.is(sandbox.mode, 'sandbox');

  // Unmarked by the operator, the workspace takes no new sandbox connection.
  const unmarked = await call<{ test_mode: boolean }>(production, 'SetWorkspaceTestMode', {
    workspace_id: testWs,
    test_mode: false,
  });
  t.false(unmarked.test_mode);
  const again = await refusal(
    t,
    call(production, 'ConnectPaymentGateway', {
      workspace_id: testWs,
      provider: 'mollie',
      mode: 'sandbox',
      credentials: { api_key: 'test_def' },
    }),
  );
  t.is(again.kind, 'application');
  t.deepEqual((await open(testWs, 'mollie')).credentials, { api_key: 'test_abc' });
});

test.serial('a workspace is live unless the operator marks it a test workspace', async (t) => {
  const ws = await call<{ id: string; test_mode: boolean }>(handlers, 'CreateWorkspace', { name: 'Live Co' });
  t.false(ws.test_mode);
  const marked = await call<{ test_mode: boolean; version: string }>(handlers, 'SetWorkspaceTestMode', {
    workspace_id: ws.id,
    test_mode: true,
  });
  t.true(marked.test_mode);
  t.true((await call<{ test_mode: boolean }>(handlers, 'GetWorkspace', { workspace_id: ws.id })).test_mode);
});

test.serial('a stored connection from before modes were named is read as sandbox', async (t) => {
  const ws = await newWorkspace();
  await connect(ws, 'mollie', { api_key: 'test_old' }, 'live');
  await db.conn
    .db!.collection('payment_gateways')
    .updateOne({ _id: `pgw_${ws}_mollie` as never }, { $unset: { mode: '' } });
  t.is((await open(ws, 'mollie')).mode, 'sandbox');
  t.is((await list(ws))[0]!.mode, 'sandbox');
});

test.serial('connect: an unknown field whose name looks like a pasted secret is not repeated', async (t) => {
  const ws = await newWorkspace();
  const pasted = `sk_live_${'x'.repeat(80)}`;
  const err = await refusal(t, connect(ws, 'mollie', { api_key: 'test_abc', [pasted]: '' }));
  t.deepEqual(
    fieldErrors(err).map((e) => e.path),
    ['credentials'],
  );
  t.false(JSON.stringify(err.details).includes(pasted));
});

test.serial('connect: an unknown workspace is 404', async (t) => {
  t.is((await refusal(t, connect('NOPE0000', 'mollie', { api_key: 'test_abc' }))).kind, 'not_found');
});

test.serial(
  'a key ring without the sealing key fails loudly, naming the key; after a rotation both open',
  async (t) => {
    const ws = await newWorkspace();
    const credentials = { api_key: secret('live') };
    await connect(ws, 'mollie', credentials);

    const stranger = handlersOver(db.models, newKeyring('k9')).handlers;
    const missing = await t.throwsAsync(open(ws, 'mollie', stranger));
    t.true(missing instanceof SecretBoxError, String(missing));
    t.regex(missing!.message, /no key "k1" in ACCOUNTS_SECRET_KEYS/);
    t.false(missing!.message.includes(credentials.api_key));

    // Same key id, other key bytes: refused, never opened to garbage.
    const impostor = handlersOver(db.models, newKeyring('k1')).handlers;
    const wrong = await t.throwsAsync(open(ws, 'mollie', impostor));
    t.true(wrong instanceof SecretBoxError);
    t.regex(wrong!.message, /does not open with key "k1"/);

    const rotated = handlersOver(db.models, `${newKeyring('k2')},${keyring}`, { now: () => clock }).handlers;
    t.deepEqual((await open(ws, 'mollie', rotated)).credentials, credentials);
    await call(rotated, 'ConnectPaymentGateway', {
      workspace_id: ws,
      provider: 'mollie',
      mode: 'sandbox',
      credentials,
    });
    t.regex(String((await storedDoc(ws, 'mollie'))!.credentials), /^sealed:v2:k2:/, 're-sealed with the new first key');
    t.deepEqual((await open(ws, 'mollie', rotated)).credentials, credentials);
  },
);

test.serial('CheckPaymentSetup: a connected gateway, its currency and an existing account pass', async (t) => {
  const ws = await newWorkspace();
  await connect(ws, 'midtrans', { server_key: secret('SB-Mid-server') });
  const account = await call<{ id: string }>(handlers, 'CreatePaymentAccount', {
    workspace_id: ws,
    label: 'BCA',
    bank_name: 'BCA',
    account_name: 'PT Maju',
    account_number: '123',
  });
  t.deepEqual(await check(ws, { payment_gateway: 'midtrans', payment_account: account.id, currency: 'IDR' }), {
    gateway_errors: [],
    account_errors: [],
  });
  t.deepEqual(await check(ws, {}), { gateway_errors: [], account_errors: [] });
});

test.serial(
  'CheckPaymentSetup: a currency the provider cannot take is refused with both currencies named',
  async (t) => {
    const ws = await newWorkspace();
    await connect(ws, 'midtrans', { server_key: secret('SB-Mid-server') });
    await connect(ws, 'xendit', { secret_key: secret('xnd'), callback_token: secret('cb') });
    t.deepEqual((await check(ws, { payment_gateway: 'midtrans', currency: 'USD' })).gateway_errors, [
      'midtrans takes only IDR; this invoice is in USD',
    ]);
    t.deepEqual((await check(ws, { payment_gateway: 'xendit', currency: 'EUR' })).gateway_errors, [
      'xendit takes only IDR, PHP, THB, VND or MYR; this invoice is in EUR',
    ]);
    t.deepEqual((await check(ws, { payment_gateway: 'xendit', currency: 'PHP' })).gateway_errors, []);
  },
);

test.serial('CheckPaymentSetup: not connected, another workspace’s gateway, an unknown account', async (t) => {
  const ws = await newWorkspace();
  const other = await newWorkspace();
  await connect(other, 'stripe', stripeCredentials());
  const otherAccount = await call<{ id: string }>(handlers, 'CreatePaymentAccount', {
    workspace_id: other,
    label: 'x',
  });
  t.deepEqual(await check(ws, { payment_gateway: 'stripe', payment_account: otherAccount.id, currency: 'USD' }), {
    gateway_errors: ['payment gateway stripe is not connected in this workspace'],
    account_errors: [`payment account ${otherAccount.id} does not exist in this workspace`],
  });
  t.deepEqual((await check(ws, { payment_gateway: 'midtrans', currency: 'USD' })).gateway_errors, [
    'payment gateway midtrans is not connected in this workspace',
    'midtrans takes only IDR; this invoice is in USD',
  ]);
});

test.serial(
  'a record from before connections took credentials counts as not connected until connected again',
  async (t) => {
    const ws = await newWorkspace();
    await db.conn.db!.collection('payment_gateways').insertOne({
      _id: `pgw_${ws}_xendit` as never,
      workspace_id: ws,
      provider: 'xendit',
      connected_at: new Date('2025-06-01T00:00:00.000Z'),
    });
    t.deepEqual(
      (await list(ws)).map((g) => [g.provider, g.credential_fields]),
      [['xendit', []]],
    );
    t.deepEqual((await check(ws, { payment_gateway: 'xendit', currency: 'IDR' })).gateway_errors, [
      'payment gateway xendit has no credentials in this workspace; connect it again',
    ]);
    t.is((await refusal(t, open(ws, 'xendit'))).kind, 'not_found');
    const credentials = { secret_key: secret('xnd'), callback_token: secret('cb') };
    const connected = await connect(ws, 'xendit', credentials);
    t.is(connected.connected_at, '2025-06-01T00:00:00.000Z');
    t.deepEqual((await open(ws, 'xendit')).credentials, credentials);
    t.deepEqual((await check(ws, { payment_gateway: 'xendit', currency: 'IDR' })).gateway_errors, []);
  },
);

test.serial('no credential reaches the log, whatever the handlers log on the way', async (t) => {
  let logged = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString('utf8');
      done();
    },
  });
  const logging = handlersOver(db.models, keyring, { log: createLogger('accounts-test', 'trace', sink) }).handlers;
  const ws = (await call<{ id: string }>(logging, 'CreateWorkspace', { name: 'Log Co', plan: 'business' })).id;
  const credentials = stripeCredentials();
  await call(logging, 'ConnectPaymentGateway', { workspace_id: ws, provider: 'stripe', mode: 'live', credentials });
  await call(logging, 'GetPaymentGatewayCredentials', { workspace_id: ws, provider: 'stripe' });
  await call(logging, 'DisconnectPaymentGateway', { workspace_id: ws, provider: 'stripe' });
  t.regex(logged, /"msg":"payment gateway connected"/);
  t.regex(logged, /"msg":"payment gateway disconnected"/);
  for (const value of Object.values(credentials)) t.false(logged.includes(value));
});
