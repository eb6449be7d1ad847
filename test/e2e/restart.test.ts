import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { promises as dnsPromises } from 'node:dns';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { repoRoot, request, sleep, stackEnv, uniqueIp, waitFor } from '../support/platform.ts';
import { secondPlatformEnv } from '../support/second-platform.ts';

/**
 * "Start what is down" after a crash (issue 18): scripts/up.sh and scripts/services.sh restart a
 * service killed with SIGKILL a moment ago (its zombie, or its process still exiting, is no running
 * service), never take a pid file naming someone else's process for the service, never start a
 * second copy of a live one, and start nothing when everything runs. On a second platform of this
 * file's own (state directory, ports, databases, consumer groups), as up.test.ts does, so neither
 * the other test files nor a developer's platform notice.
 */
const runId = randomBytes(4).toString('hex');
const state = path.join(repoRoot, '.local/logs/test', `restart-${runId}`);
const services = ['accounts', 'invoice', 'pdf', 'recurring', 'webhook', 'payment'] as const;
const all = [...services, 'gateway'] as const;
type Service = (typeof all)[number];
let env: Record<string, string> = {};
let keepState = false;
/** The first up.sh of this platform, run by the before hook. */
let firstUp: Awaited<ReturnType<typeof bash>> | undefined;
/** Unrelated processes this file starts; killed at the end. */
const strangers: ChildProcess[] = [];
/** Directories of this file's own outside the state directory; removed with it. */
const scratch: string[] = [];

function bash(script: string, args: string[], timeoutMs: number, prefix: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const [command, ...rest] = [...prefix, 'bash', path.join(repoRoot, script), ...args];
    const child = spawn(command!, rest, { cwd: repoRoot, env });
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

function readProc(pid: number | string, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return '';
  }
}

/**
 * Every process of this platform's service, found without its pid file: main.ts in its command
 * line and this state directory in its environment. Zombies and exiting processes have no command
 * line, so they are never counted.
 */
function processesOf(name: Service): number[] {
  const main = path.join(repoRoot, 'services', name, 'src/main.ts');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => readProc(pid, 'cmdline').split('\0').includes(main))
    .filter((pid) => readProc(pid, 'environ').split('\0').includes(`PLATFORM_STATE_DIR=${state}`))
    .map(Number);
}

const pidFile = (name: Service) => path.join(state, 'run', `svc-${name}.pid`);
const pidInFile = (name: Service) => Number(readFileSync(pidFile(name), 'utf8').trim());

/** True while the pid is a process that is neither gone nor a zombie. */
function alive(pid: number): boolean {
  const stat = readProc(pid, 'stat');
  if (!stat) return false;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[0] !== 'Z' && fields[0] !== 'X';
}

/** Asserts exactly one process of each service runs and the pid file names it; returns the pids. */
function oneEach(t: ExecutionContext, names: readonly Service[] = all): Record<string, number> {
  const pids: Record<string, number> = {};
  for (const name of names) {
    const found = processesOf(name);
    t.is(found.length, 1, `exactly one ${name} process runs (found ${found.join(', ') || 'none'})`);
    t.deepEqual(found, [pidInFile(name)], `the ${name} pid file names it`);
    pids[name] = found[0]!;
  }
  return pids;
}

const admin = () => `http://127.0.0.1:${env.GATEWAY_ADMIN_PORT}`;
const api = () => `http://127.0.0.1:${env.GATEWAY_PORT}`;

/**
 * Whether the platform's DNS (scripts/local-dns.ts) answers `name` with an address: the services
 * reach each other only through it, and it lists a restarted copy only once its own checks pass,
 * which can be after the gateway's health report already sees it serving at its old address.
 */
async function routable(name: string): Promise<boolean> {
  const { dns, zone } = JSON.parse(readFileSync(path.join(state, 'replicas.json'), 'utf8')) as {
    dns: string;
    zone: string;
  };
  const resolver = new dnsPromises.Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([dns]);
  return resolver.resolve4(`${name}.${zone}`).then(
    (addresses) => addresses.length > 0,
    () => false,
  );
}

/** The gateway ready, every service answering its grpc.health.v1 check (docs/health.md) and listed by the DNS. */
async function serving(names: readonly Service[]): Promise<boolean> {
  const ready = await request(api(), 'GET', '/readyz').catch(() => undefined);
  if (ready?.status !== 200) return false;
  const token = readFileSync(path.join(state, 'admin-token'), 'utf8');
  const health = await request<{ data: { checks: Record<string, boolean> } }>(admin(), 'GET', '/admin/health', {
    authorization: `Bearer ${token}`,
  }).catch(() => undefined);
  const checks = health?.body.data?.checks ?? {};
  if (!names.every((name) => name === 'gateway' || checks[name] === true)) return false;
  const grpcNames = names.filter((name) => name !== 'gateway');
  return (await Promise.all(grpcNames.map(routable))).every(Boolean);
}

