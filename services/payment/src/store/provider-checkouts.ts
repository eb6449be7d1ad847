import { claimDue, completeLease, type Lease, unclaimed } from '@invoice-platform/common/store/leases';
import { operator } from '@invoice-platform/common/store/operators';
import { insertOnce } from '@invoice-platform/common/store/unique';
import type { ExpiryState, ProviderCheckoutDoc } from '../domain/records.ts';
import type { Models, StoredProviderCheckout } from './models.ts';

/** A provider checkout as it is opened: what StartCheckout got from the provider. */
export interface OpenedProviderCheckout {
  provider: string;
  providerCheckoutId: string;
  checkoutId: string;
  invoiceId: string;
  workspaceId: string;
  amount: string;
  currency: string;
}

/** What the due-work pass leaves on a provider checkout it worked on. */
export interface DueWorkResult {
  expiry?: ExpiryState | null;
  expireAttempts?: number;
  recheck?: boolean;
  rechecks?: number;
  /** When work is due again (a retry), or null. */
  dueAt: Date | null;
}

/** The due-work pass's claim on a provider checkout (claimDue): the provider checkout as claimed, and its token. */
export type ProviderCheckoutLease = Lease<StoredProviderCheckout>;

export function providerCheckoutKey(provider: string, providerCheckoutId: string): string {
  return `${provider}:${providerCheckoutId}`;
}

/**
 * The provider_checkouts collection (store/models.ts): every provider checkout any checkout ever
 * had, looked up by `${provider}:${id}`. Each change is one conditional write on one document.
 */
