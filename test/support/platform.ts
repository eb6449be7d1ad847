import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { connectTestHooks } from '@invoice-platform/common/services';
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import { freePort, sleep, waitFor } from '@invoice-platform/sandbox/net';
import { LocalDns, type RegisteredReplica } from '@invoice-platform/local-dns/local-dns';
import { mailEnv } from './mail.ts';

// Ports and waiting are the local sandbox's too (deploy/local/sandbox/net.ts): one set of port claims.
export { freePort, sleep, waitFor };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const telemetryPreload = path.join(repoRoot, 'services/common/src/telemetry/preload.ts');
const logDir = path.join(repoRoot, '.local/logs/test');

/** KAFKA_BROKERS, MONGODB_URI, REDIS_URL of the running stack: the environment wins over .local/stack.env. */
export function stackEnv(): Record<string, string> {
  const file = path.join(repoRoot, '.local/stack.env');
  const fromFile: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) fromFile[m[1]!] = m[2]!;
    }
  }
  const env: Record<string, string> = {};
  for (const key of ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL']) {
    const value = process.env[key] ?? fromFile[key];
    if (!value)
      throw new Error(`${key} is not set and .local/stack.env lacks it: start the stack with deploy/local/stack.sh up`);
    env[key] = value;
  }
  for (const key of ['SMTP_URL', 'SMTP_SINK_URL']) {
    const value = process.env[key] ?? fromFile[key];
    if (value) env[key] = value;
  }
  return env;
}

/** True once nothing accepts a connection on the loopback port any more. */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

export class ServiceProcess {
  readonly name: string;
  private child: ChildProcess | undefined;
  private readonly entry: string;
  private readonly env: Record<string, string>;
  private exited: Promise<void> = Promise.resolve();
  /** What the process has printed so far, for waitForOutput (its log file gets it all too). */
  private output = '';
  /** The log file of each start of this process: everything it printed, stdout and stderr. */
  readonly logFiles: string[] = [];
  /** Settles once the latest log file has all the process wrote, after it exited. */
  private logClosed: Promise<void> = Promise.resolve();

  constructor(name: string, entry: string, env: Record<string, string>) {
    this.name = name;
    this.entry = entry;
    this.env = env;
  }

  /**
   * Where this process serves Prometheus metrics, from its "metrics listening" log line (printed
   * as it starts, before the service's own modules load); undefined until then.
   */
  get metricsUrl(): string | undefined {
    const line = /^.*"msg":"metrics listening".*$/m.exec(this.output)?.[0];
    if (!line) return undefined;
    const { host, port } = JSON.parse(line) as { host: string; port: number };
    return `http://${host}:${port}/metrics`;
  }

  /** Waits until the process has printed something matching `pattern` (a log line). */
  async waitForOutput(pattern: RegExp, timeoutMs = 60_000): Promise<void> {
    await waitFor(`${this.name} to print ${pattern}`, async () => pattern.test(this.output), timeoutMs, 100);
  }

