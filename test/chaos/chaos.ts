import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { EventLog } from '../support/events.ts';
import { startFake } from '@invoice-platform/sandbox/index';
import type { FakeProvider } from '@invoice-platform/sandbox/types';
import { MailSink } from '../support/mail.ts';
import { scrapeMetrics, selectSamples, sumSamples } from '../support/metrics.ts';
import { type ApiClient, type Copy, Platform, type PlatformService, sleep, waitFor } from '../support/platform.ts';
import { Rng } from '../support/rng.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';
import { type ApiBalance, Clients } from './clients.ts';
import { type Component, stackComponent, Supervisor } from './faults.ts';
import { Figures } from './figures.ts';
import { type ApiRead, type Check, creditNoteSequences, reconcile, serverErrors } from './reconcile.ts';

/**
 * One chaos run (docs/reliability.md): the whole platform on the local stack, careful clients at
 * work, and faults at random across every part, then a reconciliation of every promise. Usable from
 * `pnpm chaos` (test/chaos/run.ts) and from the test command's short profile
 * (test/chaos/chaos.test.ts).
 */

export interface ChaosOptions {
  minutes: number;
  seed: number;
  /** Time between the starts of two faults. */
  faultEveryMs: number;
  log(line: string): void;
  /** Aborted: the faults end early (the one under way is undone) and the run reconciles as usual. */
  signal?: AbortSignal;
  /**
   * Copies of every service, the gateway included (docs/scaling.md): faults then hit one copy as
   * well as every copy of a service. 1 (the default): one process each.
   */
  replicas?: number;
  /** false: the load and the reconciliation only (two copies of everything doing the work at once). */
  faults?: boolean;
  /**
   * The load goes on past `minutes` until this many faults were made, for up to `minutes` more:
   * a fault ends once its part is ready again, and a killed copy rejoining its consumer group waits
   * for the group's rebalance (up to a minute), so a fixed time alone may fit fewer faults than a
   * run means to check.
   */
  minFaults?: number;
}

/** What one copy of a service did in a run with replicas, from its own metrics at the end. */
export interface CopyShare {
  service: PlatformService;
  replica: number;
  work: Record<string, number>;
}

export interface ChaosReport {
  seed: number;
  minutes: number;
  checks: Check[];
  figures: Figures;
  /** The kinds of fault the run can make, and those it made. */
  kinds: string[];
  /** With replicas: each copy's work, as its metrics count it (copies restarted by a fault count from their start). */
  shares?: CopyShare[];
  table: string;
}

/** Credits each workspace starts with: enough for the run, few enough that every one is counted. */
const startCredits = 100_000;
/** The money trail's event types, which an endpoint receives only when it names them. */
const optInTypes = ['credit_note.created', 'invoice.payment_recorded'];
/** Clients generating and reading at once, besides the payment loop. */
const clientLoops = 4;

const services: PlatformService[] = ['gateway', 'accounts', 'invoice', 'pdf', 'recurring', 'webhook', 'payment'];
/** The services a hang is made of: a hung peer's callers wait on open connections until their deadlines. */
const hangable: PlatformService[] = ['accounts', 'invoice', 'pdf', 'webhook'];

/**
 * The faults of a platform with replicas: each service's copies killed or hung one at a time (the
 * copy picked at random when the fault comes) and all at once. A killed copy is started again
 * under its number, as a supervisor would; a recurring copy gets the run's clock as it starts.
 */
function copyComponents(platform: Platform, rng: Rng): Component[] {
  const components: Component[] = [];
  for (const name of services) {
    for (const scope of ['one copy', 'every copy'] as const) {
      let hit: Copy[] = [];
      const pick = () => {
        const copies = platform.copies(name);
        hit = scope === 'one copy' ? (copies.length > 0 ? [rng.pick(copies)] : []) : copies;
        return hit;
      };
      components.push({
        name: `${name} (${scope})`,
        crash: {
          down: async () => {
            await Promise.all(pick().map((c) => platform.stopCopy(c, 'SIGKILL')));
          },
          up: async () => {
            await Promise.all(hit.map((c) => platform.startCopy(name, c.replica)));
          },
        },
        ...(hangable.includes(name)
          ? {
              hang: {
                stop: () => {
                  for (const c of pick()) c.process.signal('SIGSTOP');
                },
                resume: () => {
                  for (const c of hit) c.process.signal('SIGCONT');
                },
              },
            }
          : {}),
      });
    }
  }
  return components;
}