export class ProviderCheckoutStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  find(provider: string, providerCheckoutId: string): Promise<ProviderCheckoutDoc | null> {
    return this.models.ProviderCheckout.findById(providerCheckoutKey(provider, providerCheckoutId))
      .lean<ProviderCheckoutDoc>()
      .exec();
  }

  /**
   * Records a provider checkout the moment the provider has opened it, before the checkout points
   * to it: as an orphan to expire once `orphanAfter` has passed, unless `adopt` confirms it. So a
   * process that dies in between leaves nothing payable behind that nobody looks after.
   */
  async insertOpened(opened: OpenedProviderCheckout, now: Date, orphanAfter: Date): Promise<void> {
    const doc: StoredProviderCheckout = {
      _id: providerCheckoutKey(opened.provider, opened.providerCheckoutId),
      provider: opened.provider,
      provider_checkout_id: opened.providerCheckoutId,
      checkout_id: opened.checkoutId,
      invoice_id: opened.invoiceId,
      workspace_id: opened.workspaceId,
      amount: opened.amount,
      currency: opened.currency,
      state: 'open',
      expiry: 'pending',
      expire_attempts: 0,
      recheck: false,
      rechecks: 0,
      due_at: orphanAfter,
      ...unclaimed(),
      calls: 0,
      calls_window_at: null,
      opened_at: now,
      updated_at: now,
    };
    // A provider never gives one id twice; a second insert is this same call retried.
    await insertOnce(this.models.ProviderCheckout, doc);
  }

  /**
   * The checkout now points to it: nothing is to be expired (unless the pass already took it).
   * `recheckAt`: when the pass first re-checks it at the provider (PayPal), or null.
   */
  async adopt(provider: string, providerCheckoutId: string, now: Date, recheckAt: Date | null = null): Promise<void> {
    await this.models.ProviderCheckout.updateOne(
      { _id: providerCheckoutKey(provider, providerCheckoutId), state: 'open', expiry: 'pending', ...unclaimed() },
      { $set: { expiry: null, due_at: recheckAt, recheck: recheckAt !== null, updated_at: now } },
    ).exec();
  }

  /**
   * Another provider checkout took its place (or it was never adopted): it is to be expired at the
   * provider now. One that was paid or ended stays as it is.
   */
  async replace(provider: string, providerCheckoutId: string, now: Date): Promise<boolean> {
    const res = await this.models.ProviderCheckout.updateOne(
      { _id: providerCheckoutKey(provider, providerCheckoutId), state: 'open' },
      { $set: { state: 'replaced', expiry: 'pending', due_at: now, updated_at: now } },
    ).exec();
    return res.modifiedCount === 1;
  }

  /** After a payment on one of them: the checkout's other open provider checkouts are expired, so nobody pays twice. */
  async replaceOthers(checkoutId: string, paidId: string, now: Date): Promise<number> {
    const res = await this.models.ProviderCheckout.updateMany(
      { checkout_id: checkoutId, state: 'open', _id: operator({ $ne: paidId }) },
      { $set: { state: 'replaced', expiry: 'pending', due_at: now, updated_at: now } },
    ).exec();
    return res.modifiedCount;
  }

  /**
   * A verified payment on it was recorded, or it ended at the provider: nothing is left to expire
   * (an expiry already asked for keeps its outcome). A paid one is never closed by a later notice.
   */
  async settle(id: string, state: 'paid' | 'closed', now: Date): Promise<void> {
    await this.models.ProviderCheckout.updateOne(
      { _id: id, state: operator({ $ne: 'paid' as const }) },
      { $set: { state, updated_at: now } },
    ).exec();
    await this.models.ProviderCheckout.updateOne({ _id: id, expiry: 'pending' }, { $set: { expiry: null } }).exec();
  }

  /**
   * Whether the provider checkout's allowance of `max` provider calls per `windowMs` has one left.
   * Only verified notifications spend it (takeCall, after the provider confirmed one), so forged
   * ones naming the checkout can never use it up. It is read before a call, so the calls in flight
   * at that moment may pass it by as many; each sender has at most its own allowance in flight
   * (SenderStore: a call is given back only once the provider answered).
   */
  async hasCallLeft(id: string, now: Date, max: number, windowMs: number): Promise<boolean> {
    const doc = await this.models.ProviderCheckout.findById(id, { calls: 1, calls_window_at: 1 })
      .lean<Pick<ProviderCheckoutDoc, 'calls' | 'calls_window_at'>>()
      .exec();
    if (!doc?.calls_window_at || doc.calls_window_at.getTime() <= now.getTime() - windowMs) return true;
    return doc.calls < max;
  }

  /**
   * Takes one provider call from the provider checkout's allowance of `max` per `windowMs`: false
   * when it is used up. Each take is one conditional write (an $inc below the allowance, or the
   * write that opens a new window), so concurrent notifications never take more than the allowance.
   */
  async takeCall(id: string, now: Date, max: number, windowMs: number): Promise<boolean> {
    const windowStart = new Date(now.getTime() - windowMs);
    // Two rounds: a call that loses the race to open a new window takes from that window next.
    for (let round = 0; round < 2; round++) {
      const within = await this.models.ProviderCheckout.updateOne(
        { _id: id, calls_window_at: operator({ $gt: windowStart }), calls: operator({ $lt: max }) },
        { $inc: { calls: 1 } },
      ).exec();
      if (within.modifiedCount === 1) return true;
      // No window yet, or it is over: this call opens a new one.
      const fresh = await this.models.ProviderCheckout.updateOne(
        { _id: id, $or: [{ calls_window_at: null }, { calls_window_at: operator({ $lte: windowStart }) }] },
        { $set: { calls: 1, calls_window_at: now } },
      ).exec();
      if (fresh.modifiedCount === 1) return true;
    }
    return false;
  }

  /** A notification a limit held back: the pass fetches the provider's record once the window is over. */
  async scheduleRecheck(id: string, at: Date): Promise<void> {
    // Not before anything already due (an expiry), and never while leased (due_at is then the lease's end).
    await this.models.ProviderCheckout.updateOne(
      { _id: id, ...unclaimed(), $or: [{ due_at: null }, { due_at: operator({ $gt: at }) }] },
      { $set: { recheck: true, due_at: at } },
    ).exec();
    await this.models.ProviderCheckout.updateOne({ _id: id }, { $set: { recheck: true } }).exec();
  }

  /** The earliest provider checkout with work due, leased to this caller; null when none is due. */
  claimDue(now: Date, leaseMs: number): Promise<ProviderCheckoutLease | null> {
    return claimDue(this.models.ProviderCheckout, {}, now, leaseMs);
  }

  /** Writes what the pass did; false when its lease had run out and another worker took over. */
  async complete(lease: ProviderCheckoutLease, result: DueWorkResult, now: Date): Promise<boolean> {
    const set: Partial<StoredProviderCheckout> & { due_at: Date | null } = { due_at: result.dueAt, updated_at: now };
    if (result.expiry !== undefined) set.expiry = result.expiry;
    if (result.expireAttempts !== undefined) set.expire_attempts = result.expireAttempts;
    if (result.recheck !== undefined) set.recheck = result.recheck;
    if (result.rechecks !== undefined) set.rechecks = result.rechecks;
    const written = await completeLease(this.models.ProviderCheckout, lease, set);
    // Work asked for while the lease was held (a replacement, a held-back notification) is due now.
    await this.models.ProviderCheckout.updateOne(
      { _id: lease.doc._id, ...unclaimed(), due_at: null, $or: [{ recheck: true }, { expiry: 'pending' }] },
      { $set: { due_at: now } },
    ).exec();
    return written;
  }
}
