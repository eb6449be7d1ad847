/**
 * The local platform's sandbox payment providers (docs/local-pay-flow.md): the six fakes of this
 * folder, which the tests use too (stripe-mock behind its proxy for Stripe), as one long-running
 * process, so an invoice generated with `payment_gateway` can be paid on the local stack.
 *
 * scripts/services.sh starts it as the unit `sandbox` (before the services; `services.sh stop`
 * and scripts/down.sh stop it) with the platform's environment. It listens on the ports of
 * PAY_SANDBOX_<NAME>_PORT, by default PAY_SANDBOX_PORT_BASE (18100) + the name's place in
 * `portNames`; services.sh derives the services' settings (PAYMENT_<PROVIDER>_BASE_URL,
 * PAY_REDIRECT_SOURCES) from the same ports, and this process refuses to run if they disagree.
 * Every provider notifies {PUBLIC_BASE_URL}/p/pay/{provider}/notify.
 *
 * Once all six answer it writes <PLATFORM_STATE_DIR>/sandbox-providers.json (mode 0600): its pid,
 * each provider's base URL, page origin, notify URL and the credentials it accepts, which up.sh
 * connects to the demo workspace with. A restart reads the credentials back from that file, so a
 * connection made earlier keeps working.
 *
 * Local only: nothing of this is in the chart.
 */
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeMidtrans } from './midtrans.ts';
import { startFakeMollie } from './mollie.ts';
import { startFakePaypal } from './paypal.ts';
import { startFakeRazorpay } from './razorpay.ts';
import { startFakeStripe, stripeMockBin } from './stripe.ts';
import type { FakeProvider } from './types.ts';
import { startFakeXendit } from './xendit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const self = fileURLToPath(import.meta.url);

/** Every port the sandbox listens on, in the order of PAY_SANDBOX_PORT_BASE's offsets. */
export const portNames = [
  'STRIPE',
  'STRIPE_MOCK',
  'STRIPE_MOCK_HTTPS',
  'MOLLIE',
  'MOLLIE_PAGES',
  'PAYPAL',
  'MIDTRANS',
  'XENDIT',
  'RAZORPAY',
] as const;
export type PortName = (typeof portNames)[number];

export const providers = ['stripe', 'mollie', 'paypal', 'midtrans', 'xendit', 'razorpay'] as const;
export type SandboxProvider = (typeof providers)[number];

/** What the sandbox writes to <state>/sandbox-providers.json. */
export interface SandboxFile {
  pid: number;
  started_at: string;
  /** The gateway's form-action sources for the fakes' pages (services.sh sets the same). */
  redirect_sources: string;
  providers: Record<
    SandboxProvider,
    { base_url: string; page_origin: string; notify_url: string; credentials: Record<string, string> }
  >;
}

export function sandboxPorts(env: Record<string, string | undefined> = process.env): Record<PortName, number> {
  const base = Number(env.PAY_SANDBOX_PORT_BASE || 18100);
  return Object.fromEntries(
    portNames.map((name, i) => [name, Number(env[`PAY_SANDBOX_${name}_PORT`] || base + i)]),
  ) as Record<PortName, number>;
}

const log = (message: string) => console.log(`${new Date().toISOString()} sandbox: ${message}`);

function readProc(pid: string, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return '';
  }
}

/**
 * stripe-mock is this process's child: a sandbox killed with SIGKILL leaves it behind, still on
 * this platform's stripe-mock port. Such an orphan (its parent no sandbox) is ended first.
 */
async function endOrphanedStripeMock(port: number): Promise<void> {
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const argv = readProc(pid, 'cmdline').split('\0');
    if (argv[0] !== stripeMockBin || !argv.includes(`127.0.0.1:${port}`)) continue;
    const stat = readProc(pid, 'stat');
    const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '';
    if (readProc(ppid, 'cmdline').split('\0').includes(self)) continue;
    log(`ending the stripe-mock left behind on port ${port} (pid ${pid})`);
    process.kill(Number(pid), 'SIGKILL');
    for (let i = 0; i < 100 && readProc(pid, 'cmdline') !== ''; i++) await new Promise((r) => setTimeout(r, 50));
  }
}

