import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ServiceClock } from '@invoice-platform/common/clock';
import type { Logger } from '@invoice-platform/common/logger';
import { lagBuckets, meter } from '@invoice-platform/common/metrics';
import { keepRenewed, type Lease } from '@invoice-platform/common/store/leases';
import type { CrashHook } from '@invoice-platform/common/test-hooks';
import type { DeliveryDoc } from '../domain/deliveries.ts';
import { attemptRecord, endpointTakes } from '../domain/delivery-outcome.ts';
import { signingSecrets } from '../domain/endpoints.ts';
import type { DeliveryStore } from '../store/deliveries.ts';
import type { EndpointStore } from '../store/endpoints.ts';
import type { EndpointDeactivation } from './deactivation.ts';
import type { Notifier } from './notifier.ts';
import { sendSigned } from './sender.ts';

const tracer = trace.getTracer('invoice-platform-webhook');

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

export interface DeliveryAttemptsDeps {
  deliveries: DeliveryStore;
  endpoints: EndpointStore;
  deactivation: EndpointDeactivation;
  notifier: Notifier;
  clock: ServiceClock;
  allowInsecureLoopback: boolean;
  timeoutMs: number;
  leaseMs: number;
  log: Logger;
  /** The crash tests' hook (common/test-hooks.ts); none in production. */
  crash?: CrashHook;
}

/** What working a leased delivery came to; skipped when no attempt was recorded. */
export type AttemptResult = 'succeeded' | 'failed' | 'skipped';

/**
 * Makes the attempt of a delivery a sender has leased (docs/data-layer.md): its result is recorded
 * only while the lease holds (a sender that lost it records nothing); a sender that died leaves
 * its delivery due again when the lease runs out, and the attempt is made again, with the same
 * event id. After the last attempt the sender keeps the lease until the deactivation rule has run
 * and its notice is queued, so a crash in between is repaired by the next sender to take the
 * delivery.
 */
export class DeliveryAttempts {
  private readonly deps: DeliveryAttemptsDeps;

  constructor(deps: DeliveryAttemptsDeps) {
    this.deps = deps;
  }

  /**
   * Works one leased delivery, renewing the lease every third of its length meanwhile. An error
   * leaves the delivery as a crash would: due again when the lease runs out. Endpoints this
   * deactivated are added to `deactivated`.
   */
  async work(lease: Lease<DeliveryDoc>, deactivated: string[]): Promise<AttemptResult> {
    const { deliveries, clock, leaseMs, log } = this.deps;
    // A renewal that lands after the work ended its lease finds no lease, rightly, and says nothing.
    const renewal = keepRenewed({
      leaseMs,
      renew: () => deliveries.renewLease(lease, new Date(clock.now().getTime() + leaseMs)),
      onLost: () => log.warn({ delivery_id: lease.doc._id }, 'delivery lease lost while working on it'),
      onError: (err) => log.warn({ err: (err as Error).message }, 'delivery lease renewal failed'),
    });
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
      const result = await context.with(trace.setSpan(parent, span), () => this.attempt(lease, deactivated));
      span.setAttribute('webhook.outcome', result);
      if (result === 'failed') span.setStatus({ code: SpanStatusCode.ERROR });
      return result;
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
      renewal.stop();
    }
  }

  private async attempt(lease: Lease<DeliveryDoc>, deactivated: string[]): Promise<AttemptResult> {
    const { deliveries, endpoints, clock, log } = this.deps;
    const delivery = lease.doc;
    if (delivery.status === 'failed') {
      // A sender died after recording the last attempt: finish what it left.
      await this.afterLastAttempt(lease, delivery.first_attempt_at!, deactivated);
      return 'skipped';
    }
    const endpoint = await endpoints.load(delivery.workspace_id, delivery.endpoint_id);
    const event = await deliveries.findEvent(delivery.event_id);
    if (!endpoint || !endpointTakes(endpoint, delivery) || !event) {
      // Disabled, deleted or re-enabled since (its pending retries were cancelled), or purged.
      await deliveries.cancelLeased(lease, clock.now());
      return 'skipped';
    }
    const n = delivery.attempt_count + 1;
    const attemptedAt = clock.now();
    // A first attempt (or a resend) is due from its creation unless a time was set for it.
    const scheduledAt = delivery.next_attempt_at ?? delivery.created_at;
    attemptLag.record(Math.max(0, attemptedAt.getTime() - new Date(scheduledAt).getTime()) / 1000);
    const res = await sendSigned(endpoint.url, signingSecrets(endpoint, attemptedAt), event, attemptedAt, {
      allowInsecureLoopback: this.deps.allowInsecureLoopback,
      timeoutMs: this.deps.timeoutMs,
    });
    this.deps.crash?.('webhook.after-send', { delivery_id: delivery._id, attempt: n });
    const { attempt, outcome, success, last } = attemptRecord(
      delivery,
      res,
      attemptedAt,
      clock.now(),
      this.deps.leaseMs,
    );
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
    if (last) await this.afterLastAttempt(lease, outcome.first_attempt_at!, deactivated);
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
    const { deactivation, notifier, deliveries } = this.deps;
    const delivery = lease.doc;
    const endpoint = await deactivation.deactivateIfFailing(delivery, new Date(firstAttemptAt));
    if (endpoint) deactivated.push(endpoint.id);
    const off = endpoint ?? (await deactivation.deactivatedForFailing(delivery));
    if (off) await notifier.enqueue(off, delivery);
    await deliveries.finishLeased(lease);
  }
}
