import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Logger } from '@invoice-platform/common/logger';
import { lagBuckets, meter } from '@invoice-platform/common/metrics';
import { Poller } from '@invoice-platform/common/poller';
import type { Lease } from '@invoice-platform/common/store/leases';
import { crashPoint } from '@invoice-platform/common/test-hooks';
import { isSuccessStatus, nextAttemptAt } from '../domain/schedule.ts';
import { signedHeaders } from '../domain/signing.ts';
import type { AttemptOutcome, DeliveryStore } from '../store/deliveries.ts';
import type { EndpointStore } from '../store/endpoints.ts';
import type { AttemptDoc, DeliveryDoc, EventDoc } from '../store/models.ts';
import type { ServiceClock } from '@invoice-platform/common/clock';
import { type EndpointService, signingSecrets } from './endpoints.ts';
import type { Notifier } from './notifier.ts';
import { post, type PostResult, resolveTarget } from './sender.ts';

const tracer = trace.getTracer('invoice-platform-webhook');

export interface WorkerDeps {
  deliveries: DeliveryStore;
  endpoints: EndpointStore;
  endpointService: EndpointService;
  notifier: Notifier;
  clock: ServiceClock;
  allowInsecureLoopback: boolean;
  timeoutMs: number;
  leaseMs: number;
  concurrency: number;
  /** Lanes one workspace may hold at once, so a slow one cannot take them all. */
  workspaceLanes: number;
  /** Attempts made to one endpoint at once. */
  endpointLanes: number;
  pollMs: number;
  log: Logger;
}

export interface PassResult {
  attempted: number;
  succeeded: number;
  failed: number;
  deactivated: string[];
}

type Outcome = 'succeeded' | 'failed' | 'skipped';

const attemptsCounter = meter().createCounter('invoice_platform.webhook.deliveries', {
  description:
    'Webhook delivery attempts recorded, by outcome: succeeded, retrying (failed, another attempt is scheduled) or failed (the last attempt failed).',
  unit: '{attempt}',
});
const attemptLag = meter().createHistogram('invoice_platform.webhook.attempt.lag_seconds', {
  description: 'From the time an attempt was scheduled to the time it was sent.',
  unit: 's',
  advice: { explicitBucketBoundaries: lagBuckets },
});

/**
 * Sends due attempts (docs/architecture.md#webhooks). Deliveries are work items leased by the senders
 * (docs/data-layer.md): any number of replicas read the earliest due ones and claim each by one
 * conditional write, so each attempt is made by one of them, and renew the lease while they work
 * on it. A result is recorded only while the lease holds (a sender that lost it records nothing);
 * a sender that died leaves its delivery due again when the lease runs out, and the attempt is
 * made again, with the same event id.
 *
 * A delivery's states: pending (attempt 1 due) → retrying (attempt n due at next_attempt_at) → …
 * → succeeded, or failed after attempt 8, or cancelled (its endpoint disabled, deleted or
 * re-enabled since, or its event purged). After attempt 8 the sender keeps the lease until the
 * deactivation rule has run and its notice is queued, so a crash in between is repaired by the
 * next sender to take the delivery.
 */
export class DeliveryWorker {
  private readonly deps: WorkerDeps;
  private readonly poller: Poller;

  constructor(deps: WorkerDeps) {
    this.deps = deps;
    this.poller = new Poller({
      pass: () => this.runDue(),
      intervalMs: deps.pollMs,
      log: deps.log,
      failureMessage: 'delivery pass failed',
    });
  }

  start(): void {
    this.poller.start();
  }

