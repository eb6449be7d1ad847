import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test, { type ExecutionContext } from 'ava';
import { type ApiClient, Platform, repoRoot } from '../support/platform.ts';

/**
 * Payment gateway connections through the gateway: the admin API and invoicectl connect,
 * replace, list and disconnect with real credential fields, and generate refuses a gateway that
 * cannot take the invoice (OpenAPI `generateInvoice` payment_gateway, payment_account).
 */

const run = promisify(execFile);
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"enterprise":100000}', RATE_LIMIT_PER_IP: '100000' },
});

test.before(async () => {
  await platform.start();
});
test.after.always(() => platform.stop());

type Obj = Record<string, unknown>;
interface Gateway {
  id: string;
  provider: string;
  mode: string;
  credential_fields: string[];
  connected_at: string;
  updated_at: string;
}
interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details?: { errors: { path: string; message: string }[] } };
}

/** A value no other test uses: finding it in an answer means it leaked. */
const secret = (label: string) => `${label}_${randomBytes(12).toString('hex')}`;
const stripe = () => ({ secret_key: secret('sk_test'), webhook_secret: secret('whsec') });
const midtrans = () => ({ server_key: secret('SB-Mid-server'), client_key: secret('SB-Mid-client') });

const gateways = (ws: string) => `/workspaces/${ws}/payment-gateways`;
/** A connect naming mode sandbox unless `body` names one: the mode is required (test below). */
const connect = (ws: string, body: Obj) => platform.admin<Gateway>('POST', gateways(ws), { mode: 'sandbox', ...body });
const list = async (ws: string) =>
  (await platform.admin<{ gateways: Gateway[] }>('GET', gateways(ws))).body.data.gateways;

