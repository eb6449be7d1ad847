import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { wordsFor } from '@invoice-platform/common/i18n/words';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import type { SandboxFile } from '@invoice-platform/sandbox/sandbox-providers';
import { TestBrowser } from '../support/browser.ts';
import { refusesConnections, repoRoot, request, stackEnv, uniqueIp, waitFor } from '../support/platform.ts';
import { secondPlatformEnv } from '../support/second-platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * The README's first command, for real: scripts/up.sh adopts the running stack and starts every
 * service and the sandbox payment providers, here on ports, databases, consumer groups and a state
 * directory of this test's own, so it disturbs neither the other test files nor a developer's
 * platform on the default ports. Then the local pay flow (docs/local-pay-flow.md) in Chromium with
 * the demo key up.sh printed, and down.sh, which stops what up.sh started and leaves the shared stack.
 * The tests run in order, on the one platform the first starts.
 */
const runId = randomBytes(4).toString('hex');
const state = path.join(repoRoot, '.local/logs/test', `up-${runId}`);
const services = ['accounts', 'invoice', 'pdf', 'recurring', 'webhook', 'payment'] as const;
let env: Record<string, string> = {};
/** Only a passing run's state goes; a failing one keeps its logs for the report. */
let keepState = false;
/** What the first test read from up.sh's banner. */
let apiUrl = '';
let demoKey = '';
const receiver = new WebhookReceiver();
let browser: TestBrowser | undefined;

/** What a developer's platform keeps in .local: this run must leave every one of them as it was. */
function defaultPlatformFiles(): Record<string, string | null> {
  const local = path.join(repoRoot, '.local');
  const run = path.join(local, 'run');
  const names = ['admin-token', 'webhook-secret-keys', 'accounts-secret-keys', 'demo-key', 'demo-workspace'].map((n) =>
    path.join(local, n),
  );
  if (existsSync(run))
    names.push(
      ...readdirSync(run)
        .filter((n) => n.startsWith('svc-'))
        .map((n) => path.join(run, n)),
    );
  return Object.fromEntries(names.map((file) => [file, existsSync(file) ? readFileSync(file, 'utf8') : null]));
}

function bash(script: string, args: string[], timeoutMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', [path.join(repoRoot, script), ...args], { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test.before(async () => {
  env = await secondPlatformEnv(state, runId, `up-${runId}-`);
});

test.afterEach.always((t) => {
  if (!t.passed) keepState = true;
});

test.after.always(async () => {
  await browser?.close();
  await receiver.stop();
  // Stops only this run's services and sandbox (if a test stopped short of down.sh): their pids
  // are in its own state directory.
  await bash('scripts/services.sh', ['stop'], 120_000);
  const conn = await connectMongo(stackEnv().MONGODB_URI!, 'admin', createLogger('up-test', 'silent'));
  try {
    for (const name of services) await conn.useDb(`${name}_test_${runId}`, { useCache: false }).dropDatabase();
  } finally {
    await conn.close();
  }
  if (!keepState) rmSync(state, { recursive: true, force: true });
});

test.serial(
  'scripts/up.sh adopts the running stack, starts the platform and the sandbox providers, prints a working demo key',
  async (t) => {
    t.timeout(600_000);
    const before = defaultPlatformFiles();
    const up = await bash('scripts/up.sh', [], 480_000);
    t.log(`state, logs: ${path.relative(repoRoot, state)}`);
    t.is(up.code, 0, `${up.stdout}\n${up.stderr}`);
    t.regex(up.stderr, /everything was already running/, 'the stack was adopted, not started');
    t.regex(up.stderr, /services: sandbox started \(pid \d+\)/);

    apiUrl = /^\s*API:\s+(\S+)/m.exec(up.stdout)?.[1] ?? '';
    demoKey = /^\s*Demo key:\s+(\S+)/m.exec(up.stdout)?.[1] ?? '';
    t.is(apiUrl, `http://127.0.0.1:${env.GATEWAY_PORT}`);
    t.regex(demoKey, /^ipk_/);
    t.is(readFileSync(path.join(state, 'demo-key'), 'utf8'), demoKey);
    t.regex(up.stdout, /^\s*Pay flow:.*payment_gateway.*docs\/local-pay-flow\.md/m, 'the banner names the pay flow');
    const docsUrl = /^\s*API docs:\s+(\S+)\s+\(events: (\S+)\)/m.exec(up.stdout);
    t.deepEqual(docsUrl?.slice(1), [`${apiUrl}/docs`, `${apiUrl}/asyncapi.json`], 'the banner names the API reference');
    for (const url of docsUrl?.slice(1) ?? []) t.is((await fetch(url)).status, 200, url);

    const res = await request<{ data: { id: string }[] }>(apiUrl, 'GET', '/api/invoices/external/templates', {
      key: demoKey,
      ip: uniqueIp(),
    });
    t.is(res.status, 200, res.text);
    t.true(Array.isArray(res.body.data) && res.body.data.length > 0, res.text);
    t.truthy(res.headers.get('x-ratelimit-limit'));
    t.deepEqual(defaultPlatformFiles(), before, 'the default platform files in .local are untouched');
  },
);

