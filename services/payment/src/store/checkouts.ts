import { newId } from '@invoice-platform/common/ids';
import {
  heldBy,
  type Lease,
  leaseFor,
  newLeaseToken,
  noLease,
  releaseHeld,
} from '@invoice-platform/common/store/leases';
import { operator } from '@invoice-platform/common/store/operators';
import { insertOnce } from '@invoice-platform/common/store/unique';
import type { CheckoutDoc } from '../domain/records.ts';
import type { Models, StoredCheckout } from './models.ts';

/** What a StartCheckout opens a checkout for. */
export interface CheckoutSubject {
  invoiceId: string;
  provider: string;
  workspaceId: string;
  amount: string;
  currency: string;
}

/** The right to ask the provider for this checkout (a lease on it), held until `finishCreating` or `abandon`. */
export interface CreatingLease extends Lease<Pick<CheckoutDoc, '_id'>> {
  /** The provider checkout this one replaces, if any (expired, closed, or for another amount). */
  replaced: CheckoutDoc | null;
}

export interface OpenedCheckout {
  providerCheckoutId: string;
  redirectUrl: string;
  expiresAt: Date;
}

/**
 * The checkouts collection: one document per invoice and provider, changed only by single-document
 * conditional writes (an insert the unique index decides, a compare-and-set on `version`, or a
 * write guarded by the lease, common/store/leases.ts).
 */
export class CheckoutStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  async find(invoiceId: string, provider: string): Promise<StoredCheckout | null> {
    return this.models.Checkout.findOne({ invoice_id: invoiceId, provider }).lean<StoredCheckout>().exec();
  }

  /**
   * Inserts the invoice's first checkout for the provider in state `creating`, held by a new lease.
   * Null when another one exists already (the unique index decided for someone else).
   */
  async insertCreating(subject: CheckoutSubject, now: Date, leaseMs: number): Promise<CreatingLease | null> {
    const token = newLeaseToken();
    const doc: StoredCheckout = {
      _id: newId('chk'),
      invoice_id: subject.invoiceId,
      provider: subject.provider,
      workspace_id: subject.workspaceId,
      state: 'creating',
      version: 0,
      ...leaseFor(token, now, leaseMs),
      amount: subject.amount,
      currency: subject.currency,
      provider_checkout_id: null,
      redirect_url: null,
      expires_at: null,
      created_at: now,
      updated_at: now,
    };
    return (await insertOnce(this.models.Checkout, doc)) ? { doc: { _id: doc._id }, token, replaced: null } : null;
  }

  /**
   * Takes over `current` (one that may not be reused: expired, closed, paid, for another amount, or
   * left `creating` by a holder whose lease ran out) to create its replacement, by compare-and-set
   * on the version that was read. Null when someone changed it first.
   */
  async takeOver(
    current: CheckoutDoc,
    subject: CheckoutSubject,
    now: Date,
    leaseMs: number,
  ): Promise<CreatingLease | null> {
    const token = newLeaseToken();
    const res = await this.models.Checkout.updateOne(
      { _id: current._id, version: current.version },
      {
        $set: {
          state: 'creating',
          ...leaseFor(token, now, leaseMs),
          workspace_id: subject.workspaceId,
          amount: subject.amount,
          currency: subject.currency,
          provider_checkout_id: null,
          redirect_url: null,
          expires_at: null,
          updated_at: now,
        },
        $inc: { version: 1 },
      },
    );
    return res.modifiedCount === 1 ? { doc: { _id: current._id }, token, replaced: current } : null;
  }

  /** Opens the checkout the lease was for; null when the lease was lost (it ran out and was taken over). */
  async finishCreating(lease: CreatingLease, opened: OpenedCheckout, now: Date): Promise<StoredCheckout | null> {
    return this.models.Checkout.findOneAndUpdate(
      { _id: lease.doc._id, state: 'creating', ...heldBy(lease.token) },
      {
        $set: {
          state: 'open',
          ...noLease(),
          provider_checkout_id: opened.providerCheckoutId,
          redirect_url: opened.redirectUrl,
          expires_at: opened.expiresAt,
          updated_at: now,
        },
        $inc: { version: 1 },
      },
      { returnDocument: 'after' },
    )
      .lean<StoredCheckout>()
      .exec();
  }

  /** The provider call failed: the next click may try again at once rather than wait out the lease. */
  async abandon(lease: CreatingLease, now: Date): Promise<void> {
    await releaseHeld(
      this.models.Checkout,
      lease,
      { $set: { state: 'closed', updated_at: now }, $inc: { version: 1 } },
      { state: 'creating' },
    );
  }

  /**
   * A verified notification settled the provider checkout: paid (not reused again) or closed (it
   * can no longer be paid, the next click opens a new one). Guarded by the provider checkout id,
   * so news about a checkout that was replaced since never touches its replacement.
   */
  async settle(checkoutId: string, providerCheckoutId: string, state: 'paid' | 'closed', now: Date): Promise<boolean> {
    const res = await this.models.Checkout.updateOne(
      { _id: checkoutId, provider_checkout_id: providerCheckoutId, state: 'open' },
      { $set: { state, updated_at: now }, $inc: { version: 1 } },
    );
    return res.modifiedCount === 1;
  }

  /**
   * A payment was recorded on one of the checkout's provider checkouts: the checkout is paid when
   * that is its current one, else closed (its current one is being expired), so it is never
   * handed out again either way.
   */
  async finishPaid(checkoutId: string, paidProviderCheckoutId: string, now: Date): Promise<void> {
    if (await this.settle(checkoutId, paidProviderCheckoutId, 'paid', now)) return;
    await this.models.Checkout.updateOne(
      { _id: checkoutId, state: 'open', provider_checkout_id: operator({ $ne: paidProviderCheckoutId }) },
      { $set: { state: 'closed', updated_at: now }, $inc: { version: 1 } },
    );
  }
}