/** An API call that needs invoice and pdf: generate an invoice, then download its PDF. */
async function generateWithPdf(t: ExecutionContext) {
  const key = readFileSync(path.join(state, 'demo-key'), 'utf8');
  const ip = uniqueIp();
  const res = await request<{ data: { id: string; pdf_url: string } }>(
    api(),
    'POST',
    '/api/invoices/generate-external',
    {
      key,
      ip,
      body: { customer_name: 'PT Maju', items: [{ description: 'Design', quantity: 2, price: 150000 }] },
    },
  );
  t.is(res.status, 200, res.text);
  const pdf = await request(api(), 'GET', `/p/invoice/${res.body.data.id}/pdf`, { ip });
  t.is(pdf.status, 200, pdf.text.slice(0, 300));
  t.true(pdf.text.startsWith('%PDF-'), 'a PDF file');
}

function killNine(pid: number) {
  process.kill(pid, 'SIGKILL');
}

/** A process that is no service of ours, whose pid a stale pid file may happen to name. */
function stranger(): number {
  const child = spawn('sleep', ['1000'], { stdio: 'ignore' });
  strangers.push(child);
  return child.pid!;
}

test.before(async (t) => {
  env = await secondPlatformEnv(state, runId, `restart-${runId}-`);
  t.timeout(600_000);
  firstUp = await bash('scripts/up.sh', [], 480_000);
  if (firstUp.code !== 0) {
    keepState = true;
    throw new Error(
      `up.sh failed; state, logs: ${path.relative(repoRoot, state)}\n${firstUp.stdout}\n${firstUp.stderr}`,
    );
  }
});

test.afterEach.always((t) => {
  if (!t.passed) keepState = true;
});

test.after.always(async () => {
  await bash('scripts/services.sh', ['stop'], 120_000);
  for (const child of strangers) child.kill('SIGKILL');
  const conn = await connectMongo(stackEnv().MONGODB_URI!, 'admin', createLogger('restart-test', 'silent'));
  try {
    for (const name of services) await conn.useDb(`${name}_test_${runId}`, { useCache: false }).dropDatabase();
  } finally {
    await conn.close();
  }
  if (!keepState) for (const dir of [state, ...scratch]) rmSync(dir, { recursive: true, force: true });
});

