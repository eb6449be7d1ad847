import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import { startsAtEnd } from '../support/events.ts';
import { type ApiClient, Platform, repoRoot, sleep, waitFor } from '../support/platform.ts';

/**
 * The workspace's legal profile (issue 20, docs/e-invoicing.md) on the admin API and invoicectl,
 * through the gateway only: set, read back, replace, clear, what is refused and how, the
 * workspace.updated each change sends, and that the public API does not show it.
 */
const run = promisify(execFile);
const platform = new Platform({ invoices: true });

type Obj = Record<string, unknown>;
type Workspace = Obj & { id: string; version: string; legal_profile: Obj | null };
type ErrorBody = {
  error: { name: string; message: string; details?: { errors?: { path: string; message: string }[] } };
};
type WorkspaceEvent = { type: string; workspace_id: string; sequence: number; data: Obj };

const full = {
  legal_name: 'Muster Beratung GmbH',
  trading_name: 'Muster Consulting',
  vat_id: 'DE123456789',
  tax_registration_id: '201/113/40209',
  address: {
    line1: 'Hauptstraße 1',
    line2: 'Hinterhaus, 2. OG',
    city: 'Berlin',
    postal_code: '10115',
    region: 'Berlin',
    country: 'DE',
  },
  electronic_address: { scheme: '9930', id: 'DE123456789' },
  contact: { name: 'Buchhaltung', email: 'rechnung@muster-beratung.example', phone: '+49 30 1234567' },
};
const minimal = {
  legal_name: 'Muster Beratung GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
};

let consumer: Consumer;
const workspaceEvents: WorkspaceEvent[] = [];

test.before(async () => {
  await platform.start();
  // workspace.v1 from now on, as the gateway's and the invoice service's caches read it.
  const kafka = new Kafka({
    clientId: 'test-legal-profile',
    brokers: platform.stack.KAFKA_BROKERS!.split(','),
    logLevel: logLevel.NOTHING,
  });
  const groupId = `test-legal-profile-${randomBytes(6).toString('hex')}`;
  await startsAtEnd(kafka, groupId, 'workspace.v1');
  consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  let joined = false;
  consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
  await consumer.connect();
  await consumer.subscribe({ topic: 'workspace.v1', fromBeginning: false });
  await consumer.run({
    eachMessage: async ({ message }) => {
      workspaceEvents.push(JSON.parse(message.value!.toString()) as WorkspaceEvent);
    },
  });
  while (!joined) await sleep(50);
});
test.after.always(async () => {
  await consumer?.disconnect().catch(() => undefined);
  await platform.stop();
});

const workspace = async (id: string) => {
  const res = await platform.admin<Workspace>('GET', `/workspaces/${id}`);
  if (res.status !== 200) throw new Error(`get workspace: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** PUT …/legal-profile with `payload` as the body (text as it is, anything else as JSON). */
async function put(id: string, payload: unknown) {
  const res = await fetch(`${platform.gateway.adminUrl}/admin/workspaces/${id}/legal-profile`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${platform.adminToken}`, 'content-type': 'application/json' },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: res.status, body: (await res.json()) as { data: Workspace } & Partial<ErrorBody> };
}
const clear = (id: string) => platform.admin<Workspace>('DELETE', `/workspaces/${id}/legal-profile`);

const errors = (body: unknown) =>
  ((body as ErrorBody).error.details?.errors ?? []).map((e) => `${e.path} ${e.message}`).sort();

const updatesOf = (id: string) =>
  workspaceEvents.filter((e) => e.workspace_id === id && e.type === 'workspace.updated');

