import type { Logger } from '@invoice-platform/common/logger';
import { withTimeout } from '@invoice-platform/common/timeouts';
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import type { ExpireOutcome, PaymentAdapter } from '../domain/adapter.ts';
import { nextRecheckAt, type RecheckSchedule } from '../domain/checkouts.ts';
import type { ProviderCheckoutDoc } from '../domain/records.ts';
import type { DueWorkResult, ProviderCheckoutLease, ProviderCheckoutStore } from '../store/provider-checkouts.ts';
import type { NotificationService } from './notifications.ts';
import type { Peers } from './peers.ts';
import { asProviderFailure } from './provider-errors.ts';

export interface DueWorkDeps {
  providerCheckouts: ProviderCheckoutStore;
  notifications: NotificationService;
  peers: Peers;
  adapters: Record<PaymentProvider, PaymentAdapter>;
  providerTimeoutMs: number;
  /** When the checkouts of a provider that re-checks them (PayPal) are re-checked again. */
  recheck: RecheckSchedule;
  log: Logger;
  now?: () => Date;
}

/** How often an expiry the provider did not answer is tried again before it is given up. */
export const maxExpireAttempts = 8;
/** Items one pass works on at most; the next pass (or a notify) takes the rest. */
const itemsPerPass = 50;

/** The wait before expiry attempt `attempt` + 1: 30 s, doubling, at most an hour. */
export function expireRetryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * The due-work pass over provider checkouts (docs/payments.md "Replaced checkouts"): expires at the
 * provider the ones that were replaced (or never adopted), confirms by fetching back the ones whose
 * notification a limit held back, and re-checks PayPal's orders on their schedule (GET the order,
 * capture an approved one for a payable invoice). Only provider checkouts with work due are read,
 * through the due_at index, at most `itemsPerPass` a pass. Each item is leased (claimDue), so
 * replicas share the work and one that dies mid-item leaves it due again. The provider's answers
 * are the only facts acted on.
 */
export class DueWork {
  private readonly deps: DueWorkDeps;
  private readonly now: () => Date;

  constructor(deps: DueWorkDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
  }

  /** One pass: the items due now, up to a bound. How many were worked on. */
  async runDue(): Promise<number> {
    // A lease outlasts the two provider calls one item may make.
    const leaseMs = 2 * this.deps.providerTimeoutMs + 10_000;
    let worked = 0;
    for (; worked < itemsPerPass; worked++) {
      const lease = await this.deps.providerCheckouts.claimDue(this.now(), leaseMs);
      if (!lease) break;
      await this.work(lease);
    }
    return worked;
  }

  private async work(lease: ProviderCheckoutLease): Promise<void> {
    const { providerCheckouts, notifications, log } = this.deps;
    const ref = lease.doc;
    const result: DueWorkResult = { dueAt: null };
    const ended = ref.state === 'paid' || ref.state === 'closed';
    // An order a notification already captured (or ended) needs no scheduled re-check.
    if (ref.recheck && ended && this.deps.adapters[ref.provider as PaymentProvider]?.recheckOpen)
      result.recheck = false;
    else if (ref.recheck) {
      try {
        const outcome = await notifications.recheck(ref);
        result.rechecks = (ref.rechecks ?? 0) + 1;
        result.dueAt = this.nextRecheck(ref, outcome);
        result.recheck = result.dueAt !== null;
      } catch (err) {
        log.warn(
          { provider: ref.provider, checkout_id: ref.checkout_id, err: (err as Error).message },
          'recheck failed',
        );
        result.dueAt = new Date(this.now().getTime() + expireRetryDelayMs(1));
      }
    }
    if (ref.expiry === 'pending') {
      const attempt = ref.expire_attempts + 1;
      try {
        result.expiry = await this.expire(ref);
        log.info(
          { provider: ref.provider, checkout_id: ref.checkout_id, expiry: result.expiry },
          'replaced checkout: the provider was asked to expire it',
        );
      } catch (err) {
        result.expireAttempts = attempt;
        if (attempt >= maxExpireAttempts) {
          result.expiry = 'gave_up';
          log.error(
            { provider: ref.provider, checkout_id: ref.checkout_id, attempts: attempt, err: (err as Error).message },
            'replaced checkout not expired at the provider',
          );
        } else {
          const retry = new Date(this.now().getTime() + expireRetryDelayMs(attempt));
          result.dueAt = result.dueAt && result.dueAt < retry ? result.dueAt : retry;
        }
      }
    }
    await providerCheckouts.complete(lease, result, this.now());
  }

  /**
   * When a checkout of a provider that re-checks them (PayPal) is re-checked again: while nothing
   * is decided yet (the buyer has not approved, the capture is pending) and it is not past its
   * schedule. Null otherwise: paid, failed, refused (an invoice that cannot take it), or another
   * provider, whose re-check was for one held-back notification only.
   */
  private nextRecheck(ref: ProviderCheckoutDoc, outcome: string | null): Date | null {
    if (outcome !== 'pending' || !this.deps.adapters[ref.provider as PaymentProvider]?.recheckOpen) return null;
    if (ref.state === 'paid' || ref.state === 'closed') return null;
    return nextRecheckAt(ref.opened_at, (ref.rechecks ?? 0) + 1, this.now(), this.deps.recheck);
  }

  /** Asks the provider to expire it; a provider whose API has no such call leaves it to lapse. */
  private async expire(ref: ProviderCheckoutDoc): Promise<ExpireOutcome | 'gave_up'> {
    const provider = ref.provider as PaymentProvider;
    const adapter = this.deps.adapters[provider];
    if (!adapter.expire) return 'not_expirable';
    const conn = await this.deps.peers.connection(ref.workspace_id, provider);
    // Disconnected since: there are no credentials left to ask the provider with.
    if (!conn) return 'gave_up';
    const expire = adapter.expire.bind(adapter);
    try {
      return await withTimeout(expire(conn, ref.provider_checkout_id), this.deps.providerTimeoutMs);
    } catch (err) {
      throw asProviderFailure(provider, err);
    }
  }
}
