import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { type ApiClient, Platform, freePort, repoRoot, waitFor } from '../support/platform.ts';
import { type WebhookEvent, webhookServer } from '../examples/verify-webhook.ts';

// Clients generated from the served /openapi.json with each generator's default options work as
// they are (docs/api-clients.md): the TypeScript one typechecks and runs the README's first-invoice
// example (test/examples/first-invoice.ts), whose webhooks the README's verification snippet
// (test/examples/verify-webhook.ts) checks, a partial payment and a credit note included; the
// Python one keeps every operation (the money trail's too) and leaves the fields the server
// defaults optional.

const run = promisify(execFile);
const examples = path.join(repoRoot, 'test/examples');
const generatedTypes = path.join(examples, 'generated/api.ts');
const pythonOut = path.join(repoRoot, '.local/test-output/api-clients/python');
const pythonGenerator = path.join(repoRoot, '.tools/openapi-python-client/bin/openapi-python-client');

const platform = new Platform({
  invoices: true,
  recurring: true,
  webhooks: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});
let api: ApiClient;

test.before(async () => {
  await platform.start();
  api = await platform.client('business', 20);
});
test.after.always(() => platform.stop());

const openapiUrl = () => `${platform.gateway.baseUrl}/openapi.json`;

test('GET /openapi.json → openapi-typescript + openapi-fetch: the first-invoice example typechecks with tsc --strict and runs', async (t) => {
  t.timeout(4 * 60_000);
  // The generated types, with openapi-typescript's default options.
  rmSync(path.dirname(generatedTypes), { recursive: true, force: true });
  await run(path.join(repoRoot, 'test/node_modules/.bin/openapi-typescript'), [openapiUrl(), '-o', generatedTypes]);
  const types = readFileSync(generatedTypes, 'utf8');
  // The request fields the server defaults are optional, as the example relies on: read in the
  // request schemas only, since answers carry required fields of the same names (a test payment's
  // currency).
  const schema = (name: string) => {
    const at = types.indexOf(`\n        ${name}: {\n`);
    t.true(at > 0, `schema ${name}`);
    const end = types.slice(at + 1).search(/\n {8}\w+: \{\n|\n {4}\};?\n/);
    return types.slice(at, end < 0 ? undefined : at + 1 + end);
  };
  const request = ['Item', 'GenerateInvoiceRequest', 'InvoicePdfRequest'].map(schema).join('\n');
  for (const field of ['discount', 'currency', 'tax_rate', 'discount_total', 'document_language', 'force']) {
    t.regex(request, new RegExp(`^\\s+${field}\\?: `, 'm'), field);
    t.notRegex(
      request,
      new RegExp(`^\\s+${field}: (number|string|boolean|components\\["schemas"\\]\\["DocumentLanguage"\\]);$`, 'm'),
      field,
    );
  }

  const tsc = await run(path.join(repoRoot, 'node_modules/.bin/tsc'), [
    '--strict',
    '--noEmit',
    '-p',
    path.join(examples, 'tsconfig.json'),
  ]).catch((err: { stdout?: string; message: string }) => ({ stdout: err.stdout ?? err.message, failed: true }));
  t.false('failed' in tsc, tsc.stdout);

  // A webhook endpoint for the workspace, served by the verification snippet with its signing secret.
  const port = await freePort();
  const registered = await platform.admin<{ signing_secret: string }>(
    'POST',
    `/workspaces/${api.workspaceId}/webhook-endpoints`,
    { url: `http://127.0.0.1:${port}/webhooks` },
  );
  t.is(registered.status, 201);
  const events: WebhookEvent[] = [];
  const receiver = webhookServer(registered.body.data.signing_secret, (event) => events.push(event));
  receiver.listen(port, '127.0.0.1');
  await once(receiver, 'listening');
  try {
    const scenario = await run(process.execPath, [path.join(examples, 'first-invoice.ts')], {
      env: { ...process.env, INVOICE_API_URL: platform.gateway.baseUrl, INVOICE_API_KEY: api.key },
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`first-invoice.ts failed: ${err.stderr ?? err.message}\n${err.stdout ?? ''}`);
    });
    t.log(scenario.stdout.trim());
    t.regex(scenario.stdout, /first invoice: ok$/m);
    const id = /^generated \S+ \((\S+)\)$/m.exec(scenario.stdout)?.[1];
    t.truthy(id);

    // Its invoice.created and invoice.paid arrive, and the snippet verified their signatures.
    const seen = await waitFor(
      'the example invoice created and paid events',
      async () => {
        const types = events.filter((e) => e.data.object.id === id).map((e) => e.type);
        return types.includes('invoice.created') && types.includes('invoice.paid') ? types : undefined;
      },
      30_000,
    );
    t.true(seen.includes('invoice.created'));

    // A delivery whose body was changed on the way is refused (400), so the 204s above mean verified.
    const tampered = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: {
        'webhook-id': 'msg_tampered',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,' + Buffer.alloc(32).toString('base64'),
      },
      body: JSON.stringify({ type: 'invoice.paid', data: { object: { id } } }),
    });
    t.is(tampered.status, 400);
  } finally {
    receiver.close();
  }
});