test.serial('up.sh starts every service once; run again while everything runs, it starts nothing', async (t) => {
  t.timeout(300_000);
  t.log(`state, logs: ${path.relative(repoRoot, state)}`);
  const before = oneEach(t);
  const again = await bash('scripts/up.sh', [], 240_000);
  t.is(again.code, 0, `${again.stdout}\n${again.stderr}`);
  t.deepEqual(oneEach(t), before, 'the same processes');
  for (const name of all) t.regex(firstUp!.stderr, new RegExp(`services: ${name} started \\(pid \\d+\\)`));
  t.regex(again.stderr, /services: nothing started/, again.stderr);
  t.notRegex(again.stderr, /started \(pid/, again.stderr);
});

test.serial(
  'kill -9 of pdf and invoice, then services.sh start at once: both are back, one process each',
  async (t) => {
    t.timeout(300_000);
    const before = oneEach(t);
    killNine(before.pdf!);
    killNine(before.invoice!);
    // No wait: the killed processes are still exiting or zombies that nobody has reaped yet. And no
    // environment but this platform's ports and names: services.sh start alone is enough.
    const start = await bash('scripts/services.sh', ['start'], 120_000);
    t.is(start.code, 0, start.stderr);
    await waitFor('pdf and invoice to serve again', () => serving(all), 60_000, 250);
    const after = oneEach(t);
    t.not(after.pdf, before.pdf);
    t.not(after.invoice, before.invoice);
    t.deepEqual({ ...after, pdf: 0, invoice: 0 }, { ...before, pdf: 0, invoice: 0 }, 'nothing else was started');
    await generateWithPdf(t);
    t.is((await bash('scripts/services.sh', ['status'], 30_000)).code, 0, 'status: everything up');
    t.regex(start.stderr, /pdf started/);
    t.regex(start.stderr, /invoice started/);
  },
);

test.serial('kill -9 of pdf and accounts, then up.sh at once: the platform is back and serving', async (t) => {
  t.timeout(600_000);
  const before = oneEach(t);
  killNine(before.pdf!);
  killNine(before.accounts!);
  const up = await bash('scripts/up.sh', [], 480_000);
  t.is(up.code, 0, `${up.stdout}\n${up.stderr}`);
  t.true(await serving(all), 'up.sh returns once every service answers');
  const after = oneEach(t);
  t.not(after.pdf, before.pdf);
  t.not(after.accounts, before.accounts);
  await generateWithPdf(t);
  t.regex(up.stderr, /pdf started/);
  t.regex(up.stderr, /accounts started/);
});

test.serial('a pid file naming an unrelated live process is no running service: up.sh starts it', async (t) => {
  t.timeout(600_000);
  const before = oneEach(t);
  killNine(before.pdf!);
  await waitFor('the killed pdf to be gone', async () => !alive(before.pdf!), 30_000, 50);
  // As when the pid was reused: the pid file now names a live process that is not the pdf service.
  const sleeper = stranger();
  writeFileSync(pidFile('pdf'), `${sleeper}\n`);
  const status = await bash('scripts/services.sh', ['status', 'pdf'], 30_000);
  t.is(status.code, 1, status.stdout);
  t.regex(status.stdout, /^pdf down$/m);

  const up = await bash('scripts/up.sh', [], 480_000);
  t.is(up.code, 0, `${up.stdout}\n${up.stderr}`);
  const after = oneEach(t);
  t.not(after.pdf, sleeper);
  t.true(alive(sleeper), 'the unrelated process is left alone');
  await generateWithPdf(t);
  t.regex(up.stderr, /pdf started/);
});

test.serial('a live service whose pid file is wrong or missing is adopted, never started twice', async (t) => {
  t.timeout(300_000);
  const before = oneEach(t);
  writeFileSync(pidFile('pdf'), `${stranger()}\n`);
  rmSync(pidFile('invoice'));
  const start = await bash('scripts/services.sh', ['start', 'pdf', 'invoice'], 120_000);
  t.is(start.code, 0, start.stderr);
  // A second copy would die on its taken port: give it the time to show in the pid file.
  await sleep(2_000);
  t.deepEqual(oneEach(t), before, 'the same processes, named by their pid files again');
  t.true(await serving(all));
  t.regex(start.stderr, /services: nothing started/, start.stderr);
});

test.serial('services.sh restart <service> replaces exactly that service', async (t) => {
  t.timeout(300_000);
  const before = oneEach(t);
  const restart = await bash('scripts/services.sh', ['restart', 'pdf'], 120_000);
  t.is(restart.code, 0, restart.stderr);
  await waitFor('pdf to serve again', () => serving(all), 120_000, 250);
  const after = oneEach(t);
  t.not(after.pdf, before.pdf);
  t.false(alive(before.pdf!), 'the old pdf is gone');
  t.deepEqual({ ...after, pdf: 0 }, { ...before, pdf: 0 }, 'nothing else was touched');
  await generateWithPdf(t);
});

test.serial('services.sh stop stops every service and nothing else', async (t) => {
  t.timeout(300_000);
  const sleeper = stranger();
  writeFileSync(pidFile('webhook'), `${sleeper}\n`);
  const before = oneEach(t, ['accounts', 'pdf', 'invoice', 'recurring', 'payment', 'gateway']);
  const stop = await bash('scripts/services.sh', ['stop'], 120_000);
  t.is(stop.code, 0, stop.stderr);
  for (const name of all) t.deepEqual(processesOf(name), [], `no ${name} process is left`);
  for (const pid of Object.values(before)) t.false(alive(pid));
  t.true(alive(sleeper), 'the process its stale pid file named is left alone');
  t.false(existsSync(pidFile('pdf')));
  t.is((await bash('scripts/services.sh', ['status'], 30_000)).code, 1, 'every service is down');
});

/*
 * The same for the local stack (deploy/local/stack.sh), which everyone's tests share and whose
 * addresses are fixed: a second stack runs in namespaces of its own, a network namespace (its own
 * 127.0.0.1, so the same ports are free) and a mount namespace where a scratch directory stands in
 * for .local (its own data, logs and pid files). Needs unshare and nsenter with the rights to use
 * them (root); skipped otherwise.
 */
const canNamespace =
  process.platform === 'linux' &&
  spawnSync('unshare', ['-mn', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('nsenter', ['--version'], { stdio: 'ignore' }).status === 0;

/** What marks each component's process in its command line (deploy/local/stack.sh, marker_of). */
const stackMarkers = {
  redis: 'redis-server',
  mongo: path.join(repoRoot, '.tools/go-bin/ferretdb'),
  smtp: path.join(repoRoot, 'deploy/local/smtp-sink/src/main.ts'),
  kafka: 'kafka.Kafka',
} as const;
type Component = keyof typeof stackMarkers;

(canNamespace ? test.serial : test.serial.skip)(
  'deploy/local/stack.sh up brings back a component killed with kill -9 a moment ago, once, and takes no reused pid for it',
  async (t) => {
    t.timeout(900_000);
    const local = mkdtempSync(path.join(os.tmpdir(), 'restart-stack-'));
    scratch.push(local);
    t.log(`second stack's .local: ${local}`);
    const holder = spawn(
      'unshare',
      [
        '-mn',
        'bash',
        '-c',
        'ip link set lo up && mount --bind "$0" "$1" && echo ready && exec sleep infinity',
        local,
        path.join(repoRoot, '.local'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('ready') && resolve());
      holder.once('exit', (code) => reject(new Error(`unshare exited (${code})`)));
    });
    const netns = readlinkSync(`/proc/${holder.pid}/ns/net`);
    const inside = ['nsenter', '-t', String(holder.pid), '-m', '-n'];
    // Its own stack: none of the running stack's addresses may make a component look external.
    const stackVars = ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL', 'SMTP_URL', 'SMTP_SINK_URL'];
    const saved = env;
    env = Object.fromEntries(Object.entries(saved).filter(([key]) => !stackVars.includes(key)));
    const stack = (...args: string[]) => bash('deploy/local/stack.sh', args, 400_000, inside);
    /** The component's processes in the second stack's network namespace, zombies aside. */
    const running = (c: Component) =>
      readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid) && alive(Number(pid)))
        .filter((pid) => readProc(pid, 'cmdline').split('\0').join(' ').includes(stackMarkers[c]))
        .filter((pid) => {
          try {
            return readlinkSync(`/proc/${pid}/ns/net`) === netns;
          } catch {
            return false;
          }
        })
        .map(Number);
    const pidOf = (c: Component) => Number(readFileSync(path.join(local, 'run', `${c}.pid`), 'utf8').trim());
    const oneOf = (c: Component) => {
      const found = running(c);
      t.deepEqual(found, [pidOf(c)], `exactly one ${c} process runs and its pid file names it`);
      return found[0]!;
    };
    try {
      const up = await stack('up');
      t.is(up.code, 0, up.stderr);
      const first = Object.fromEntries((Object.keys(stackMarkers) as Component[]).map((c) => [c, oneOf(c)]));

      const again = await stack('up');
      t.is(again.code, 0, again.stderr);
      t.regex(again.stderr, /everything was already running/);
      for (const c of Object.keys(stackMarkers) as Component[]) t.is(oneOf(c), first[c]!, `the same ${c}`);

      for (const c of Object.keys(stackMarkers) as Component[]) {
        const killed = pidOf(c);
        killNine(killed);
        // At once: the killed process is still exiting, or a zombie init has not reaped yet.
        const back = await stack('up');
        t.is(back.code, 0, `${c}: ${back.stderr}`);
        t.is((await stack('status')).code, 0, `${c}: every component answers`);
        t.not(oneOf(c), killed, `${c} is a new process`);
      }

      // A pid file naming a live process that is no redis of this stack (a pid reused by anything
      // that looks like one): not running, so up starts redis and leaves that process alone.
      const redis = pidOf('redis');
      killNine(redis);
      await waitFor('the killed redis to be gone', async () => !alive(redis), 30_000, 50);
      const impostor = spawn('bash', ['-c', 'exec -a redis-server sleep 1000'], { stdio: 'ignore' });
      strangers.push(impostor);
      await waitFor(
        'the impostor',
        async () => readProc(impostor.pid!, 'cmdline').startsWith('redis-server'),
        10_000,
        20,
      );
      writeFileSync(path.join(local, 'run', 'redis.pid'), `${impostor.pid}\n`);
      const reused = await stack('up');
      t.is(reused.code, 0, reused.stderr);
      t.not(oneOf('redis'), impostor.pid!);
      t.true(alive(impostor.pid!), 'the impostor is left alone');
      t.regex(reused.stderr, /redis: started/);
    } finally {
      const down = await stack('down');
      if (down.code !== 0) t.log(down.stderr);
      env = saved;
      holder.kill('SIGKILL');
      for (const c of Object.keys(stackMarkers) as Component[]) {
        for (const pid of running(c)) process.kill(pid, 'SIGKILL');
      }
    }
  },
);
