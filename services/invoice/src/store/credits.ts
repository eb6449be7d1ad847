import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import { insertOnce, isDuplicateKey } from '@invoice-platform/common/outbox';
import type { CreditGrantDoc, CreditPoolDoc, CreditUseDoc, Models } from './models.ts';

export interface CreditBalance {
  unlimited: boolean;
  remaining: number | null;
  used: number;
  updatedAt: Date | null;
}

/** `remaining` is filled in by remainingAfter, outside the per-workspace critical section. */
export type Reservation = { unlimited: true } | { unlimited: false; id: string; remaining: number };

/**
 * The workspace credit pool (spec §1.1, DESIGN.md §3 Credits): the balance is what was granted
 * minus what was used. Using credit n is inserting `${workspace}:${n}` with n <= granted, so
 * parallel generates can never use more credits than the pool holds; a failed generate deletes
 * its use, which refunds it.
 */
export class CreditStore {
  private readonly models: Models;
  /** Last credit number this process used per workspace, where probing starts (ids are cheap to probe). */
  private readonly last = new Map<string, number>();

  constructor(models: Models) {
    this.models = models;
  }

  private async granted(workspaceId: string): Promise<number> {
    const grants = await this.models.CreditGrant.find({ workspace_id: workspaceId }, { amount: 1 })
      .lean<CreditGrantDoc[]>()
      .exec();
    return grants.reduce((sum, g) => sum + g.amount, 0);
  }

  private used(workspaceId: string): Promise<number> {
    return this.models.CreditUse.countDocuments({ workspace_id: workspaceId }).exec();
  }

  async balance(workspaceId: string): Promise<CreditBalance> {
    const [pool, granted, used] = await Promise.all([
      this.models.CreditPool.findById(workspaceId).lean<CreditPoolDoc>().exec(),
      this.granted(workspaceId),
      this.used(workspaceId),
    ]);
    if (pool?.unlimited) return { unlimited: true, remaining: null, used, updatedAt: pool.updated_at };
    return { unlimited: false, remaining: Math.max(0, granted - used), used, updatedAt: pool?.updated_at ?? null };
  }

  /** Reserves one credit for `invoiceId`; PaymentRequiredError (402) when none is left. */
  async reserve(workspaceId: string, invoiceId: string, now: Date): Promise<Reservation> {
    const [pool, granted] = await Promise.all([
      this.models.CreditPool.findById(workspaceId).lean<CreditPoolDoc>().exec(),
      this.granted(workspaceId),
    ]);
    if (pool?.unlimited) return { unlimited: true };
    const take = async (n: number) => {
      try {
        await this.models.CreditUse.create({
          _id: `${workspaceId}:${n}`,
          workspace_id: workspaceId,
          n,
          invoice_id: invoiceId,
          state: 'reserved',
          reserved_at: now,
        });
        this.last.set(workspaceId, n);
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        return false;
      }
    };
    const reserved = (n: number): Reservation => ({ unlimited: false, id: `${workspaceId}:${n}`, remaining: granted });
    // Fast path: the numbers after the last one used; then any hole left by a refund.
    const start = (this.last.get(workspaceId) ?? (await this.used(workspaceId))) + 1;
    for (let n = start; n <= granted; n++) if (await take(n)) return reserved(n);
    for (const n of await this.freeSlots(workspaceId, granted)) if (await take(n)) return reserved(n);
    throw new AppError('payment_required', 'The workspace invoice credit balance is empty. Add credits and retry.');
  }

  /** The balance left once `reservation` is counted (what spec §2.5 credits_remaining reports). */
  async remainingAfter(workspaceId: string, reservation: Reservation): Promise<number | null> {
    if (reservation.unlimited) return null;
    return Math.max(0, reservation.remaining - (await this.used(workspaceId)));
  }

  /** Credit numbers 1..granted not in use: holes left by refunds. */
  private async freeSlots(workspaceId: string, granted: number): Promise<number[]> {
    const uses = await this.models.CreditUse.find({ workspace_id: workspaceId }, { n: 1 })
      .lean<CreditUseDoc[]>()
      .exec();
    const taken = new Set(uses.map((u) => u.n));
    return range(1, granted).filter((n) => !taken.has(n));
  }

  async settle(reservation: Reservation): Promise<void> {
    if (reservation.unlimited) return;
    await this.models.CreditUse.updateOne({ _id: reservation.id }, { $set: { state: 'used' } }).exec();
  }

  async refund(reservation: Reservation): Promise<void> {
    if (reservation.unlimited) return;
    await this.models.CreditUse.deleteOne({ _id: reservation.id }).exec();
  }

  /** Sets the balance to `balance`, or makes the pool unlimited (admin; the dashboard's pool is this pool). */
  async set(workspaceId: string, balance: number | null, now: Date): Promise<CreditBalance> {
    await this.models.CreditPool.updateOne(
      { _id: workspaceId },
      { $set: { unlimited: balance === null, updated_at: now } },
      { upsert: true },
    ).exec();
    if (balance !== null) {
      const current = await this.balance(workspaceId);
      const granted = await this.granted(workspaceId);
      const delta = balance - (granted - current.used);
      if (delta !== 0) await this.grant(workspaceId, delta, newId('cgr'), now);
    }
    return this.balance(workspaceId);
  }

  /** Adds (or takes, when negative) credits; `operationId` makes a retried call count once. */
  async add(workspaceId: string, amount: number, operationId: string | undefined, now: Date): Promise<CreditBalance> {
    const pool = await this.models.CreditPool.findById(workspaceId).lean<CreditPoolDoc>().exec();
    if (pool?.unlimited) throw new AppError('application', 'The workspace has unlimited credits; set a balance first.');
    if (amount < 0) {
      const current = await this.balance(workspaceId);
      if ((current.remaining ?? 0) + amount < 0)
        throw new AppError('application', `Only ${current.remaining} credits are left to take.`);
    }
    await this.models.CreditPool.updateOne(
      { _id: workspaceId },
      { $set: { updated_at: now } },
      { upsert: true },
    ).exec();
    await this.grant(workspaceId, amount, operationId ? `cgr_${workspaceId}_${operationId}` : newId('cgr'), now);
    return this.balance(workspaceId);
  }

  private async grant(workspaceId: string, amount: number, id: string, now: Date): Promise<void> {
    await insertOnce(this.models.CreditGrant, { _id: id, workspace_id: workspaceId, amount, created_at: now });
  }

  /** Reservations older than `before` whose generate died: kept when the invoice exists, else refunded. */
  async reapStale(before: Date, invoiceExists: (id: string) => Promise<boolean>): Promise<number> {
    const stale = await this.models.CreditUse.find({ state: 'reserved', reserved_at: { $lt: before } })
      .limit(500)
      .lean<CreditUseDoc[]>()
      .exec();
    let refunded = 0;
    for (const use of stale) {
      if (await invoiceExists(use.invoice_id)) {
        await this.models.CreditUse.updateOne({ _id: use._id }, { $set: { state: 'used' } }).exec();
      } else {
        await this.models.CreditUse.deleteOne({ _id: use._id, state: 'reserved' }).exec();
        refunded++;
      }
    }
    return refunded;
  }
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n++) out.push(n);
  return out;
}