test('set, read back, replace and clear: whole replacements, each a new version and a workspace.updated', async (t) => {
  const { id, version: created } = await platform.createWorkspace('business').then((ws) => workspace(ws.id));
  t.is((await workspace(id)).legal_profile, null, 'none until one is set');

  const set = await put(id, full);
  t.is(set.status, 200);
  t.deepEqual(set.body.data.legal_profile, full);
  t.is(set.body.data.version, String(Number(created) + 1));
  const read = await workspace(id);
  t.deepEqual(read.legal_profile, full);
  t.like(read, { id, plan: 'business', version: set.body.data.version });
  const listed = await platform.admin<{ workspaces: Workspace[] }>('GET', '/workspaces?pageSize=100');
  t.deepEqual(listed.body.data.workspaces.find((w) => w.id === id)?.legal_profile, full);

  // A replacement, not a merge: what the new profile leaves out is gone; unset optionals are
  // left out of the answer, so it can be sent back as it is.
  const replaced = await put(id, minimal);
  t.is(replaced.status, 200);
  t.deepEqual(replaced.body.data.legal_profile, minimal);
  t.deepEqual((await workspace(id)).legal_profile, minimal);
  t.is((await put(id, (await workspace(id)).legal_profile)).status, 200, 'the answer is a valid body');

  const cleared = await clear(id);
  t.is(cleared.status, 200);
  t.is(cleared.body.data.legal_profile, null);
  t.is((await workspace(id)).legal_profile, null);
  const again = await clear(id);
  t.is(again.status, 200, 'clearing a workspace without a profile is not an error');
  t.is(again.body.data.legal_profile, null);

  // Each change is announced like a plan change: the caches holding the workspace drop it.
  const final = Number((await workspace(id)).version);
  const events = await waitFor('the workspace.updated events', async () => {
    const mine = updatesOf(id);
    return mine.length >= 5 ? mine : undefined;
  });
  t.deepEqual(
    events.map((e) => e.sequence),
    [final - 4, final - 3, final - 2, final - 1, final],
  );
  for (const e of events) {
    t.like(e.data, { previous_plan: 'business', previous_plan_state: 'active', workspace: { id, plan: 'business' } });
    t.is(e.data.reason, undefined, 'no plan was lost: recurring series do not pause');
  }
});

test('bad input is one 400 naming each field; the profile in force stays as it was', async (t) => {
  const { id } = await platform.createWorkspace('professional');
  t.is((await put(id, full)).status, 200);
  const before = await workspace(id);

  const cases: [string, unknown, string[]][] = [
    ['no legal_name', { vat_id: 'DE123456789' }, ['body.legal_name is required']],
    ['empty legal_name', { legal_name: '' }, ['body.legal_name must not be empty']],
    [
      'lower-case country',
      { legal_name: 'M', address: { ...minimal.address, country: 'de' } },
      ['body.address.country must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE'],
    ],
    [
      '3-letter country',
      { legal_name: 'M', address: { ...minimal.address, country: 'DEU' } },
      ['body.address.country must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE'],
    ],
    [
      'VAT id without its country prefix',
      { legal_name: 'M', vat_id: '123456789' },
      ['body.vat_id must be a VAT identifier with its 2-letter country prefix in upper case, e.g. DE123456789'],
    ],
    ['unknown key', { legal_name: 'M', iban: 'DE89370400440532013000' }, ['body.iban is not allowed']],
    [
      'email that is not one',
      { legal_name: 'M', contact: { email: 'rechnung at muster.example' } },
      ['body.contact.email must be a valid email address'],
    ],
    [
      'several at once, deep ones included',
      {
        trading_name: '',
        address: { line1: 'Hauptstraße 1', country: 'DEU', street: 'x' },
        electronic_address: { scheme: '99 30' },
      },
      [
        'body.address.city is required',
        'body.address.country must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE',
        'body.address.postal_code is required',
        'body.address.street is not allowed',
        'body.electronic_address.id is required',
        'body.electronic_address.scheme must be an EAS scheme code: 2 to 4 digits or upper-case letters, e.g. 9930 or EM',
        'body.legal_name is required',
        'body.trading_name must not be empty',
      ],
    ],
    ['an array', [full], ['body must be an object']],
  ];
  for (const [title, payload, expected] of cases) {
    const res = await put(id, payload);
    t.is(res.status, 400, title);
    t.is(res.body.error!.name, 'ValidationError', title);
    t.deepEqual(errors(res.body), [...expected].sort(), title);
  }

  const notJson = await put(id, '{"legal_name": "Muster"');
  t.is(notJson.status, 400);
  t.is(notJson.body.error!.name, 'ValidationError');
  t.is(notJson.body.error!.message, 'The request body is not valid JSON.');
  t.deepEqual(
    notJson.body.error!.details!.errors!.map((e) => e.path),
    ['body'],
  );
  const noBody = await platform.admin('PUT', `/workspaces/${id}/legal-profile`);
  t.is(noBody.status, 400);
  t.deepEqual(errors(noBody.body), ['body is required']);

  t.deepEqual(await workspace(id), before, 'nothing changed, not even the version');
});

