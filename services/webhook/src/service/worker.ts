import type { Logger } from '@invoice-platform/common/logger';
import { Poller } from '@invoice-platform/common/poller';
import { isSuccessStatus, maxAttempts, nextAttemptAt } from '../domain/schedule.ts';
import { signedHeaders } from '../domain/signing.ts';
import { type DeliveryStore, openStatuses } from '../store/deliveries.ts';
import type { EndpointStore } from '../store/endpoints.ts';
import type { AttemptDoc, DeliveryDoc, DueDoc, EventDoc } from '../store/models.ts';
import type { ServiceClock } from './clock.ts';
import { type EndpointService, signingSecrets } from './endpoints.ts';
import type { Notifier } from './notifier.ts';
import { post, type PostResult, resolveTarget } from './sender.ts';

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
  pollMs: number;
  workerId: string;
  log: Logger;
  /** Crash tests: die after an attempt's POST answered, before its result is recorded. */
  crashAfterSend?: boolean;
}

export interface PassResult {
  attempted: number;
  succeeded: number;
  failed: number;
  deactivated: string[];
}

type Outcome = 'succeeded' | 'failed' | 'skipped';

/**
 * Sends due attempts (spec §6.6). Any number of replicas run it: each attempt is claimed by
 * inserting `${delivery}:${attempt}` (the unique insert decides, so no attempt is sent twice); a
 * claim whose worker has not recorded a result after the lease is taken over by inserting the
 * next generation `${delivery}:${attempt}:g${n}`. Every step after the send is idempotent, so a
 * worker that died after sending only leaves bookkeeping for the next one.
 */
export class DeliveryWorker {
  private readonly deps: WorkerDeps;
  private readonly inFlight = new Set<string>();
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