  /** Asks for a pass now (a fan-out or resend made deliveries due). */
  notify(): void {
    this.poller.notify();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** One pass: every delivery due at the service clock (optionally of one workspace), then due notices. */
  async runDue(workspaceId?: string): Promise<PassResult> {
    const result: PassResult = { attempted: 0, succeeded: 0, failed: 0, deactivated: [] };
    await this.drain(workspaceId, result);
    await this.deps.notifier
      .sendDue()
      .catch((err: unknown) => this.deps.log.warn({ err: (err as Error).message }, 'notice pass failed'));
    return result;
  }

  /**
   * Works due deliveries until none is left, `concurrency` at a time. No workspace holds more than
   * `workspaceLanes` of them and no endpoint more than `endpointLanes`: one workspace's slow
   * endpoints (each attempt may take the whole timeout) leave the other lanes to everyone else.
   * Reads the earliest due ones that may start (an indexed range with a limit), claims each by id
   * (one another sender claimed first is skipped), and reads again whenever a lane frees.
   */
  private async drain(workspaceId: string | undefined, result: PassResult): Promise<void> {
    const { deliveries, clock, leaseMs, concurrency, workspaceLanes, endpointLanes } = this.deps;
    const byWorkspace = new Map<string, number>();
    const byEndpoint = new Map<string, number>();
    const running = new Set<Promise<void>>();
    let failure: { error: unknown } | undefined;
    const full = (counts: Map<string, number>, limit: number) =>
      [...counts].filter(([, n]) => n >= limit).map(([key]) => key);
    const add = (counts: Map<string, number>, key: string, by: number) => {
      const n = (counts.get(key) ?? 0) + by;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    };
    for (;;) {
      if (failure) {
        await Promise.allSettled(running);
        throw failure.error;
      }
      let started = 0;
      if (running.size < concurrency) {
        const due = await deliveries.dueCandidates(
          clock.now(),
          (concurrency - running.size) * 4,
          { workspaces: full(byWorkspace, workspaceLanes), endpoints: full(byEndpoint, endpointLanes) },
          workspaceId,
        );
        for (const d of due) {
          if (running.size >= concurrency) break;
          if ((byWorkspace.get(d.workspace_id) ?? 0) >= workspaceLanes) continue;
          if ((byEndpoint.get(d.endpoint_id) ?? 0) >= endpointLanes) continue;
          const lease = await deliveries.claim(d._id, clock.now(), leaseMs);
          if (!lease) continue;
          started++;
          add(byWorkspace, d.workspace_id, 1);
          add(byEndpoint, d.endpoint_id, 1);
          const job: Promise<void> = this.work(lease, result.deactivated)
            .then(
              (outcome) => this.count(result, outcome),
              (error: unknown) => {
                failure ??= { error };
              },
            )
            .finally(() => {
              add(byWorkspace, d.workspace_id, -1);
              add(byEndpoint, d.endpoint_id, -1);
              running.delete(job);
            });
          running.add(job);
        }
      }
      if (running.size === 0) {
        if (started === 0) return;
        continue;
      }
      // Read again once a lane frees (or at once if this read filled some).
      if (started === 0 || running.size >= concurrency) await Promise.race(running);
    }
  }

  private count(result: PassResult, outcome: Outcome): void {
    if (outcome !== 'skipped') result.attempted++;
    if (outcome === 'succeeded') result.succeeded++;
    if (outcome === 'failed') result.failed++;
  }

  /**
   * Works one leased delivery, renewing the lease every third of its length meanwhile. An error
   * leaves the delivery as a crash would: due again when the lease runs out.
   */
  private async work(lease: Lease<DeliveryDoc>, deactivated: string[]): Promise<Outcome> {
    const { deliveries, clock, leaseMs, log } = this.deps;
    let working = true;
    const renewal = setInterval(() => {
      deliveries
        .renewLease(lease, new Date(clock.now().getTime() + leaseMs))
        .then((held) => {
          // A renewal that lands after the work ended its lease finds no lease, rightly.
          if (!held && working) log.warn({ delivery_id: lease.doc._id }, 'delivery lease lost while working on it');
        })
        .catch((err: unknown) => log.warn({ err: (err as Error).message }, 'delivery lease renewal failed'));
    }, leaseMs / 3);
    // The attempt is a span of the trace that opened the delivery (the fan-out of an event, so the
    // request that changed the invoice, or a resend): docs/observability.md. No traceparent goes to
    // the endpoint; the POST itself is not instrumented.
    const parent = propagation.extract(ROOT_CONTEXT, lease.doc.trace_headers ?? {});
    const span = tracer.startSpan(
      'webhook delivery',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'webhook.delivery_id': lease.doc._id,
          'webhook.event_id': lease.doc.event_id,
          'webhook.event_type': lease.doc.event_type,
          'webhook.attempt': lease.doc.attempt_count + 1,
        },
      },
      parent,
    );
    try {
      const outcome = await context.with(trace.setSpan(parent, span), () => this.attempt(lease, deactivated));
      span.setAttribute('webhook.outcome', outcome);
      if (outcome === 'failed') span.setStatus({ code: SpanStatusCode.ERROR });
      return outcome;
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      log.warn(
        { err: (err as Error).message, delivery_id: lease.doc._id },
        'delivery work failed; retried after its lease',
      );
      return 'skipped';
    } finally {
      span.end();
      working = false;
      clearInterval(renewal);
    }
  }

  private async attempt(lease: Lease<DeliveryDoc>, deactivated: string[]): Promise<Outcome> {
    const { deliveries, endpoints, clock, log } = this.deps;
    const delivery = lease.doc;
    if (delivery.status === 'failed') {
      // A sender died after recording the last attempt: finish what it left.
      await this.afterLastAttempt(lease, delivery.first_attempt_at!, deactivated);
      return 'skipped';
    }
    const endpoint = await endpoints.load(delivery.workspace_id, delivery.endpoint_id);
    const event = await deliveries.findEvent(delivery.event_id);
    if (!endpoint || !endpoint.enabled || endpoint.enabled_epoch !== delivery.endpoint_epoch || !event) {
      // Disabled, deleted or re-enabled since (its pending retries were cancelled), or purged.
      await deliveries.cancelLeased(lease, clock.now());
      return 'skipped';
    }
    const n = delivery.attempt_count + 1;
    const attemptedAt = clock.now();
    // A first attempt (or a resend) is due from its creation unless a time was set for it.
    const scheduledAt = delivery.next_attempt_at ?? delivery.created_at;
    attemptLag.record(Math.max(0, attemptedAt.getTime() - new Date(scheduledAt).getTime()) / 1000);
    const res = await this.send(endpoint.url, signingSecrets(endpoint, attemptedAt), event, attemptedAt);
    crashPoint('webhook.after-send', { delivery_id: delivery._id, attempt: n });
    const success = isSuccessStatus(res.status);
    const attempt: AttemptDoc = {
      number: n,
      attempted_at: attemptedAt,
      response_status: res.status ?? null,
      duration_ms: res.durationMs,
      success,
      error: success ? null : (res.error ?? this.statusError(res)),
      response_excerpt: res.excerpt ?? null,
    };
    const firstAttemptAt = delivery.first_attempt_at ?? attemptedAt;
    const next = success ? undefined : nextAttemptAt(n, attemptedAt);
    const last = !success && !next;
    const now = clock.now();
    const outcome: AttemptOutcome = {
      status: success ? 'succeeded' : next ? 'retrying' : 'failed',
      attempt_count: n,
      next_attempt_at: next ?? null,
      first_attempt_at: firstAttemptAt,
      succeeded_at: success ? attemptedAt : null,
      // After the last attempt the lease is kept for the deactivation rule and its notice.
      due_at: last ? new Date(now.getTime() + this.deps.leaseMs) : (next ?? null),
      updated_at: now,
    };
    if (!(await deliveries.recordAttempt(lease, attempt, outcome, last))) {
      log.warn(
        { delivery_id: delivery._id, attempt: n },
        'delivery lease lost during the attempt; result not recorded',
      );
      return 'skipped';
    }
    attemptsCounter.add(1, { outcome: outcome.status });
    log.info(
      {
        delivery_id: delivery._id,
        event_id: delivery.event_id,
        attempt: n,
        status: res.status,
        duration_ms: res.durationMs,
        success,
      },
      'webhook attempt',
    );
    await endpoints.recordResult(delivery.workspace_id, delivery.endpoint_id, success, attemptedAt);
    if (last) await this.afterLastAttempt(lease, firstAttemptAt, deactivated);
    return success ? 'succeeded' : 'failed';
  }

  /**
   * docs/architecture.md#webhooks: the endpoint is deactivated when no delivery to it succeeded
   * since this one's first attempt, and the owner notified (one notice per deactivation, so a
   * repeat after a crash between the two queues no second one). Then the delivery has nothing left
   * due.
   */
  private async afterLastAttempt(
    lease: Lease<DeliveryDoc>,
    firstAttemptAt: Date,
    deactivated: string[],
  ): Promise<void> {
    const { endpointService, notifier, deliveries } = this.deps;
    const delivery = lease.doc;
    const endpoint = await endpointService.deactivateIfFailing(delivery, new Date(firstAttemptAt));
    if (endpoint) deactivated.push(endpoint.id);
    const off = endpoint ?? (await endpointService.deactivatedForFailing(delivery));
    if (off) await notifier.enqueue(off, delivery);
    await deliveries.finishLeased(lease);
  }

  private statusError(res: PostResult): string {
    if (res.status !== undefined && res.status >= 300 && res.status < 400) {
      return `HTTP ${res.status}: redirects are not followed`;
    }
    return `HTTP ${res.status}`;
  }

  /** Resolves, checks and POSTs: the address policy runs again at every attempt. */
  private async send(url: string, secrets: string[], event: EventDoc, at: Date): Promise<PostResult> {
    const resolved = await resolveTarget(new URL(url), { allowInsecureLoopback: this.deps.allowInsecureLoopback });
    if (!resolved.ok) return { durationMs: 0, error: `address policy: ${resolved.error}` };
    const t = Math.floor(at.getTime() / 1000);
    const headers = signedHeaders(secrets, { id: event._id, type: event.type }, t, event.body);
    return post(resolved.target, { ...headers }, event.body, this.deps.timeoutMs);
  }
}
