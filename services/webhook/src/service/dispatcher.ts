import type { ServiceClock } from '@invoice-platform/common/clock';
import type { Logger } from '@invoice-platform/common/logger';
import { Poller } from '@invoice-platform/common/poller';
import { LaneShares } from '../domain/lanes.ts';
import type { DeliveryStore } from '../store/deliveries.ts';
import type { AttemptResult, DeliveryAttempts } from './attempts.ts';
import type { Notifier } from './notifier.ts';

export interface DeliveryDispatcherDeps {
  deliveries: DeliveryStore;
  attempts: DeliveryAttempts;
  notifier: Notifier;
  clock: ServiceClock;
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

/**
 * Sends due attempts (docs/architecture.md#webhooks). Deliveries are work items leased by the senders
 * (docs/data-layer.md): any number of replicas read the earliest due ones and claim each by one
 * conditional write, so each attempt is made by one of them (DeliveryAttempts), and renew the lease
 * while they work on it.
 */
export class DeliveryDispatcher {
  private readonly deps: DeliveryDispatcherDeps;
  private readonly poller: Poller;

  constructor(deps: DeliveryDispatcherDeps) {
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
   * Works due deliveries until none is left, `concurrency` at a time, within each workspace's and
   * endpoint's share of the lanes (LaneShares). Reads the earliest due ones that may start (an
   * indexed range with a limit), claims each by id (one another sender claimed first is skipped),
   * and reads again whenever a lane frees.
   */
  private async drain(workspaceId: string | undefined, result: PassResult): Promise<void> {
    const { deliveries, attempts, clock, leaseMs, concurrency } = this.deps;
    const lanes = new LaneShares(this.deps.workspaceLanes, this.deps.endpointLanes);
    const running = new Set<Promise<void>>();
    let failure: { error: unknown } | undefined;
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
          lanes.full(),
          workspaceId,
        );
        for (const d of due) {
          if (running.size >= concurrency) break;
          if (!lanes.hasRoom(d)) continue;
          const lease = await deliveries.claim(d._id, clock.now(), leaseMs);
          if (!lease) continue;
          started++;
          lanes.take(d);
          const job: Promise<void> = attempts
            .work(lease, result.deactivated)
            .then(
              (outcome) => count(result, outcome),
              (error: unknown) => {
                failure ??= { error };
              },
            )
            .finally(() => {
              lanes.release(d);
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
}

function count(result: PassResult, outcome: AttemptResult): void {
  if (outcome !== 'skipped') result.attempted++;
  if (outcome === 'succeeded') result.succeeded++;
  if (outcome === 'failed') result.failed++;
}