  /** Asks for a pass now (a fan-out or resend queued first attempts). */
  notify(): void {
    this.poller.notify();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** One pass: every attempt due at the service clock (optionally of one workspace), then due notices. */
  async runDue(workspaceId?: string): Promise<PassResult> {
    const result: PassResult = { attempted: 0, succeeded: 0, failed: 0, deactivated: [] };
    const seen = new Set<string>();
    for (;;) {
      const batch = (await this.deps.deliveries.due(this.deps.clock.now(), 200, workspaceId)).filter(
        (d) => !seen.has(d._id) && !this.inFlight.has(d._id),
      );
      if (batch.length === 0) break;
      for (const d of batch) seen.add(d._id);
      await this.mapLimit(batch, async (due) => {
        const outcome = await this.attempt(due, result.deactivated).catch((err: unknown) => {
          this.deps.log.warn({ err: (err as Error).message, due: due._id }, 'attempt failed to run');
          return 'skipped' as Outcome;
        });
        if (outcome !== 'skipped') result.attempted++;
        if (outcome === 'succeeded') result.succeeded++;
        if (outcome === 'failed') result.failed++;
      });
    }
    await this.deps.notifier
      .sendDue()
      .catch((err: unknown) => this.deps.log.warn({ err: (err as Error).message }, 'notice pass failed'));
    return result;
  }

  private async mapLimit<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < items.length) await fn(items[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.concurrency, items.length) }, lane));
  }

  private async attempt(due: DueDoc, deactivated: string[]): Promise<Outcome> {
    const key = due._id;
    if (this.inFlight.has(key)) return 'skipped';
    this.inFlight.add(key);
    try {
      return await this.claimAndSend(due, deactivated);
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async claimAndSend(due: DueDoc, deactivated: string[]): Promise<Outcome> {
    const { deliveries, endpoints, clock, log, workerId } = this.deps;
    const key = due._id;
    if (!(await deliveries.claim(key, due.delivery_id, workerId, new Date()))) {
      const done = await deliveries.findAttempt(key);
      if (done) {
        await this.settle(due, done, undefined, deactivated);
        return 'skipped';
      }
      const latest = await deliveries.latestClaim(key);
      if (latest && Date.now() - new Date(latest.claim.claimed_at).getTime() < this.deps.leaseMs) return 'skipped';
      const generation = (latest?.generation ?? 0) + 1;
      if (!(await deliveries.claim(`${key}:g${generation}`, due.delivery_id, workerId, new Date()))) return 'skipped';
      log.warn({ attempt: key, generation }, 'taking over an attempt whose worker did not finish it');
    }
    const prior = await deliveries.findAttempt(key);
    if (prior) {
      await this.settle(due, prior, undefined, deactivated);
      return 'skipped';
    }
    const delivery = await deliveries.findDelivery(due.delivery_id);
    if (!delivery || !openStatuses.includes(delivery.status)) {
      await deliveries.removeDue(key);
      return 'skipped';
    }
    const endpoint = await endpoints.load(delivery.endpoint_id);
    const event = await deliveries.findEvent(delivery.event_id);
    if (!endpoint || !endpoint.enabled || endpoint.enabled_epoch !== delivery.endpoint_epoch || !event) {
      // Disabled, deleted or re-enabled since (its pending retries were cancelled), or purged.
      await deliveries.updateDelivery(delivery._id, {
        status: 'cancelled',
        next_attempt_at: null,
        updated_at: clock.now(),
      });
      await deliveries.removeDue(key);
      return 'skipped';
    }
    const attemptedAt = clock.now();
    const res = await this.send(endpoint.url, signingSecrets(endpoint, attemptedAt), event, attemptedAt);
    if (this.deps.crashAfterSend) {
      log.warn({ attempt: key }, 'test hook: dying after a send, before its result is recorded');
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined);
    }
    const success = isSuccessStatus(res.status);
    const doc: AttemptDoc = {
      _id: key,
      delivery_id: delivery._id,
      workspace_id: delivery.workspace_id,
      endpoint_id: delivery.endpoint_id,
      number: due.attempt,
      attempted_at: attemptedAt,
      response_status: res.status ?? null,
      duration_ms: res.durationMs,
      success,
      error: success ? null : (res.error ?? this.statusError(res)),
      response_excerpt: res.excerpt ?? null,
    };
    const recorded = (await deliveries.insertAttempt(doc)) ? doc : ((await deliveries.findAttempt(key)) ?? doc);
    await this.settle(due, recorded, delivery, deactivated);
    log.info(
      {
        delivery_id: delivery._id,
        event_id: delivery.event_id,
        attempt: due.attempt,
        status: res.status,
        duration_ms: res.durationMs,
        success,
      },
      'webhook attempt',
    );
    return success ? 'succeeded' : 'failed';
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

  /**
   * Everything after an attempt's result, safe to repeat: the endpoint's last success/failure, the
   * next attempt queued (or the delivery settled), deactivation after the last one, and the
   * attempt's queue entry removed last.
   */
  private async settle(
    due: DueDoc,
    attempt: AttemptDoc,
    known: DeliveryDoc | undefined,
    deactivated: string[],
  ): Promise<void> {
    const { deliveries, endpoints, clock } = this.deps;
    const delivery = known ?? (await deliveries.findDelivery(due.delivery_id));
    if (!delivery) {
      await deliveries.removeDue(due._id);
      return;
    }
    const n = attempt.number;
    const attemptedAt = new Date(attempt.attempted_at);
    let firstAttemptAt = delivery.first_attempt_at ? new Date(delivery.first_attempt_at) : undefined;
    if (!firstAttemptAt) {
      const first = n === 1 ? attempt : await deliveries.findAttempt(`${delivery._id}:1`);
      firstAttemptAt = first ? new Date(first.attempted_at) : attemptedAt;
    }
    await endpoints.recordResult(delivery.endpoint_id, attempt.success, attemptedAt);
    const now = clock.now();
    const base = { attempt_count: n, first_attempt_at: firstAttemptAt, updated_at: now };
    if (attempt.success) {
      await deliveries.updateDelivery(delivery._id, { ...base, status: 'succeeded', next_attempt_at: null });
    } else if (n < maxAttempts) {
      const next = nextAttemptAt(n, attemptedAt)!;
      await deliveries.schedule({
        _id: `${delivery._id}:${n + 1}`,
        delivery_id: delivery._id,
        attempt: n + 1,
        due_at: next,
        workspace_id: delivery.workspace_id,
      });
      await deliveries.updateDelivery(delivery._id, { ...base, status: 'retrying', next_attempt_at: next });
    } else {
      await deliveries.updateDelivery(delivery._id, { ...base, status: 'failed', next_attempt_at: null });
      const { endpointService, notifier } = this.deps;
      const endpoint = await endpointService.deactivateIfFailing(delivery, firstAttemptAt);
      if (endpoint) deactivated.push(endpoint.id);
      // Also when this settle is a repeat after a crash between the deactivation and the notice:
      // the notice id is per deactivation, so the owner gets exactly one email either way.
      const off = endpoint ?? (await endpointService.deactivatedForFailing(delivery));
      if (off) await notifier.enqueue(off, delivery);
    }
    await deliveries.removeDue(due._id);
  }
}