test.serial(
  'the sandbox pay flow: Pay on the public page, pay on the fake Stripe and Mollie pages, back it says Paid; the API and the webhook say paid',
  async (t) => {
    t.timeout(300_000);
    if (!demoKey) return t.fail('up.sh did not start the platform');
    const sandbox = JSON.parse(readFileSync(path.join(state, 'sandbox-providers.json'), 'utf8')) as SandboxFile;
    t.is(sandbox.providers.stripe.base_url, `http://127.0.0.1:${env.PAY_SANDBOX_STRIPE_PORT}`);
    t.is(sandbox.providers.stripe.notify_url, `${apiUrl}/p/pay/stripe/notify`);

    // A webhook endpoint of the demo workspace on a local receiver, as an integrator registers one.
    await receiver.start();
    const admin = `http://127.0.0.1:${env.GATEWAY_ADMIN_PORT}`;
    const workspace = readFileSync(path.join(state, 'demo-workspace'), 'utf8');
    const route = `up-pay-${runId}`;
    const endpoint = await request<{ data: { signing_secret: string } }>(
      admin,
      'POST',
      `/admin/workspaces/${workspace}/webhook-endpoints`,
      {
        authorization: `Bearer ${readFileSync(path.join(state, 'admin-token'), 'utf8')}`,
        body: { url: receiver.url(route), event_types: ['invoice.paid'] },
      },
    );
    t.is(endpoint.status, 201, endpoint.text);
    await receiver.route(route, { secrets: [endpoint.body.data.signing_secret] });

    browser = await TestBrowser.launch('e2e/up-pay-flow');
    const en = wordsFor('en');
    for (const { provider, currency, price } of [
      { provider: 'stripe', currency: 'EUR', price: 62.25 },
      { provider: 'mollie', currency: 'EUR', price: 48 },
    ] as const) {
      const generated = await request<{ data: { id: string } }>(apiUrl, 'POST', '/api/invoices/generate-external', {
        key: demoKey,
        ip: uniqueIp(),
        body: {
          customer_name: 'PT Maju',
          currency,
          document_language: 'en',
          payment_gateway: provider,
          items: [{ description: 'Design', quantity: 2, price }],
        },
      });
      t.is(generated.status, 200, generated.text);
      const id = generated.body.data.id;
      const page = `${apiUrl}/p/invoice/${id}`;

      const session = await browser.session({ ip: uniqueIp() });
      try {
        t.is((await session.open(page)).status, 200);
        t.true((await session.text()).includes(en.state_unpaid), `${provider}: the page says Unpaid`);
        // Pay: the form post, its 303 to the sandbox provider's hosted page.
        const toProvider = await session.clickAndFollow('button.pay');
        t.deepEqual(
          toProvider.map((h) => [h.method, h.status]),
          [
            ['POST', 303],
            ['GET', 200],
          ],
        );
        t.is(new URL(session.page.url()).origin, sandbox.providers[provider].page_origin, `${provider}: its page`);
        // Pay there: the provider notifies the gateway, then sends the customer back to the page.
        const back = await session.clickAndFollow('#pay');
        t.deepEqual(
          back.map((h) => [h.method, h.status]),
          [
            ['POST', 303],
            ['GET', 200],
          ],
        );
        t.is(session.page.url().split('?')[0], page, `${provider}: back on the public page`);
        const after = await session.text();
        t.true(after.includes(en.state_paid), `${provider}: the page says Paid:\n${after}`);
        t.false(after.includes(en.state_unpaid));
        // The walk-through's picture (docs/local-pay-flow.md): the page paid through the sandbox Stripe.
        if (provider === 'stripe' && process.env.UPDATE_SCREENSHOTS === '1')
          await session.page.screenshot({
            path: path.join(repoRoot, 'docs/pay-flow.png'),
            clip: { x: 0, y: 0, width: 1024, height: 670 },
          });
      } finally {
        await session.close();
      }

      const read = await request<{ data: { invoice_status: string; paid_at: string | null } }>(
        apiUrl,
        'GET',
        `/api/invoices/external/${id}`,
        { key: demoKey, ip: uniqueIp() },
      );
      t.is(read.status, 200, read.text);
      t.is(read.body.data.invoice_status, 'paid', `${provider}: the API reads paid`);
      t.truthy(read.body.data.paid_at);

      const paidHook = (body: string) => {
        const event = JSON.parse(body) as { type: string; data: { object: { id: string; invoice_status: string } } };
        return event.type === 'invoice.paid' && event.data.object.id === id ? event : undefined;
      };
      const hooks = await receiver.waitFor(route, (reqs) => reqs.some((r) => paidHook(r.body)), 60_000);
      const hook = hooks.find((r) => paidHook(r.body))!;
      t.is(paidHook(hook.body)!.data.object.invoice_status, 'paid');
      t.is(hook.checks.standard, 'ok', `${provider}: the webhook is signed with the endpoint's secret`);
    }
  },
);