  start(): void {
    mkdirSync(logDir, { recursive: true });
    const logFile = path.join(logDir, `${this.name}-${Date.now()}-${randomBytes(3).toString('hex')}.log`);
    const log = createWriteStream(logFile);
    this.logFiles.push(logFile);
    this.logClosed = new Promise((resolve) => log.once('close', () => resolve()));
    // The flags every deployment starts services with (scripts/services.sh, the Dockerfile): the
    // telemetry preload loads before the service's own modules (docs/observability.md).
    const child = spawn(
      process.execPath,
      ['--max-semi-space-size=2', '--import', telemetryPreload, path.join(repoRoot, this.entry)],
      {
        env: {
          ...process.env,
          // Each process serves /metrics on a port of its own, any free one; it names it in a log line.
          OTEL_SERVICE_NAME: this.name,
          OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
          OTEL_EXPORTER_PROMETHEUS_PORT: '0',
          ...this.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // Two streams into one file: neither may end it while the other still writes.
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    child.once('close', () => log.end());
    this.output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      // The start-up lines are what tests wait for; later output is only kept in the log file.
      if (this.output.length < 1_000_000) this.output += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.child = child;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The pid of the latest start (benchmarks count its CPU time), if started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Everything the process printed, stdout and stderr of every start, from its log files: all of
   * it once the process has stopped, what has reached the files so far while it runs.
   */
  async readLog(): Promise<string> {
    if (!this.running) await this.logClosed;
    const texts = await Promise.all(this.logFiles.map((file) => readFile(file, 'utf8')));
    return texts.join('');
  }

  /**
   * Sends `signal` and returns at once: SIGSTOP freezes the process as a hung one would (its
   * sockets stay open, nothing answers), SIGCONT thaws it.
   */
  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child!.kill(signal);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.child!.kill(signal);
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), killAfterMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * How long a copy may take to join its consumer group: a join waits for the group's rebalance,
 * which waits up to the members' rebalance timeout (kafkajs: 60 s) for the others to rejoin. With
 * two copies the 10-minute chaos run saw 47-60 s after a copy was killed (docs/scaling.md).
 */
const consumerJoinMs = 150_000;

/**
 * Services join their consumer groups in the background (Kafka must not hold up their gRPC API,
 * docs/health.md), and a new group starts at the topic's end: tests act only once it has joined.
 */
async function consuming(proc: ServiceProcess): Promise<void> {
  await proc.waitForOutput(/"up":true,"msg":"(invoice\.lifecycle\.v1|recurring) consumer status"/, consumerJoinMs);
  // The webhook service also reads recurring.v1 (recurring.paused), in a group of its own.
  if (proc.name === 'webhook')
    await proc.waitForOutput(/"up":true,"msg":"recurring\.v1 consumer status"/, consumerJoinMs);
}

export interface GatewayHandle {
  baseUrl: string;
  adminUrl: string;
  process: ServiceProcess;
}

export interface PlatformOptions {
  /** Extra env for every gateway started by this platform. */
  gatewayEnv?: Record<string, string>;
  /** Also run the invoice and pdf services (without them their routes answer 501). */
  invoices?: boolean;
  /** Also run the recurring service (needs `invoices`). */
  recurring?: boolean;
  recurringEnv?: Record<string, string>;
  /** Extra env for the accounts service (e.g. NODE_ENV=production). */
  accountsEnv?: Record<string, string>;
  invoiceEnv?: Record<string, string>;
  pdfEnv?: Record<string, string>;
  /** Also run the webhook service (its own database and consumer group, http to loopback allowed). */
  webhooks?: boolean;
  webhookEnv?: Record<string, string>;
  /**
   * Also run the payment service (needs `invoices`), with each provider's API base URL: the fakes'
   * of deploy/local/sandbox/ (a provider left out keeps its real default, never reached).
   */
  payments?: Partial<Record<PaymentProvider, string>>;
  paymentEnv?: Record<string, string>;
  /**
   * Extra env for every service process of this platform, before each one's own: e.g.
   * OTEL_EXPORTER_OTLP_ENDPOINT to export its spans to a test's receiver.
   */
  telemetryEnv?: Record<string, string>;
  /**
   * Runs this many copies of every service, the gateway included, as the local platform's
   * `up.sh --replicas N` does (docs/scaling.md): copy n of a service listens on 127.0.0.n at the
   * service's port, the services reach their peers through a DNS server of this platform's own
   * (deploy/local/dns/local-dns.ts) that answers with the ready copies, and the gateways share their
   * ports. Unset: one process of each on 127.0.0.1, peers by address, as before.
   */
  replicas?: number;
  /** Env for every service process of a platform with replicas (e.g. GRPC_MAX_CONNECTION_AGE_MS). */
  replicaEnv?: Record<string, string>;
}

/** The gRPC services a platform may run (the gateway is its HTTP front). */
export type GrpcService = Exclude<PlatformService, 'gateway'>;

/** One running copy of a service on a platform with replicas. */
export interface Copy {
  service: PlatformService;
  /** 1, 2, …: it listens on 127.0.0.<replica> (a gateway: on the shared ports). */
  replica: number;
  process: ServiceProcess;
  /** Where it serves gRPC (ip:port); a gateway's public port. */
  address: string;
}

/** The service processes a platform runs, by name. */
export type PlatformService = 'gateway' | 'accounts' | 'invoice' | 'pdf' | 'recurring' | 'webhook' | 'payment';

/**
 * Starts accounts and one gateway as real processes on free ports, with databases of their own,
 * against the running local stack. Each test file gets its own platform, so files run in parallel.
 */
export class Platform {
  readonly adminToken = `test-admin-${randomBytes(16).toString('hex')}`;
  readonly stack = stackEnv();
  readonly runId = randomBytes(4).toString('hex');
  /** One key ring for every webhook replica and restart of this platform (they share one database). */
  readonly webhookSecretKeys = `k1:${randomBytes(32).toString('base64')}`;
  /** The key ring sealing payment gateway credentials in accounts. */
  readonly accountsSecretKeys = `k1:${randomBytes(32).toString('base64')}`;
  private readonly processes: ServiceProcess[] = [];
  private readonly options: PlatformOptions;
  accountsAddr = '';
  invoiceAddr = '';
  pdfAddr = '';
  recurringAddr = '';
  gatewayPort = 0;
  gateway!: GatewayHandle;
  invoiceProcess: ServiceProcess | undefined;
  pdfProcess: ServiceProcess | undefined;
  recurringProcesses: ServiceProcess[] = [];
  webhookAddr = '';
  webhookProcesses: ServiceProcess[] = [];
  paymentAddr = '';
  paymentProcess: ServiceProcess | undefined;
  /** With `replicas`: the service discovery of this platform, and every copy started (live or not). */
  dns: LocalDns | undefined;
  private readonly allCopies: Copy[] = [];
  private readonly grpcPorts = new Map<GrpcService, number>();
  private gatewayAdminPort = 0;
  /** The recurring test clock, set on every copy that starts (each keeps its own). */
  private recurringClock: string | undefined;

  constructor(options: PlatformOptions = {}) {
    this.options = options;
  }

  async start(): Promise<this> {
    if (this.options.replicas !== undefined) return this.startReplicated(this.options.replicas);
    this.accountsAddr = `127.0.0.1:${await freePort()}`;
    const accounts = this.newAccounts();
    accounts.start();
    this.processes.push(accounts);
    this.gatewayPort = await freePort();
    if (this.options.recurring) this.recurringAddr = `127.0.0.1:${await freePort()}`;
    if (this.options.invoices) {
      this.invoiceAddr = `127.0.0.1:${await freePort()}`;
      this.pdfAddr = `127.0.0.1:${await freePort()}`;
      this.pdfProcess = this.newPdf();
      this.pdfProcess.start();
      this.invoiceProcess = this.newInvoice();
      this.invoiceProcess.start();
      this.processes.push(this.pdfProcess, this.invoiceProcess);
    }
    if (this.options.recurring) {
      const recurring = this.newRecurring(this.recurringAddr);
      recurring.start();
      this.recurringProcesses.push(recurring);
      this.processes.push(recurring);
    }
    if (this.options.webhooks) {
      this.webhookAddr = `127.0.0.1:${await freePort()}`;
      const webhook = this.newWebhook(this.webhookAddr);
      webhook.start();
      this.webhookProcesses.push(webhook);
      this.processes.push(webhook);
    }
    if (this.options.payments) {
      this.paymentAddr = `127.0.0.1:${await freePort()}`;
      this.paymentProcess = this.newPayment();
      this.paymentProcess.start();
      this.processes.push(this.paymentProcess);
    }
    this.gateway = await this.startGateway({}, this.gatewayPort);
    if (this.options.webhooks) await this.waitServing(this.webhookAddr, 'webhook');
    if (this.options.webhooks) await consuming(this.webhookProcesses[0]!);
    if (this.options.recurring) await consuming(this.recurringProcesses[0]!);
    if (this.options.payments) await this.waitServing(this.paymentAddr, 'payment');
    if (this.pdfProcess) await this.pdfConsuming(this.pdfProcess);
    return this;
  }

  /** The services this platform runs, in start order (a peer before its callers, where it can be). */
  private grpcServices(): GrpcService[] {
    const o = this.options;
    return [
      'accounts',
      ...(o.invoices ? (['pdf', 'invoice'] as const) : []),
      ...(o.recurring ? (['recurring'] as const) : []),
      ...(o.webhooks ? (['webhook'] as const) : []),
      ...(o.payments ? (['payment'] as const) : []),
    ];
  }

  /** Every copy of `service` whose process runs, by replica number. */
  copies(service: PlatformService): Copy[] {
    return this.allCopies
      .filter((c) => c.service === service && c.process.running)
      .sort((a, b) => a.replica - b.replica);
  }

  /** What the DNS answers from: the running copies of the gRPC services. */
  private registered(): RegisteredReplica[] {
    return this.allCopies
      .filter((c) => c.service !== 'gateway' && c.process.running)
      .map((c) => ({ service: c.service, address: c.address }));
  }

  private async startReplicated(replicas: number): Promise<this> {
    this.dns = await new LocalDns({
      zone: `p${this.runId}.internal`,
      replicas: () => this.registered(),
      checkEveryMs: 500,
    }).start();
    for (const service of this.grpcServices()) {
      const port = await freePort();
      this.grpcPorts.set(service, port);
      const target = this.dns.target(service, port);
      if (service === 'accounts') this.accountsAddr = target;
      if (service === 'invoice') this.invoiceAddr = target;
      if (service === 'pdf') this.pdfAddr = target;
      if (service === 'recurring') this.recurringAddr = target;
      if (service === 'webhook') this.webhookAddr = target;
      if (service === 'payment') this.paymentAddr = target;
    }
    this.gatewayPort = await freePort();
    this.gatewayAdminPort = await freePort();
    // Every copy of every service at once, then each waited for: ready (in the DNS), consuming.
    const starting: Promise<Copy>[] = [];
    for (const service of this.grpcServices())
      for (let n = 1; n <= replicas; n++) starting.push(this.startCopy(service, n));
    await Promise.all(starting);
    // The gateways last, once every copy they call answers: one resolving a peer while a copy of it
    // still starts would send that copy nothing until its first connection ends.
    const gateways: Promise<Copy>[] = [];
    for (let n = 1; n <= replicas; n++) gateways.push(this.startCopy('gateway', n));
    await Promise.all(gateways);
    await this.waitReady();
    return this;
  }

  /**
   * Starts copy `replica` of `service` (the next free number when not given) and returns once it
   * is ready: a gRPC copy answers its health check and the DNS answers with it, and has joined its
   * consumer group; a gateway answers /readyz on its own.
   */
  async startCopy(service: PlatformService, replica?: number): Promise<Copy> {
    if (!this.dns) throw new Error('startCopy needs a platform with replicas');
    const n = replica ?? Math.max(0, ...this.copies(service).map((c) => c.replica)) + 1;
    if (service === 'gateway') {
      // The copies share both ports (SO_REUSEPORT): a probe there may reach any of them, so each
      // is waited for by its own log line.
      const proc = this.newGateway(this.gatewayPort, this.gatewayAdminPort, { GATEWAY_REUSE_PORT: 'true' });
      proc.start();
      this.processes.push(proc);
      const copy: Copy = { service, replica: n, process: proc, address: `127.0.0.1:${this.gatewayPort}` };
      this.allCopies.push(copy);
      const handle = {
        baseUrl: `http://127.0.0.1:${this.gatewayPort}`,
        adminUrl: `http://127.0.0.1:${this.gatewayAdminPort}`,
        process: proc,
      };
      if (!this.gateway?.process.running) this.gateway = handle;
      await proc.waitForOutput(/"msg":"gateway listening"/);
      return copy;
    }
    const address = `127.0.0.${n}:${this.grpcPorts.get(service)!}`;
    const listen = { [`${service.toUpperCase()}_LISTEN_ADDR`]: address };
    const proc = this.newProcess(service, listen);
    proc.start();
    this.processes.push(proc);
    const copy: Copy = { service, replica: n, process: proc, address };
    this.allCopies.push(copy);
    await this.waitServing(address, `${service} copy ${n}`);
    await waitFor(`the DNS to answer with ${service} copy ${n}`, async () => {
      await this.dns!.refresh();
      return this.dns!.readyAddresses(service).includes(address);
    });
    if (service === 'recurring' && this.recurringClock !== undefined) await this.setClockOf(copy, this.recurringClock);
    if (service === 'recurring' || service === 'webhook') await consuming(proc);
    if (service === 'pdf') await this.pdfConsuming(proc);
    return copy;
  }

  /** A new process of a gRPC service, with this platform's settings and `extraEnv` over them. */
  private newProcess(service: GrpcService, extraEnv: Record<string, string>): ServiceProcess {
    switch (service) {
      case 'accounts':
        return this.newAccounts(extraEnv);
      case 'invoice':
        return this.newInvoice(extraEnv);
      case 'pdf':
        return this.newPdf(extraEnv);
      case 'recurring':
        return this.newRecurring(extraEnv[`RECURRING_LISTEN_ADDR`] ?? this.recurringAddr, extraEnv);
      case 'webhook':
        return this.newWebhook(extraEnv[`WEBHOOK_LISTEN_ADDR`] ?? this.webhookAddr, extraEnv);
      case 'payment':
        return this.newPayment(extraEnv);
    }
  }

  /** Ends a copy with `signal` (SIGKILL: as a crash) and waits until it has exited. */
  async stopCopy(copy: Copy, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    await copy.process.stop(signal);
  }

  /** Starts a copy again under its replica number (a supervisor's restart), once the old one is gone. */
  async restartCopy(copy: Copy, signal: NodeJS.Signals = 'SIGKILL'): Promise<Copy> {
    await copy.process.stop(signal);
    return this.startCopy(copy.service, copy.replica);
  }

  /**
   * The recurring test clock at `now` (ISO), on every copy: each keeps its own, so it is set on
   * each directly (the admin API's `PUT /recurring/clock` reaches one copy), and on every copy
   * started later.
   */
  async setRecurringClock(now: string): Promise<void> {
    this.recurringClock = now;
    if (!this.dns) {
      const res = await this.admin('PUT', '/recurring/clock', { now });
      if (res.status !== 200) throw new Error(`set the recurring clock: ${res.status} ${JSON.stringify(res.body)}`);
      return;
    }
    for (const copy of this.copies('recurring')) await this.setClockOf(copy, now);
  }

  /** Through the copy's test hooks (testhooks/v1), which it serves with RECURRING_TEST_HOOKS on. */
  private async setClockOf(copy: Copy, now: string): Promise<void> {
    const client = connectTestHooks(copy.address);
    try {
      await client.call('SetClock', { now }, 10_000);
    } finally {
      client.close();
    }
  }

  /** Env every service process of this platform starts with, before its own. */
  private baseEnv(): Record<string, string> {
    return {
      ...this.options.telemetryEnv,
      // Peers named by the platform's own DNS server, which grpc-js asks only with this on.
      ...(this.options.replicas !== undefined
        ? { GRPC_NODE_USE_ALTERNATIVE_RESOLVER: 'true', ...this.options.replicaEnv }
        : {}),
    };
  }

  newAccounts(extraEnv: Record<string, string> = {}): ServiceProcess {
    return new ServiceProcess('accounts', 'services/accounts/src/main.ts', {
      ...this.baseEnv(),
      ...this.stack,
      LOG_LEVEL: 'info',
      ACCOUNTS_LISTEN_ADDR: this.accountsAddr,
      ACCOUNTS_DB_NAME: `accounts_test_${this.runId}`,
      ACCOUNTS_SECRET_KEYS: this.accountsSecretKeys,
      ...this.options.accountsEnv,
      ...extraEnv,
    });
  }

  newInvoice(extraEnv: Record<string, string> = {}): ServiceProcess {
    return new ServiceProcess('invoice', 'services/invoice/src/main.ts', {
      ...this.baseEnv(),
      ...this.stack,
      LOG_LEVEL: 'info',
      INVOICE_LISTEN_ADDR: this.invoiceAddr,
      INVOICE_DB_NAME: `invoice_test_${this.runId}`,
      ACCOUNTS_ADDR: this.accountsAddr,
      PDF_ADDR: this.pdfAddr,
      RECURRING_ADDR: this.recurringAddr,
      PUBLIC_BASE_URL: `http://127.0.0.1:${this.gatewayPort}`,
      INVOICE_TEST_HOOKS: 'true',
      ...this.options.invoiceEnv,
      ...extraEnv,
    });
  }

  /** A recurring service process; a second one on another address shares the same database (replica tests). */
  newRecurring(addr: string, extraEnv: Record<string, string> = {}): ServiceProcess {
    return new ServiceProcess('recurring', 'services/recurring/src/main.ts', {
      ...this.baseEnv(),
      ...this.stack,
      LOG_LEVEL: 'info',
      RECURRING_LISTEN_ADDR: addr,
      RECURRING_DB_NAME: `recurring_test_${this.runId}`,
      ACCOUNTS_ADDR: this.accountsAddr,
      INVOICE_ADDR: this.invoiceAddr,
      PDF_ADDR: this.pdfAddr,
      PUBLIC_BASE_URL: `http://127.0.0.1:${this.gatewayPort}`,
      RECURRING_TEST_HOOKS: 'true',
      KAFKA_CONSUMER_GROUP: `recurring-${this.runId}`,
      // Tests drive the scheduler with RunSchedulerOnce; the periodic pass stays out of the way.
      SCHEDULER_INTERVAL_MS: '3600000',
      ...this.options.recurringEnv,
      ...extraEnv,
    });
  }

  /** Starts another recurring replica on the same database and returns its address. */
  async startRecurringReplica(extraEnv: Record<string, string> = {}): Promise<string> {
    const addr = `127.0.0.1:${await freePort()}`;
    const proc = this.newRecurring(addr, extraEnv);
    proc.start();
    this.recurringProcesses.push(proc);
    this.processes.push(proc);
    return addr;
  }

  newPdf(extraEnv: Record<string, string> = {}): ServiceProcess {
    return new ServiceProcess('pdf', 'services/pdf/src/main.ts', {
      ...this.baseEnv(),
      ...this.stack,
      LOG_LEVEL: 'info',
      PDF_LISTEN_ADDR: this.pdfAddr,
      PDF_DB_NAME: `pdf_test_${this.runId}`,
      KAFKA_CONSUMER_GROUP: `pdf-${this.runId}`,
      INVOICE_ADDR: this.invoiceAddr,
      ...this.options.pdfEnv,
      ...extraEnv,
    });
  }

  /** Replaces a running service process (crash tests, config changes) and waits until the gateway sees it ready. */
  async restart(
    which: 'invoice' | 'pdf' | 'recurring',
    extraEnv: Record<string, string> = {},
    signal: NodeJS.Signals = 'SIGTERM',
    waitReady = true,
  ): Promise<void> {
    if (which === 'recurring') {
      await this.recurringProcesses[0]?.stop(signal);
      const next = this.newRecurring(this.recurringAddr, extraEnv);
      next.start();
      this.processes.push(next);
      this.recurringProcesses[0] = next;
      if (waitReady) await this.waitServing(this.recurringAddr, 'recurring');
      if (waitReady) await consuming(next);
      return;
    }
    const old = which === 'invoice' ? this.invoiceProcess : this.pdfProcess;
    await old?.stop(signal);
    const next = which === 'invoice' ? this.newInvoice(extraEnv) : this.newPdf(extraEnv);
    next.start();
    this.processes.push(next);
    if (which === 'invoice') this.invoiceProcess = next;
    else this.pdfProcess = next;
    if (waitReady) await this.waitReady();
    else await sleep(4000);
    if (which === 'pdf' && waitReady) await this.pdfConsuming(next);
  }

  /**
   * The pdf service joins its re-render consumer group in the background (Kafka must not hold up
   * its gRPC API), and a new group starts at the topic's end: a status change made before it joins
   * would never be re-rendered. Tests start changing invoices only once it has joined.
   */
  private pdfConsuming(pdf: ServiceProcess): Promise<void> {
    return pdf.waitForOutput(/"up":true,"msg":"invoice\.lifecycle\.v1 consumer status"/, consumerJoinMs);
  }

  /** A webhook service process on `addr`; replicas on other addresses share its database and group. */
  newWebhook(addr: string, extraEnv: Record<string, string> = {}): ServiceProcess {
    return new ServiceProcess('webhook', 'services/webhook/src/main.ts', {
      ...this.baseEnv(),
      ...this.stack,
      SMTP_URL: mailEnv().SMTP_URL,
      LOG_LEVEL: 'info',
      WEBHOOK_LISTEN_ADDR: addr,
      WEBHOOK_DB_NAME: `webhook_test_${this.runId}`,
      WEBHOOK_SECRET_KEYS: this.webhookSecretKeys,
      KAFKA_CONSUMER_GROUP: `webhook-${this.runId}`,
      ACCOUNTS_ADDR: this.accountsAddr,
      WEBHOOK_TEST_HOOKS: 'true',
      WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
      ...this.options.webhookEnv,
      ...extraEnv,
    });
  }

  /** The payment service process, its providers at the base URLs of `options.payments`. */
  newPayment(extraEnv: Record<string, string> = {}): ServiceProcess {
    const baseUrls = Object.entries(this.options.payments ?? {}).map(([provider, url]) => [
      `PAYMENT_${provider.toUpperCase()}_BASE_URL`,
      url,
    ]);
    // A fake served over TLS on loopback (Mollie's: its SDK speaks only HTTPS and pins its own CA
    // bundle) has a self-signed certificate that the service cannot be told to trust otherwise.
    const selfSigned = baseUrls.some(([, url]) => url?.startsWith('https://127.0.0.1:'));
    return new ServiceProcess('payment', 'services/payment/src/main.ts', {
      ...this.baseEnv(),
      MONGODB_URI: this.stack.MONGODB_URI!,
      ...(selfSigned ? { NODE_TLS_REJECT_UNAUTHORIZED: '0' } : {}),
      LOG_LEVEL: 'info',
      PAYMENT_LISTEN_ADDR: this.paymentAddr,
      PAYMENT_DB_NAME: `payment_test_${this.runId}`,
      ACCOUNTS_ADDR: this.accountsAddr,
      INVOICE_ADDR: this.invoiceAddr,
      PUBLIC_BASE_URL: `http://127.0.0.1:${this.gatewayPort}`,
      ...Object.fromEntries(baseUrls),
      ...this.options.paymentEnv,
      ...extraEnv,
    });
  }

  /** Starts another webhook replica (same database and consumer group); returns its address once it serves. */
  async startWebhookReplica(extraEnv: Record<string, string> = {}, addr?: string): Promise<string> {
    const at = addr ?? `127.0.0.1:${await freePort()}`;
    const proc = this.newWebhook(at, extraEnv);
    proc.start();
    this.webhookProcesses.push(proc);
    this.processes.push(proc);
    await this.waitServing(at, 'webhook');
    await consuming(proc);
    return at;
  }

  /** Waits until the gRPC health check of the service at `addr` answers SERVING. */
  async waitServing(addr: string, what: string, timeoutMs = 60_000): Promise<void> {
    const client = createUnaryClient(loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health'), addr);
    try {
      await waitFor(`${what} at ${addr} serving`, () => client.healthy(1000), timeoutMs, 200);
    } finally {
      client.close();
    }
  }

  /**
   * Waits until the gateway is ready and its admin health report (docs/health.md) has every
   * dependency up: /readyz alone no longer waits for the invoice, pdf or recurring service.
   */
  async waitReady(timeoutMs = 60_000, gateway: GatewayHandle = this.gateway): Promise<void> {
    await waitFor(
      'platform ready',
      async () => {
        if ((await fetch(`${gateway.baseUrl}/readyz`)).status !== 200) return false;
        const res = await fetch(`${gateway.adminUrl}/admin/health`, {
          headers: { authorization: `Bearer ${this.adminToken}` },
        });
        return res.status === 200 && ((await res.json()) as { data: { down: string[] } }).data.down.length === 0;
      },
      timeoutMs,
      200,
    );
  }

  /** A gateway process on `port` (admin on `adminPort`), calling this platform's services. */
  private newGateway(port: number, adminPort: number, extraEnv: Record<string, string>): ServiceProcess {
    return new ServiceProcess('gateway', 'services/gateway/src/main.ts', {
      ...this.baseEnv(),
      ...this.stack,
      LOG_LEVEL: 'info',
      GATEWAY_PORT: String(port),
      GATEWAY_ADMIN_PORT: String(adminPort),
      ADMIN_TOKEN: this.adminToken,
      ACCOUNTS_ADDR: this.accountsAddr,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...(this.options.invoices ? { INVOICE_ADDR: this.invoiceAddr, PDF_ADDR: this.pdfAddr } : {}),
      ...(this.webhookAddr ? { WEBHOOK_ADDR: this.webhookAddr } : {}),
      ...(this.paymentAddr ? { PAYMENT_ADDR: this.paymentAddr } : {}),
      ...(this.options.recurring ? { RECURRING_ADDR: this.recurringAddr } : {}),
      // Tests speak for many clients through one socket address, as a load balancer would.
      TRUSTED_PROXIES: '127.0.0.1',
      GATEWAY_TEST_HOOKS: 'true',
      ...this.options.gatewayEnv,
      ...extraEnv,
    });
  }

  /**
   * Starts a gateway and waits until `until`: `all` its dependencies up (the admin health report),
   * `ready` its /readyz (Redis and accounts), `live` its /livez.
   */
  async startGateway(
    extraEnv: Record<string, string> = {},
    fixedPort?: number,
    until: 'all' | 'ready' | 'live' = 'all',
  ): Promise<GatewayHandle> {
    const port = fixedPort ?? (await freePort());
    const adminPort = await freePort();
    const proc = this.newGateway(port, adminPort, extraEnv);
    proc.start();
    this.processes.push(proc);
    const handle = { baseUrl: `http://127.0.0.1:${port}`, adminUrl: `http://127.0.0.1:${adminPort}`, process: proc };
    await waitFor(
      `gateway ${until === 'live' ? 'live' : 'ready'}`,
      async () => {
        if (!proc.running) throw new Error('gateway exited; see .local/logs/test');
        return (await fetch(`${handle.baseUrl}/${until === 'live' ? 'livez' : 'readyz'}`)).status === 200;
      },
      60_000,
      200,
    );
    if (until === 'all') await this.waitReady(60_000, handle);
    return handle;
  }

  /**
   * The Prometheus endpoint (http://127.0.0.1:<port>/metrics) of the running `service` process
   * (the latest one started, when there were restarts or replicas).
   */
  metricsUrl(service: string): string {
    const proc = this.processes.filter((p) => p.name === service && p.running).at(-1);
    if (!proc) throw new Error(`no ${service} process runs on this platform`);
    const url = proc.metricsUrl;
    if (!url) throw new Error(`${service} has not said where it serves metrics yet; see .local/logs/test`);
    return url;
  }

  /** The running process of `service` (the latest one started), if any. */
  runningProcess(service: PlatformService): ServiceProcess | undefined {
    return this.processes.filter((p) => p.name === service && p.running).at(-1);
  }

  /**
   * Ends a service process with `signal` (SIGKILL: as a crash) and starts it again on the same
   * address, with the same database, as a supervisor would; the gateway keeps its public port.
   * Returns once the new process serves.
   */
  async replaceService(service: PlatformService, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (service === 'invoice' || service === 'pdf' || service === 'recurring') {
      await this.restart(service, {}, signal, false);
      const addr = { invoice: this.invoiceAddr, pdf: this.pdfAddr, recurring: this.recurringAddr }[service];
      await this.waitServing(addr, service);
      return;
    }
    await this.runningProcess(service)?.stop(signal);
    if (service === 'gateway') {
      this.gateway = await this.startGateway({}, this.gatewayPort, 'ready');
      return;
    }
    const [next, addr] =
      service === 'accounts'
        ? [this.newAccounts(), this.accountsAddr]
        : service === 'webhook'
          ? [this.newWebhook(this.webhookAddr), this.webhookAddr]
          : [this.newPayment(), this.paymentAddr];
    next.start();
    this.processes.push(next);
    if (service === 'webhook') this.webhookProcesses[0] = next;
    if (service === 'payment') this.paymentProcess = next;
    await this.waitServing(addr, service);
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
    await this.dns?.stop();
    await this.dropDatabases();
  }

  /**
   * The log of every service process this platform started (replicas and restarts included, the
   * gateway too), by service name; complete after stop(), so a test reads its shutdown lines too.
   */
  serviceLogs(): Promise<{ service: string; text: string }[]> {
    return Promise.all(this.processes.map(async (p) => ({ service: p.name, text: await p.readLog() })));
  }

  /** Every database named `*_${runId}` (all of this platform's services), so runs do not pile up. */
  private async dropDatabases(): Promise<void> {
    const log = createLogger('test-platform', 'silent');
    try {
      const conn = await connectMongo(this.stack.MONGODB_URI!, 'admin', log);
      try {
        const { databases } = await conn.db!.admin().listDatabases({ nameOnly: true });
        const ours = databases.map((d) => d.name).filter((name) => name.endsWith(`_${this.runId}`));
        for (const name of ours) await conn.useDb(name, { useCache: false }).dropDatabase();
      } finally {
        await conn.close();
      }
    } catch (err) {
      console.warn(`test platform ${this.runId}: databases not dropped: ${(err as Error).message}`);
    }
  }

  async admin<T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    body?: unknown,
  ): Promise<{ status: number; body: { data: T; error?: { name: string; message: string } } }> {
    const res = await fetch(`${this.gateway.adminUrl}/admin${urlPath}`, {
      method,
      headers: {
        authorization: `Bearer ${this.adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: T } };
  }

  async createWorkspace(
    plan = 'professional',
    extra: Record<string, unknown> = {},
  ): Promise<{ id: string; plan: string; features: string[] }> {
    const res = await this.admin<{ id: string; plan: string; features: string[] }>('POST', '/workspaces', {
      name: `ws ${plan}`,
      plan,
      ...extra,
    });
    if (res.status !== 201) throw new Error(`create workspace: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async createKey(workspaceId: string): Promise<{ id: string; raw: string }> {
    const res = await this.admin<{ api_key: { id: string }; raw_key: string }>(
      'POST',
      `/workspaces/${workspaceId}/api-keys`,
      { name: 'test' },
    );
    if (res.status !== 201) throw new Error(`create key: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.data.api_key.id, raw: res.body.data.raw_key };
  }

  /** A workspace on `plan` with one key, ready to call the public API; `credits` sets its pool when invoices run. */
  async client(
    plan = 'professional',
    credits?: number | 'unlimited',
    extra: Record<string, unknown> = {},
  ): Promise<ApiClient> {
    const ws = await this.createWorkspace(plan, extra);
    const key = await this.createKey(ws.id);
    if (credits !== undefined) await this.setCredits(ws.id, credits);
    return new ApiClient(this.gateway.baseUrl, key.raw, ws.id, key.id);
  }

  async setCredits(workspaceId: string, credits: number | 'unlimited'): Promise<void> {
    const body = credits === 'unlimited' ? { unlimited: true } : { credits };
    const res = await this.admin('PUT', `/workspaces/${workspaceId}/credits`, body);
    if (res.status !== 200) throw new Error(`set credits: ${res.status} ${JSON.stringify(res.body)}`);
  }

  async credits(
    workspaceId: string,
  ): Promise<{ unlimited: boolean; credits_remaining?: number; credits_used: number }> {
    const res = await this.admin<{ unlimited: boolean; credits_remaining?: number; credits_used: number }>(
      'GET',
      `/workspaces/${workspaceId}/credits`,
    );
    return res.body.data;
  }
}

/** A documentation-range IPv6 address no other test uses, so IP limits never collide. */
export function uniqueIp(): string {
  const h = randomBytes(8).toString('hex');
  return `2001:db8:${h.slice(0, 4)}:${h.slice(4, 8)}:${h.slice(8, 12)}:${h.slice(12, 16)}::1`;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  authorization?: string;
  ip?: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

export async function request<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  urlPath: string,
  opts: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.authorization !== undefined) headers.authorization = opts.authorization;
  else if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${urlPath}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Non-JSON bodies (PDF files) stay text.
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export class ApiClient {
  readonly baseUrl: string;
  readonly key: string;
  readonly workspaceId: string;
  readonly keyId: string;
  /** Each client is its own IP, so one test's traffic never spends another's IP allowance. */
  readonly ip = uniqueIp();

  constructor(baseUrl: string, key: string, workspaceId: string, keyId: string) {
    this.baseUrl = baseUrl;
    this.key = key;
    this.workspaceId = workspaceId;
    this.keyId = keyId;
  }

  call<T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    opts: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    return request<T>(this.baseUrl, method, urlPath, { key: this.key, ip: this.ip, ...opts });
  }
}