test('GET /openapi.json → openapi-python-client 0.29: every operation generated, defaulted request fields optional', async (t) => {
  t.timeout(3 * 60_000);
  await run('bash', [path.join(repoRoot, 'scripts/ensure-openapi-python-client.sh')]);
  rmSync(pythonOut, { recursive: true, force: true });
  const generated = await run(pythonGenerator, ['generate', '--url', openapiUrl(), '--output-path', pythonOut], {
    cwd: repoRoot,
  });
  // Its warnings go to stderr: an operation it cannot generate is named there.
  const warnings = `${generated.stdout}\n${generated.stderr}`;
  t.notRegex(warnings, /Endpoint will not be generated/, warnings);
  const pkg = path.join(pythonOut, 'invoice_generation_service_client');
  const source = (file: string) => readFileSync(path.join(pkg, file), 'utf8');

  // The notification POST, with the two media types providers send.
  const notify = source('api/payment_notifications/receive_payment_notification.py');
  t.regex(notify, /"method": "post"/);
  t.regex(notify, /"url": "\/p\/pay\/\{provider\}\/notify"/);
  t.regex(notify, /"application\/json"/);
  t.regex(notify, /"application\/x-www-form-urlencoded"/);

  // The fields the server defaults are Unset unless given; the required ones stay required.
  const fields = (file: string) =>
    Object.fromEntries([...source(file).matchAll(/^ {4}(\w+): (.+)$/gm)].map((m) => [m[1]!, m[2]!]));
  t.like(fields('models/item.py'), { quantity: 'float', price: 'float', discount: 'float | Unset = UNSET' });
  t.like(fields('models/generate_invoice_request.py'), {
    customer_name: 'str',
    currency: 'str | Unset = UNSET',
    tax_rate: 'float | Unset = UNSET',
    discount_total: 'float | Unset = UNSET',
    document_language: 'DocumentLanguage | Unset = UNSET',
  });
  t.like(fields('models/invoice_pdf_request.py'), { force: 'bool | Unset = UNSET' });

  // The money trail's operations (docs/money-trail.md), with their optional fields optional.
  for (const file of [
    'api/credit_notes/issue_credit_note.py',
    'api/credit_notes/list_credit_notes.py',
    'api/credit_notes/get_credit_note.py',
    'api/credit_notes/get_credit_note_pdf.py',
    'api/credit_notes/get_credit_note_e_invoice.py',
    'api/payments/record_payment.py',
    'api/payments/list_payments.py',
  ])
    t.notThrows(() => source(file), file);
  t.like(fields('models/issue_credit_note_request.py'), { reason: 'str', items: 'list[Item] | Unset = UNSET' });
  t.like(fields('models/record_payment_request.py'), {
    amount: 'float',
    reference: 'str | Unset = UNSET',
    paid_at: 'datetime.datetime | Unset = UNSET',
  });

  // And the generated package runs: an item of quantity and price only sends just those.
  const python = path.join(path.dirname(pythonGenerator), 'python');
  const { stdout } = await run(
    python,
    [
      '-c',
      'import json; from invoice_generation_service_client.models import Item, GenerateInvoiceRequest; ' +
        "print(json.dumps(GenerateInvoiceRequest(customer_name='PT Maju Jaya', items=[Item(quantity=2, price=150000)]).to_dict()))",
    ],
    { cwd: pythonOut },
  );
  t.deepEqual(JSON.parse(stdout), { customer_name: 'PT Maju Jaya', items: [{ quantity: 2, price: 150000 }] });
  // A credit note for the whole amount still creditable sends only its reason.
  const note = await run(
    python,
    [
      '-c',
      'import json; from invoice_generation_service_client.models import IssueCreditNoteRequest; ' +
        "print(json.dumps(IssueCreditNoteRequest(reason='Order cancelled').to_dict()))",
    ],
    { cwd: pythonOut },
  );
  t.deepEqual(JSON.parse(note.stdout), { reason: 'Order cancelled' });
});