async function main(): Promise<void> {
  const state = path.resolve(process.env.PLATFORM_STATE_DIR || path.join(root, '.local'));
  const file = path.join(state, 'sandbox-providers.json');
  const publicBase = (process.env.PUBLIC_BASE_URL || `http://127.0.0.1:${process.env.GATEWAY_PORT || 8080}`).replace(
    /\/+$/,
    '',
  );
  const ports = sandboxPorts();
  let previous: Partial<SandboxFile> = {};
  try {
    previous = JSON.parse(readFileSync(file, 'utf8')) as SandboxFile;
  } catch {
    // First start: fresh credentials.
  }
  const opts = (provider: SandboxProvider, port: number) => ({
    port,
    notifyUrl: `${publicBase}/p/pay/${provider}/notify`,
    credentials: previous.providers?.[provider]?.credentials,
  });

  await endOrphanedStripeMock(ports.STRIPE_MOCK);
  const fakes = {} as Record<SandboxProvider, FakeProvider>;
  const starting = await Promise.allSettled([
    startFakeStripe({
      ...opts('stripe', ports.STRIPE),
      mockPorts: { http: ports.STRIPE_MOCK, https: ports.STRIPE_MOCK_HTTPS },
    }).then((f) => (fakes.stripe = f)),
    startFakeMollie({ ...opts('mollie', ports.MOLLIE), pagesPort: ports.MOLLIE_PAGES }).then((f) => (fakes.mollie = f)),
    startFakePaypal(opts('paypal', ports.PAYPAL)).then((f) => (fakes.paypal = f)),
    startFakeMidtrans(opts('midtrans', ports.MIDTRANS)).then((f) => (fakes.midtrans = f)),
    startFakeXendit(opts('xendit', ports.XENDIT)).then((f) => (fakes.xendit = f)),
    startFakeRazorpay(opts('razorpay', ports.RAZORPAY)).then((f) => (fakes.razorpay = f)),
  ]);
  const stopAll = () => Promise.allSettled(Object.values(fakes).map((f) => f.stop()));
  const failed = starting.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed.length > 0) {
    await stopAll();
    throw new Error(`could not start: ${failed.map((s) => String(s.reason)).join('; ')}`);
  }

  // The services reach the fakes where services.sh told them to; a fake elsewhere would never be called.
  for (const provider of providers) {
    const expected = process.env[`PAYMENT_${provider.toUpperCase()}_BASE_URL`];
    if (expected !== undefined && expected !== fakes[provider].baseUrl) {
      await stopAll();
      throw new Error(
        `PAYMENT_${provider.toUpperCase()}_BASE_URL is ${expected}, but the ${provider} fake is at ${fakes[provider].baseUrl}`,
      );
    }
  }

  const pageOrigin = (f: FakeProvider) => f.pageOrigin ?? new URL(f.baseUrl).origin;
  const out: SandboxFile = {
    pid: process.pid,
    started_at: new Date().toISOString(),
    redirect_sources: ['https:', ...new Set(providers.map((p) => pageOrigin(fakes[p])))].join(' '),
    providers: Object.fromEntries(
      providers.map((p) => [
        p,
        {
          base_url: fakes[p].baseUrl,
          page_origin: pageOrigin(fakes[p]),
          notify_url: `${publicBase}/p/pay/${p}/notify`,
          credentials: fakes[p].credentials,
        },
      ]),
    ) as SandboxFile['providers'],
  };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(out, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  for (const p of providers) log(`${p} at ${fakes[p].baseUrl}, pages on ${pageOrigin(fakes[p])}`);
  log(`ready; settings and credentials in ${file}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] === self) {
  main().catch((err: unknown) => {
    log(`ERROR: ${(err as Error).message}`);
    process.exit(1);
  });
}
