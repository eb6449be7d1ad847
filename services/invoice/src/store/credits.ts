import { AppError } from '@invoice-platform/common/errors';
import { meter } from '@invoice-platform/common/metrics';
import { giveBack, takeOne } from '@invoice-platform/common/store/counters';
import { isDuplicateKey } from '@invoice-platform/common/store/unique';
import { changeVersioned } from '@invoice-platform/common/store/versioned';
import type { CreditBalance, CreditHold, CreditPoolDoc, CreditReservation } from '../domain/credits.ts';
import type { Models } from './models.ts';
import { operator } from '@invoice-platform/common/store/operators';

const creditsRefused = meter().createCounter('invoice_platform.credits.refused', {
  description: 'Generates refused with 402 because the workspace had no invoice credit left.',
  unit: '{request}',
});

/** How many admin operation ids a pool remembers for retried top-ups. */
const rememberedOps = 100;

/**
 * The workspace credit pool (docs/architecture.md#credits), one document per workspace. A
 * generate takes one credit only while the balance is positive, recording its hold in the same
 * write, so parallel generates can never use more credits than the pool holds; the hold is then
 * settled (success) or the credit given back (failure), each guarded by the hold so it happens once.
 */
export class CreditStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  private find(workspaceId: string): Promise<CreditPoolDoc | null> {
    return this.models.CreditPool.findById(workspaceId).lean<CreditPoolDoc>().exec();
  }

  /** The pool, created empty on first use. */
  private async pool(workspaceId: string, now: Date): Promise<CreditPoolDoc> {
    const existing = await this.find(workspaceId);
    if (existing) return existing;
    try {
      await this.models.CreditPool.create({ _id: workspaceId, updated_at: now });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return (await this.find(workspaceId))!;
  }

  async balance(workspaceId: string): Promise<CreditBalance> {
    const pool = await this.find(workspaceId);
    if (!pool) return { unlimited: false, remaining: 0, used: 0, updatedAt: null };
    return {
      unlimited: pool.unlimited,
      remaining: pool.unlimited ? null : pool.balance,
      used: pool.used,
      updatedAt: pool.updated_at ?? null,
    };
  }

  /** Takes one credit for `invoiceId`; PaymentRequiredError (402) when none is left. */
  async reserve(workspaceId: string, invoiceId: string, now: Date): Promise<CreditReservation> {
    const current = await this.find(workspaceId);
    if (current?.unlimited) return { unlimited: true };
    const hold: CreditHold = { invoice_id: invoiceId, at: now };
    const after = await takeOne(this.models.CreditPool, workspaceId, 'balance', {
      $inc: { used: 1, held: 1, version: 1 },
      $push: { holds: hold },
      $set: { updated_at: now },
    });
    if (!after) {
      creditsRefused.add(1);
      throw new AppError('payment_required', 'The workspace invoice credit balance is empty. Add credits and retry.');
    }
    return { unlimited: false, workspaceId, hold, remaining: after.balance };
  }

  /** The generate succeeded: the credit stays used and its hold goes. */
  async settle(reservation: CreditReservation): Promise<void> {
    if (reservation.unlimited) return;
    await this.models.CreditPool.updateOne(
      { _id: reservation.workspaceId, 'holds.invoice_id': reservation.hold.invoice_id },
      { $pullAll: { holds: [reservation.hold] }, $inc: { held: -1 } },
    ).exec();
  }

  /** The generate failed: the credit goes back, once, whoever calls this first (the generate or the maintenance pass). */
  async refund(reservation: CreditReservation): Promise<void> {
    if (reservation.unlimited) return;
    await giveBack(
      this.models.CreditPool,
      reservation.workspaceId,
      'balance',
      1,
      { 'holds.invoice_id': reservation.hold.invoice_id },
      { $pullAll: { holds: [reservation.hold] }, $inc: { used: -1, held: -1, version: 1 } },
    );
  }

  /** Sets the balance to `balance`, or makes the pool unlimited (admin; the dashboard's pool is this pool). */
  async set(workspaceId: string, balance: number | null, now: Date): Promise<CreditBalance> {
    await this.pool(workspaceId, now);
    await this.models.CreditPool.updateOne(
      { _id: workspaceId },
      {
        $set: { unlimited: balance === null, ...(balance === null ? {} : { balance }), updated_at: now },
        $inc: { version: 1 },
      },
    ).exec();
    return this.balance(workspaceId);
  }

  /** Adds (or takes, when negative) credits; `operationId` makes a retried call count once. */
  async add(workspaceId: string, amount: number, operationId: string | undefined, now: Date): Promise<CreditBalance> {
    await this.pool(workspaceId, now);
    await changeVersioned(
      this.models.CreditPool,
      async () => (await this.find(workspaceId))!,
      (pool) => {
        if (operationId && pool.ops.includes(operationId)) return null;
        if (pool.unlimited)
          throw new AppError('application', 'The workspace has unlimited credits; set a balance first.');
        if (pool.balance + amount < 0)
          throw new AppError('application', `Only ${pool.balance} credits are left to take.`);
        return {
          $inc: { balance: amount },
          $set: {
            updated_at: now,
            ...(operationId ? { ops: [...pool.ops, operationId].slice(-rememberedOps) } : {}),
          },
        };
      },
      'The credit pool is being changed concurrently. Retry shortly.',
    );
    return this.balance(workspaceId);
  }

  /**
   * Holds older than `before` whose generate died: settled when `stored` says its invoice is
   * stored, else the credit goes back (the caller decides for good before it answers, see
   * Leftovers.decideStaleHolds). Reads only pools with holds (indexed).
   */
  async settleOrRefundStale(
    before: Date,
    stored: (invoiceId: string, workspaceId: string) => Promise<boolean>,
  ): Promise<number> {
    const pools = await this.models.CreditPool.find({ held: operator({ $gt: 0 }) })
      .limit(500)
      .lean<CreditPoolDoc[]>()
      .exec();
    let refunded = 0;
    for (const pool of pools) {
      for (const hold of pool.holds.filter((h) => new Date(h.at) < before)) {
        const reservation: CreditReservation = {
          unlimited: false,
          workspaceId: pool._id,
          hold,
          remaining: pool.balance,
        };
        if (await stored(hold.invoice_id, pool._id)) {
          await this.settle(reservation);
        } else {
          await this.refund(reservation);
          refunded++;
        }
      }
    }
    return refunded;
  }
}