function cli(...args: string[]) {
  return run(
    process.execPath,
    [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
    { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
  );
}

/** invoicectl with `input` on its standard input; resolves with its exit code whatever it is. */
function cliWithInput(input: string, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
      { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A failing invoicectl run's exit code and output (execFile rejects with them). */
async function cliFailure(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    await cli(...args);
  } catch (err) {
    return err as { code: number; stdout: string; stderr: string };
  }
  throw new Error(`invoicectl ${args.join(' ')} succeeded`);
}

test('admin API: connect, replace, list and disconnect; no credential ever comes back', async (t) => {
  const ws = await platform.createWorkspace('business');
  const first = stripe();
  const connected = await connect(ws.id, { provider: 'stripe', credentials: first });
  t.is(connected.status, 201);
  t.like(connected.body.data, {
    provider: 'stripe',
    mode: 'sandbox',
    credential_fields: ['secret_key', 'webhook_secret'],
  });

  const second = stripe();
  const replaced = await connect(ws.id, { provider: 'stripe', mode: 'live', credentials: second });
  t.is(replaced.status, 201);
  t.like(replaced.body.data, {
    id: connected.body.data.id,
    mode: 'live',
    connected_at: connected.body.data.connected_at,
  });
  t.true(Date.parse(replaced.body.data.updated_at) >= Date.parse(connected.body.data.updated_at));

  const mollieKey = secret('live');
  await connect(ws.id, { provider: 'mollie', mode: 'live', credentials: { api_key: mollieKey } });
  const listed = await platform.admin<{ gateways: Gateway[] }>('GET', gateways(ws.id));
  t.deepEqual(
    listed.body.data.gateways.map((g) => [g.provider, g.mode, g.credential_fields]),
    [
      ['stripe', 'live', ['secret_key', 'webhook_secret']],
      ['mollie', 'live', ['api_key']],
    ],
  );
  const answers = JSON.stringify([connected.body, replaced.body, listed.body]);
  for (const value of [...Object.values(first), ...Object.values(second), mollieKey])
    t.false(answers.includes(value), 'a credential came back');

  const gone = await platform.admin<Gateway>('DELETE', `${gateways(ws.id)}/stripe`);
  t.is(gone.status, 200);
  t.is(gone.body.data.provider, 'stripe');
  t.deepEqual(
    (await list(ws.id)).map((g) => g.provider),
    ['mollie'],
  );
  const again = await platform.admin('DELETE', `${gateways(ws.id)}/stripe`);
  t.is(again.status, 404);
  t.is(again.body.error!.name, 'NotFoundError');
  t.is((await platform.admin('DELETE', `${gateways(ws.id)}/square`)).status, 400);
});

const refused: [string, Obj, string[]][] = [
  ['a missing field', { provider: 'stripe', credentials: { secret_key: 'sk_test_x' } }, ['credentials.webhook_secret']],
  ['no credentials', { provider: 'xendit' }, ['credentials.secret_key', 'credentials.callback_token']],
  ['an empty field', { provider: 'mollie', credentials: { api_key: '' } }, ['credentials.api_key']],
  [
    'an unknown field',
    { provider: 'mollie', credentials: { api_key: 'test_x', profile_id: 'pfl_x' } },
    ['credentials.profile_id'],
  ],
  ['an unknown mode', { provider: 'mollie', mode: 'prod', credentials: { api_key: 'test_x' } }, ['mode']],
  ['an unknown provider', { provider: 'square', credentials: {} }, ['provider']],
  ['credentials that are not text', { provider: 'mollie', credentials: { api_key: 42 } }, ['body.credentials']],
  ['credentials that are a list', { provider: 'mollie', credentials: ['test_x'] }, ['body.credentials']],
];
test('admin API: connect without a mode is a 400 naming mode, a replacement too; nothing changes', async (t) => {
  const ws = await platform.createWorkspace('business');
  const first = await platform.admin('POST', gateways(ws.id), { provider: 'stripe', credentials: stripe() });
  t.is(first.status, 400, JSON.stringify(first.body));
  const error = (first.body as unknown as ErrorBody).error;
  t.is(error.name, 'ValidationError');
  t.deepEqual(error.details!.errors, [{ path: 'mode', message: 'is required: sandbox or live' }]);
  t.deepEqual(await list(ws.id), []);

  await connect(ws.id, { provider: 'stripe', mode: 'live', credentials: stripe() });
  const replacement = await platform.admin('POST', gateways(ws.id), { provider: 'stripe', credentials: stripe() });
  t.is(replacement.status, 400);
  t.deepEqual(
    (replacement.body as unknown as ErrorBody).error.details!.errors.map((e) => e.path),
    ['mode'],
  );
  t.deepEqual(
    (await list(ws.id)).map((g) => g.mode),
    ['live'],
  );

  const cliRefused = await cliFailure('gateway', 'connect', ws.id, 'mollie', '--set', 'api_key=test_x');
  t.is(cliRefused.code, 1);
  t.regex(cliRefused.stderr, /^400 ValidationError/);
  t.regex(cliRefused.stderr, /"path": "mode",\s+"message": "is required: sandbox or live"/);
});

for (const [what, body, paths] of refused) {
  test(`admin API: connect with ${what} is a 400 naming each field, and connects nothing`, async (t) => {
    const ws = await platform.createWorkspace('business');
    const res = await connect(ws.id, body);
    t.is(res.status, 400, JSON.stringify(res.body));
    const error = (res.body as unknown as ErrorBody).error;
    t.is(error.name, 'ValidationError');
    t.deepEqual(
      error.details!.errors.map((e) => e.path),
      paths,
    );
    t.deepEqual(await list(ws.id), []);
  });
}

test('admin API: connecting in an unknown workspace is 404', async (t) => {
  const res = await connect('NOPE0000', { provider: 'mollie', credentials: { api_key: 'test_x' } });
  t.is(res.status, 404);
});

test('invoicectl: connect with --set, list, replace from a JSON file, disconnect; values never printed', async (t) => {
  const ws = await platform.createWorkspace('business');
  const first = midtrans();
  const connected = await cli(
    'gateway',
    'connect',
    ws.id,
    'midtrans',
    '--mode',
    'sandbox',
    '--set',
    `server_key=${first.server_key}`,
    '--set',
    `client_key=${first.client_key}`,
  );
  t.is(connected.stdout.trim(), 'Connected midtrans (sandbox); credentials set: server_key, client_key');

  const human = await cli('gateway', 'list', ws.id);
  t.regex(human.stdout, /^provider\s+mode\s+credential_fields\s+connected_at\s+updated_at\n/);
  t.regex(human.stdout, /\nmidtrans\s+sandbox\s+server_key,client_key\s+\d{4}-/);

  const dir = await mkdtemp(path.join(tmpdir(), 'invoicectl-'));
  const file = path.join(dir, 'midtrans.json');
  const second = { server_key: secret('Mid-server') };
  await writeFile(file, JSON.stringify(second));
  const replaced = await cli(
    '--json',
    'gateway',
    'connect',
    ws.id,
    'midtrans',
    '--mode',
    'live',
    '--credentials',
    file,
  );
  t.like(JSON.parse(replaced.stdout), { provider: 'midtrans', mode: 'live', credential_fields: ['server_key'] });

  const json = JSON.parse((await cli('--json', 'gateway', 'list', ws.id)).stdout) as { gateways: Gateway[] };
  t.deepEqual(
    json.gateways.map((g) => [g.provider, g.mode, g.credential_fields]),
    [['midtrans', 'live', ['server_key']]],
  );

  const disconnected = await cli('gateway', 'disconnect', ws.id, 'midtrans');
  t.is(disconnected.stdout.trim(), 'Disconnected midtrans; its credentials are deleted.');
  t.is((await cli('gateway', 'list', ws.id)).stdout.trim(), '(none)');

  const printed = [connected, human, replaced, disconnected].map((r) => r.stdout + r.stderr).join('\n');
  for (const value of [...Object.values(first), ...Object.values(second)]) t.false(printed.includes(value));
});

test('invoicectl: workspace create --test-mode and set-test-mode mark and unmark a test workspace', async (t) => {
  const created = JSON.parse(
    (await cli('--json', 'workspace', 'create', '--name', 'Sandbox Co', '--plan', 'business', '--test-mode')).stdout,
  ) as { id: string; test_mode: boolean };
  t.true(created.test_mode);
  const off = await cli('workspace', 'set-test-mode', created.id, 'off');
  t.regex(off.stdout, /test_mode/);
  t.false((await platform.admin<{ test_mode: boolean }>('GET', `/workspaces/${created.id}`)).body.data.test_mode);
  const plain = JSON.parse((await cli('--json', 'workspace', 'create', '--name', 'Live Co')).stdout) as {
    test_mode: boolean;
  };
  t.false(plain.test_mode);
  const refused = await cliFailure('workspace', 'set-test-mode', created.id, 'maybe');
  t.is(refused.stderr.trim(), 'workspace set-test-mode takes on or off.');
  const bad = await platform.admin('PUT', `/workspaces/${created.id}/test-mode`, { test_mode: 'yes' });
  t.is(bad.status, 400);
});

test('invoicectl: credentials from stdin, with --set on top', async (t) => {
  const ws = await platform.createWorkspace('business');
  const credentials = { key_id: secret('rzp_test'), key_secret: secret('ks'), webhook_secret: 'replaced below' };
  const webhookSecret = secret('wh');
  const res = await cliWithInput(
    JSON.stringify(credentials),
    '--json',
    'gateway',
    'connect',
    ws.id,
    'razorpay',
    '--mode',
    'sandbox',
    '--credentials',
    '-',
    '--set',
    `webhook_secret=${webhookSecret}`,
  );
  t.is(res.code, 0, res.stderr);
  t.like(JSON.parse(res.stdout), {
    provider: 'razorpay',
    credential_fields: ['key_id', 'key_secret', 'webhook_secret'],
  });
  for (const value of [...Object.values(credentials), webhookSecret])
    t.false((res.stdout + res.stderr).includes(value));
});

test('invoicectl: a refused connection names the fields, echoes no value and exits 1', async (t) => {
  const ws = await platform.createWorkspace('business');
  const value = secret('sk_test');
  const failed = await cliFailure(
    'gateway',
    'connect',
    ws.id,
    'stripe',
    '--mode',
    'sandbox',
    '--set',
    `secret_key=${value}`,
    '--set',
    'colour=blue',
  );
  t.is(failed.code, 1);
  t.regex(failed.stderr, /^400 ValidationError/);
  t.regex(failed.stderr, /credentials\.webhook_secret/);
  t.regex(failed.stderr, /credentials\.colour/);
  t.false(failed.stderr.includes(value));

  const bare = await cliFailure('gateway', 'connect', ws.id, 'stripe', '--set', value);
  t.is(bare.stderr.trim(), '--set takes FIELD=VALUE.');

  const dir = await mkdtemp(path.join(tmpdir(), 'invoicectl-'));
  const file = path.join(dir, 'broken.json');
  await writeFile(file, `{"secret_key": "${value}",`);
  const broken = await cliFailure('gateway', 'connect', ws.id, 'stripe', '--credentials', file);
  t.is(broken.stderr.trim(), `${file} is not valid JSON.`);
  t.deepEqual(await list(ws.id), []);
});

// Generate's payment checks, end to end: the invoice service asks accounts with the invoice's currency.

const item = { description: 'Design work', quantity: 2, price: 150000 };
const body = { customer_name: 'PT Maju Jaya', items: [item] };

async function generate(api: ApiClient, extra: Obj) {
  return api.call<{ data: Obj | null; error: ErrorBody['error'] }>('POST', '/api/invoices/generate-external', {
    body: { ...body, ...extra },
  });
}

async function paymentAccount(ws: string): Promise<string> {
  const res = await platform.admin<{ id: string }>('POST', `/workspaces/${ws}/payment-accounts`, {
    label: 'BCA',
    bank_name: 'BCA',
    account_name: 'PT Maju',
    account_number: '1234567890',
  });
  return res.body.data.id;
}

/** The 400 envelope of docs/architecture.md#errors with the one field error expected, and no credit used. */
async function refusedGenerate(t: ExecutionContext, api: ApiClient, extra: Obj, path: string, message: string) {
  const res = await generate(api, extra);
  t.is(res.status, 400, res.text);
  t.deepEqual(Object.keys(res.body).sort(), ['data', 'error']);
  t.is(res.body.data, null);
  t.like(res.body.error, { status: 400, name: 'ValidationError' });
  t.deepEqual(res.body.error.details!.errors, [{ path, message }]);
  t.true(res.body.error.message.includes(message), res.body.error.message);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 3);
}

test('generate: a payment_gateway that is not connected is a 400 naming it', async (t) => {
  const api = await platform.client('enterprise', 3);
  await connect(api.workspaceId, { provider: 'mollie', credentials: { api_key: secret('test') } });
  await refusedGenerate(
    t,
    api,
    { payment_gateway: 'stripe', currency: 'USD' },
    'body.payment_gateway',
    'payment gateway stripe is not connected in this workspace',
  );
});

test('generate: a disconnected payment_gateway is refused like one never connected', async (t) => {
  const api = await platform.client('enterprise', 3);
  await connect(api.workspaceId, { provider: 'midtrans', credentials: midtrans() });
  t.is((await platform.admin('DELETE', `${gateways(api.workspaceId)}/midtrans`)).status, 200);
  await refusedGenerate(
    t,
    api,
    { payment_gateway: 'midtrans' },
    'body.payment_gateway',
    'payment gateway midtrans is not connected in this workspace',
  );
});

test('generate: a payment_account that does not exist in the workspace is a 400 naming it', async (t) => {
  const api = await platform.client('enterprise', 3);
  const other = await platform.createWorkspace('business');
  const theirs = await paymentAccount(other.id);
  await connect(api.workspaceId, { provider: 'midtrans', credentials: midtrans() });
  await refusedGenerate(
    t,
    api,
    { payment_gateway: 'midtrans', payment_account: theirs },
    'body.payment_account',
    `payment account ${theirs} does not exist in this workspace`,
  );
});

test('generate: a currency the connected provider cannot take is a 400 naming both currencies', async (t) => {
  const api = await platform.client('enterprise', 3);
  await connect(api.workspaceId, { provider: 'midtrans', credentials: midtrans() });
  await refusedGenerate(
    t,
    api,
    { payment_gateway: 'midtrans', currency: 'USD' },
    'body.payment_gateway',
    'midtrans takes only IDR; this invoice is in USD',
  );
});

test('generate: a connected provider, its currency and an existing payment account give the invoice', async (t) => {
  const api = await platform.client('enterprise', 3);
  await connect(api.workspaceId, { provider: 'midtrans', credentials: midtrans() });
  await connect(api.workspaceId, { provider: 'stripe', credentials: stripe() });
  const account = await paymentAccount(api.workspaceId);
  const idr = await generate(api, { payment_gateway: 'midtrans', payment_account: account });
  t.is(idr.status, 200, idr.text);
  const usd = await generate(api, { payment_gateway: 'stripe', currency: 'USD' });
  t.is(usd.status, 200, usd.text);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 1);
  const invoice = await api.call<{ data: Obj }>('GET', `/api/invoices/external/${idr.body.data!.id as string}`);
  t.is(invoice.status, 200);
  t.like(invoice.body.data, { currency: 'IDR' });
});