test.serial(
  'a sandbox killed with kill -9 is started again by up.sh, on the same ports with the same credentials; invoices are still paid',
  async (t) => {
    t.timeout(300_000);
    if (!demoKey) return t.fail('up.sh did not start the platform');
    const sandboxFile = path.join(state, 'sandbox-providers.json');
    const before = JSON.parse(readFileSync(sandboxFile, 'utf8')) as SandboxFile;
    const connected = readFileSync(path.join(state, 'sandbox-connected'), 'utf8');
    process.kill(before.pid, 'SIGKILL');
    const up = await bash('scripts/up.sh', [], 240_000);
    t.is(up.code, 0, `${up.stdout}\n${up.stderr}`);
    t.regex(up.stderr, /services: sandbox started \(pid \d+\)/);
    t.deepEqual(up.stderr.match(/ started \(pid/g), [' started (pid'], `only the sandbox was started:\n${up.stderr}`);
    const after = JSON.parse(readFileSync(sandboxFile, 'utf8')) as SandboxFile;
    t.not(after.pid, before.pid);
    t.deepEqual(after.providers, before.providers, 'the same URLs and credentials');
    t.is(readFileSync(path.join(state, 'sandbox-connected'), 'utf8'), connected, 'nothing connected again');
    // The stripe-mock the killed sandbox left behind was ended, not kept beside the new one.
    const mocks = readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`127.0.0.1:${env.PAY_SANDBOX_STRIPE_MOCK_PORT}`);
        } catch {
          return false;
        }
      });
    t.is(mocks.length, 1, `one stripe-mock on its port: ${mocks.join(', ')}`);

    // Paid through the restarted sandbox, without a browser: the Pay form post, then Pay on its page.
    const ip = uniqueIp();
    const generated = await request<{ data: { id: string } }>(apiUrl, 'POST', '/api/invoices/generate-external', {
      key: demoKey,
      ip,
      body: {
        customer_name: 'PT Maju',
        currency: 'EUR',
        payment_gateway: 'stripe',
        items: [{ description: 'Design', quantity: 1, price: 10 }],
      },
    });
    t.is(generated.status, 200, generated.text);
    const id = generated.body.data.id;
    const toProvider = await fetch(`${apiUrl}/p/invoice/${id}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'x-forwarded-for': ip },
    });
    t.is(toProvider.status, 303);
    const pageUrl = toProvider.headers.get('location') ?? '';
    t.true(pageUrl.startsWith(`${before.providers.stripe.page_origin}/`), pageUrl);
    const back = await fetch(`${pageUrl}/pay`, { method: 'POST', redirect: 'manual' });
    t.is(back.status, 303);
    t.is(back.headers.get('location'), `${apiUrl}/p/invoice/${id}`);
    const read = await request<{ data: { invoice_status: string } }>(apiUrl, 'GET', `/api/invoices/external/${id}`, {
      key: demoKey,
      ip,
    });
    t.is(read.body.data.invoice_status, 'paid', read.text);
  },
);

test.serial(
  'scripts/down.sh stops what up.sh started, the sandbox providers too, and leaves the shared stack running',
  async (t) => {
    t.timeout(300_000);
    const sandboxPid = Number(readFileSync(path.join(state, 'run/svc-sandbox.pid'), 'utf8'));
    const down = await bash('scripts/down.sh', [], 120_000);
    t.is(down.code, 0, down.stderr);
    t.regex(down.stderr, /services: sandbox stopped/);
    t.regex(down.stderr, /the stack stays up/);
    t.is((await bash('scripts/services.sh', ['status'], 30_000)).code, 1, 'every service is down');
    await waitFor('the gateway port to close', () => refusesConnections(Number(env.GATEWAY_PORT)), 30_000, 100);
    for (const name of ['PAY_SANDBOX_STRIPE_PORT', 'PAY_SANDBOX_STRIPE_MOCK_PORT', 'PAY_SANDBOX_MOLLIE_PORT'])
      await waitFor(`${name} to close`, () => refusesConnections(Number(env[name])), 30_000, 100);
    t.false(existsSync(`/proc/${sandboxPid}/cmdline`) && readFileSync(`/proc/${sandboxPid}/cmdline`, 'utf8') !== '');
    t.is((await bash('deploy/local/stack.sh', ['status'], 30_000)).code, 0, 'the shared stack still runs');
  },
);