test('an unknown workspace is a 404, a malformed id a 400, a missing admin token a 403', async (t) => {
  for (const res of [await put('WSDOESNOTEXIST', full), await clear('WSDOESNOTEXIST')]) {
    t.is(res.status, 404);
    t.is(res.body.error!.name, 'NotFoundError');
    t.regex(res.body.error!.message, /Workspace WSDOESNOTEXIST does not exist/);
  }
  const bad = encodeURIComponent('bad ws');
  for (const res of [await put(bad, full), await clear(bad)]) {
    t.is(res.status, 400);
    t.deepEqual(errors(res.body), ['params.ws must be 1 to 64 characters: letters, digits, _ or -']);
  }
  const { id } = await platform.createWorkspace('professional');
  const noToken = await fetch(`${platform.gateway.adminUrl}/admin/workspaces/${id}/legal-profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(full),
  });
  t.is(noToken.status, 403);
  t.is((await workspace(id)).legal_profile, null);
});

test('the public API is unchanged: generate works and its objects show nothing of the profile', async (t) => {
  const withProfile = await platform.client('business', 10);
  const without = await platform.client('business', 10);
  // A key used before the change: the gateway's cached workspace is dropped and read again.
  const generate = (api: ApiClient) =>
    api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', {
      body: { customer_name: 'PT Pelanggan', items: [{ description: 'Beratung', quantity: 2, price: 150 }] },
    });
  t.is((await generate(withProfile)).status, 200);
  t.is((await put(withProfile.workspaceId, full)).status, 200);

  const made = await generate(withProfile);
  t.is(made.status, 200, made.text);
  const plain = await generate(without);
  t.is(plain.status, 200, plain.text);
  t.deepEqual(Object.keys(made.body.data).sort(), Object.keys(plain.body.data).sort());

  const id = String(made.body.data.id);
  const reads = [
    await withProfile.call<{ data: Obj }>('GET', `/api/invoices/external/${id}`),
    await withProfile.call<{ data: Obj[] }>('GET', '/api/invoices/external'),
  ];
  const plainInvoice = await without.call<{ data: Obj }>('GET', `/api/invoices/external/${plain.body.data.id}`);
  t.deepEqual(Object.keys(reads[0]!.body.data).sort(), Object.keys(plainInvoice.body.data).sort());
  for (const res of [made, ...reads]) {
    t.is(res.status, 200);
    for (const value of [full.legal_name, full.vat_id, full.address.line1, full.contact.email])
      t.false(res.text.includes(value), `${value} is not in ${res.text}`);
  }
});

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

test('invoicectl workspace set-profile, get and clear-profile, as a process; a bad file is a clear error', async (t) => {
  const { id } = await platform.createWorkspace('professional');
  const dir = await mkdtemp(path.join(tmpdir(), 'legal-profile-'));
  const file = path.join(dir, 'profile.json');
  await writeFile(file, JSON.stringify(full));

  const set = await cli('workspace', 'set-profile', id, '--file', file);
  t.regex(set.stdout, new RegExp(`^Set the legal profile of workspace ${id}\\nLegal profile:\\n`));
  t.regex(set.stdout, /^ {2}legal_name +Muster Beratung GmbH$/m);
  t.regex(set.stdout, /^ {2}address +Hauptstraße 1, Hinterhaus, 2\. OG, 10115 Berlin, Berlin, DE$/m);
  t.regex(set.stdout, /^ {2}electronic_address +9930 DE123456789$/m);
  t.regex(set.stdout, /^ {2}contact +Buchhaltung <rechnung@muster-beratung\.example> \+49 30 1234567$/m);
  t.deepEqual((await workspace(id)).legal_profile, full);

  const shown = await cli('workspace', 'get', id);
  t.regex(shown.stdout, new RegExp(`^id +name .*\\n${id} `));
  t.regex(
    shown.stdout,
    /\n\nLegal profile:\n {2}legal_name +Muster Beratung GmbH\n {2}trading_name +Muster Consulting\n/,
  );
  const json = JSON.parse((await cli('--json', 'workspace', 'get', id)).stdout) as Workspace;
  t.deepEqual(json.legal_profile, full);

  const missing = failure(
    await t.throwsAsync(cli('workspace', 'set-profile', id, '--file', path.join(dir, 'no.json'))),
  );
  t.is(missing.code, 1);
  t.regex(missing.stderr, /^Cannot read .*no\.json/);
  const broken = path.join(dir, 'broken.json');
  await writeFile(broken, '{"legal_name": ');
  const notJson = failure(await t.throwsAsync(cli('workspace', 'set-profile', id, '--file', broken)));
  t.is(notJson.code, 1);
  t.regex(notJson.stderr, /broken\.json is not valid JSON/);
  const noFile = failure(await t.throwsAsync(cli('workspace', 'set-profile', id)));
  t.regex(noFile.stderr, /--file is required/);
  const bad = path.join(dir, 'bad.json');
  await writeFile(bad, JSON.stringify({ legal_name: 'M', address: { ...minimal.address, country: 'de' }, x: 1 }));
  const refused = failure(await t.throwsAsync(cli('workspace', 'set-profile', id, '--file', bad)));
  t.is(refused.code, 1);
  t.regex(refused.stderr, /^400 ValidationError: The request has invalid fields\./);
  t.regex(refused.stderr, /body\.address\.country[\s\S]*must be an ISO 3166-1 alpha-2 country code/);
  t.regex(refused.stderr, /body\.x[\s\S]*is not allowed/);
  t.deepEqual((await workspace(id)).legal_profile, full, 'a refused file changes nothing');
  const unknown = failure(await t.throwsAsync(cli('workspace', 'set-profile', 'WSDOESNOTEXIST', '--file', file)));
  t.regex(unknown.stderr, /^404 NotFoundError/);

  const cleared = await cli('workspace', 'clear-profile', id);
  t.is(cleared.stdout.trim(), `Cleared the legal profile of workspace ${id}`);
  t.is((await workspace(id)).legal_profile, null);
  t.regex((await cli('workspace', 'get', id)).stdout, /\n\nLegal profile: none\n?$/);
  const noWorkspace = failure(await t.throwsAsync(cli('workspace', 'clear-profile')));
  t.regex(noWorkspace.stderr, /Missing WORKSPACE/);
});

test('e_invoice_payment_link: off unless set, set and read back on the admin API and invoicectl, a boolean only', async (t) => {
  const { id } = await platform.createWorkspace('professional');
  t.is((await put(id, full)).status, 200);
  t.false('e_invoice_payment_link' in (await workspace(id)).legal_profile!, 'off unless set');
  t.notRegex((await cli('workspace', 'get', id)).stdout, /payment_link/);

  const dir = await mkdtemp(path.join(tmpdir(), 'legal-profile-'));
  const file = path.join(dir, 'profile.json');
  await writeFile(file, JSON.stringify({ ...full, e_invoice_payment_link: true }));
  const set = await cli('workspace', 'set-profile', id, '--file', file);
  t.regex(set.stdout, /^ {2}payment_link \(BT-20\) +in the e-invoice/m);
  t.deepEqual((await workspace(id)).legal_profile, { ...full, e_invoice_payment_link: true });

  const refused = await put(id, { ...full, e_invoice_payment_link: 'yes' });
  t.is(refused.status, 400);
  t.deepEqual(
    errors(refused.body).filter((e) => e.startsWith('body.e_invoice_payment_link')).length,
    1,
    JSON.stringify(refused.body),
  );
  t.is((await workspace(id)).legal_profile!.e_invoice_payment_link, true, 'a refused body changes nothing');
});