/** What each running copy did, from its own metrics: the work that shows it took its share. */
async function copyShares(platform: Platform): Promise<CopyShare[]> {
  const shares: CopyShare[] = [];
  for (const service of services) {
    for (const copy of platform.copies(service)) {
      const samples = await scrapeMetrics(copy.process.metricsUrl!);
      const count = (name: string, labels: Record<string, string> = {}) =>
        sumSamples(selectSamples(samples, name, labels));
      const work: Record<string, number> = {
        'calls served': count('rpc_server_call_duration_seconds_count'),
      };
      if (service === 'gateway') work.requests = count('http_server_request_duration_seconds_count');
      if (service === 'invoice') work['outbox events sent'] = count('invoice_platform_outbox_published_total');
      if (service === 'pdf') work.renders = count('invoice_platform_pdf_render_duration_seconds_count');
      if (service === 'recurring')
        work['follow-ups sent'] = count('invoice_platform_recurring_follow_ups_total', { outcome: 'sent' });
      if (service === 'webhook') work.deliveries = count('invoice_platform_webhook_deliveries_total');
      shares.push({ service, replica: copy.replica, work });
    }
  }
  return shares;
}

export async function runChaos(opts: ChaosOptions): Promise<ChaosReport> {
  // The faults draw from their own generator, so a seed replays the same faults in the same order
  // (what the clients do in between depends on timing as well).
  const faultRng = new Rng(opts.seed);
  const rng = new Rng(opts.seed ^ 0x5bd1e995);
  const figures = new Figures();
  const runTag = `chaos${opts.seed.toString(36)}${randomBytes(2).toString('hex')}`;
  const receiver = await new WebhookReceiver().start();
  const xendit: FakeProvider = await startFake.xendit();
  const replicated = (opts.replicas ?? 1) > 1;
  const platform = new Platform({
    ...(replicated ? { replicas: opts.replicas } : {}),
    invoices: true,
    recurring: true,
    webhooks: true,
    payments: { xendit: xendit.baseUrl },
    // The scheduler runs by itself on the test clock the run steps forward.
    recurringEnv: { SCHEDULER_INTERVAL_MS: '1000' },
    // A generate lives at most 35 s (past the callers' 30 s deadlines), so what a crashed one held
    // is decided 70 s later; the maintenance pass looks every 5 s.
    invoiceEnv: { GENERATE_TIMEOUT_MS: '35000', OVERDUE_SWEEP_INTERVAL_MS: '5000' },
    gatewayEnv: {
      RATE_LIMIT_PLANS: '{"enterprise":100000000}',
      RATE_LIMIT_PER_IP: '100000000',
      RATE_LIMIT_NOTIFY_PER_IP: '100000000',
      RENDER_FORCED_PER_WINDOW: '100000',
      PAY_REDIRECT_SOURCES: `https: ${new URL(xendit.baseUrl).origin}`,
    },
  });
  const dbs: Connection[] = [];
  let events: EventLog | undefined;
  try {
    await platform.start();
    xendit.setNotifyUrl(`${platform.gateway.baseUrl}/p/pay/xendit/notify`);
    events = await new EventLog(platform.stack.KAFKA_BROKERS!).start();

    // Workspaces, each with a webhook endpoint on the receiver; one takes payments.
    const apis: ApiClient[] = [];
    // Test workspaces: the payer's sandbox payments mark its invoices paid (docs/payments.md "Test mode").
    for (let i = 0; i < 3; i++)
      apis.push(await platform.client('enterprise', startCredits, { name: `Chaos ${i}`, test_mode: true }));
    const payer = apis[0]!;
    const connected = await platform.admin('POST', `/workspaces/${payer.workspaceId}/payment-gateways`, {
      provider: 'xendit',
      mode: 'sandbox',
      credentials: xendit.credentials,
    });
    if (connected.status !== 201) throw new Error(`connect xendit: ${connected.status}`);
    // Two endpoints each: one registered for the spec's events (no types named), one naming only
    // the money trail's opt-in types, which the first must never see (docs/money-trail.md "Events").
    for (const api of apis) {
      for (const [route, eventTypes] of [
        [`${runTag}-${api.workspaceId}`, undefined],
        [`${runTag}-${api.workspaceId}-money`, optInTypes],
      ] as const) {
        const endpoint = await platform.admin<{ signing_secret: string }>(
          'POST',
          `/workspaces/${api.workspaceId}/webhook-endpoints`,
          { url: receiver.url(route), ...(eventTypes ? { event_types: eventTypes } : {}) },
        );
        if (endpoint.status !== 201)
          throw new Error(`webhook endpoint: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
        await receiver.route(route, { secrets: [endpoint.body.data.signing_secret] });
      }
    }

    const clients = new Clients({ rng, figures, runTag, giveUpMs: 5 * 60_000 });
    // Recurring series whose follow-ups the stepped clock makes due, one customer address each.
    const series: { id: string; email: string }[] = [];
    for (const api of apis) {
      for (let i = 0; i < 2; i++) {
        const email = `${runTag}-series-${series.length}@example.test`;
        const made = await clients.generate(api, {
          customer_email: email,
          is_recurring: true,
          recurring_interval: 'weekly',
          recurring_count: 4,
        });
        if (!made.seriesId) throw new Error('a series could not be made before the faults');
        series.push({ id: made.seriesId, email });
      }
    }

    let clock = Date.now();
    const setClock = async () => {
      await waitFor(
        'the recurring clock set',
        async () =>
          platform
            .setRecurringClock(new Date(clock).toISOString())
            .then(() => true)
            .catch(() => false),
        120_000,
        500,
      );
    };

    const components: Component[] = replicated
      ? copyComponents(platform, faultRng)
      : services.map((name) => ({
          name,
          crash: {
            down: () => platform.runningProcess(name)?.stop('SIGKILL') ?? Promise.resolve(),
            up: async () => {
              await platform.replaceService(name, 'SIGKILL');
              // The test clock lives in the recurring process: a new one starts on the real clock.
              if (name === 'recurring') await setClock();
            },
          },
          // A hung peer: its callers wait on open connections until their deadlines.
          ...(hangable.includes(name)
            ? {
                hang: {
                  stop: () => platform.runningProcess(name)?.signal('SIGSTOP'),
                  resume: () => platform.runningProcess(name)?.signal('SIGCONT'),
                },
              }
            : {}),
        }));
    components.push(stackComponent('kafka'), stackComponent('mongo'), stackComponent('redis'), stackComponent('smtp'));
    const supervisor = new Supervisor({
      rng: faultRng,
      figures,
      components,
      waitReady: () => platform.waitReady(180_000),
      log: opts.log,
    });

    // The run: clients, the payment loop, the clock stepping a week at a time, and the faults.
    const deadline = Date.now() + opts.minutes * 60_000;
    const work = [
      ...Array.from({ length: clientLoops }, () => clients.loop(apis)),
      clients.payLoop(payer, xendit, () => platform.gateway.baseUrl, 'IDR'),
      (async () => {
        while (clients.running) {
          clock += 7 * 86_400_000;
          await setClock();
          await sleep(15_000);
        }
      })(),
    ];
    // A fault the supervisor could not repair ends the run, after the platform is stopped (the
    // finally below): unhandled, it ended the process and left every service running.
    let unrepaired: { err: unknown } | undefined;
    const faults = (opts.faults === false ? Promise.resolve() : supervisor.loop(opts.faultEveryMs)).catch(
      (err: unknown) => {
        unrepaired = { err };
      },
    );
    const enough = () =>
      Date.now() >= deadline &&
      (figures.faults.length >= (opts.minFaults ?? 0) || Date.now() >= deadline + opts.minutes * 60_000);
    while (!enough() && !opts.signal?.aborted && !unrepaired) await sleep(1000);
    supervisor.stop();
    await faults;
    if (unrepaired) throw unrepaired.err;
    opts.log('faults over; clients finish what they started');
    clients.stop();
    await Promise.all(work);
    await platform.waitReady(180_000);

    const stack = platform.stack.MONGODB_URI!;
    const silent = createLogger('chaos', 'silent');
    const invoiceDb = await connectMongo(stack, `invoice_test_${platform.runId}`, silent);
    const pdfDb = await connectMongo(stack, `pdf_test_${platform.runId}`, silent);
    const recurringDb = await connectMongo(stack, `recurring_test_${platform.runId}`, silent);
    dbs.push(invoiceDb, pdfDb, recurringDb);
    const sink = new MailSink();
    const input = async () => ({
      invoiceDb,
      pdfDb,
      recurringDb,
      workspaces: apis.map((api) => ({ id: api.workspaceId, credits: startCredits })),
      generated: clients.generated,
      paid: clients.paid,
      events: events!.events,
      deliveries: (await Promise.all(apis.map((api) => receiver.requests(`${runTag}-${api.workspaceId}`)))).flat(),
      mail: await sink.list(),
      series,
      money: clients.money,
      optInDeliveries: (
        await Promise.all(apis.map((api) => receiver.requests(`${runTag}-${api.workspaceId}-money`)))
      ).flat(),
    });
    // Settling: due follow-ups go out, webhook retries and re-renders finish, and the invoice
    // service's maintenance pass decides what crashed generates held and sweeps their files. The
    // checks are taken once nothing has moved for a while, or when the bound is reached.
    // A number a crashed generate held is given back by the maintenance pass and handed first to
    // the next generate of its workspace and month (docs/architecture.md#numbering): until that
    // generate it is free, not a gap. So each workspace makes one more generate for each number
    // it holds free, once, and the checks see whether that generate filled it.
    // Credit note numbers are given back and handed out the same way (their own sequences): a
    // closing credit note, on an invoice made for it, takes each.
    const filled = new Set<string>();
    const fillFreeNumbers = async () => {
      for (const collection of ['invoice_number_sequences', creditNoteSequences]) {
        const counters = await invoiceDb
          .collection<{ _id: string; workspace_id: string; free: number[] }>(collection)
          .find({})
          .toArray();
        for (const counter of counters) {
          const api = apis.find((a) => a.workspaceId === counter.workspace_id);
          for (const seq of api ? counter.free : []) {
            if (filled.has(`${collection}:${counter._id}:${seq}`)) continue;
            filled.add(`${collection}:${counter._id}:${seq}`);
            if (collection === creditNoteSequences) {
              figures.closingCreditNotes++;
              const made = await clients.generate(api!);
              if (made.id) await clients.creditNote(api!, made.id, 'closing');
            } else {
              figures.closingGenerates++;
              await clients.generate(api!);
            }
          }
        }
      }
    };
    // Once settled, the money is also read as a client reads it: each invoice through the API,
    // with its lists of credit notes and payments when it has any.
    const readApi = async (workspaceId: string, invoiceId: string, lists: boolean): Promise<ApiRead> => {
      const api = apis.find((a) => a.workspaceId === workspaceId)!;
      const got = await api.call<{ data: ApiBalance }>('GET', `/api/invoices/external/${invoiceId}`);
      if (got.status !== 200 || !lists) return { status: got.status, invoice: got.body.data };
      const amounts = async (what: string) => {
        const res = await api.call<{ data: { amount: number }[] }>(
          'GET',
          `/api/invoices/external/${invoiceId}/${what}`,
        );
        return res.status === 200 ? res.body.data.map((x) => x.amount) : undefined;
      };
      return {
        status: got.status,
        invoice: got.body.data,
        creditNotes: await amounts('credit-notes'),
        payments: await amounts('payments'),
      };
    };
    let checks = await reconcile(await input());
    let last = '';
    let quietSince = Date.now();
    const settleUntil = Date.now() + 8 * 60_000;
    while (Date.now() < settleUntil) {
      await fillFreeNumbers();
      const now = await input();
      const moving = `${now.mail.length} ${now.deliveries.length} ${now.events.length}`;
      checks = await reconcile(now);
      if (moving !== last) {
        last = moving;
        quietSince = Date.now();
      }
      if (Date.now() - quietSince > 30_000 && checks.every((c) => c.broken === 0)) break;
      await sleep(5000);
    }
    opts.log('settled; reading every invoice through the API');
    checks = await reconcile({ ...(await input()), readApi });
    checks.push(serverErrors(figures));
    const kinds = opts.faults === false ? [] : supervisor.kinds;
    const shares = replicated ? await copyShares(platform) : undefined;
    return {
      seed: opts.seed,
      minutes: opts.minutes,
      checks,
      figures,
      kinds,
      shares,
      table: table(opts, checks, figures, kinds, shares),
    };
  } finally {
    await Promise.all(dbs.map((db) => db.close()));
    await events?.stop();
    await platform.stop();
    await receiver.stop();
    await xendit.stop();
  }
}

function table(
  opts: ChaosOptions,
  checks: Check[],
  figures: Figures,
  kinds: string[],
  shares: CopyShare[] | undefined,
): string {
  const lines: string[] = [];
  lines.push(
    `chaos run: seed ${opts.seed}, ${opts.minutes} min, ${figures.faults.length} faults, ${opts.replicas ?? 1} ${(opts.replicas ?? 1) > 1 ? 'copies' : 'copy'} of each service`,
  );
  lines.push('');
  lines.push('| promise | broken | of |');
  lines.push('| --- | ---: | ---: |');
  for (const c of checks) lines.push(`| ${c.name} | ${c.broken} | ${c.of} |`);
  lines.push('');
  const made = new Map<string, number>();
  for (const f of figures.faults) made.set(f.kind, (made.get(f.kind) ?? 0) + 1);
  lines.push('| fault | times | longest recovery (s) | longest until a retry with the key got its 200 (s) |');
  lines.push('| --- | ---: | ---: | ---: |');
  const longest = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? (Math.max(...known) / 1000).toFixed(1) : '–';
  };
  for (const kind of kinds) {
    const times = figures.faults.filter((f) => f.kind === kind);
    lines.push(
      `| ${kind} | ${times.length} | ${longest(times.map((f) => f.recoveredMs))} | ${longest(times.map((f) => f.retriedMs))} |`,
    );
  }
  lines.push('');
  const answers = [...figures.answers.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  lines.push('| answers seen by clients | count |');
  lines.push('| --- | ---: |');
  for (const [key, count] of answers) lines.push(`| ${key} | ${count} |`);
  lines.push(`| generates unanswered when their client gave up | ${figures.unanswered} |`);
  lines.push(`| numbers given back after a crash, then filled by a closing generate | ${figures.closingGenerates} |`);
  lines.push(
    `| credit note numbers given back after a crash, then filled by a closing credit note | ${figures.closingCreditNotes} |`,
  );
  lines.push(
    `| numbers given back after a crash in a month only follow-ups reach, free for its next generate | ${checks.find((c) => c.waiting !== undefined)?.waiting ?? 0} |`,
  );
  const sorted = [...figures.generateMs].sort((a, b) => a - b);
  const p = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);
  lines.push(
    `| generate answered 200: p50 / p99 / max (s, retries included) | ${(p(0.5) / 1000).toFixed(1)} / ${(p(0.99) / 1000).toFixed(1)} / ${((sorted.at(-1) ?? 0) / 1000).toFixed(1)} |`,
  );
  if (shares) {
    lines.push('');
    lines.push('| copy (at the end; a restarted copy counts from its start) | work, from its own metrics |');
    lines.push('| --- | --- |');
    for (const s of shares)
      lines.push(
        `| ${s.service} ${s.replica} | ${Object.entries(s.work)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')} |`,
      );
  }
  if (figures.refusals.size > 0) {
    lines.push('');
    lines.push('first refusal of each kind (4xx a careful client does not retry):');
    for (const [key, body] of figures.refusals) lines.push(`  ${key}: ${body}`);
  }
  for (const c of checks.filter((x) => x.examples.length > 0)) {
    lines.push('');
    lines.push(`${c.name}:`);
    for (const e of c.examples) lines.push(`  ${e}`);
  }
  return lines.join('\n');
}
