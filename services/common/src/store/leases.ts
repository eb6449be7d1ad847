import { randomBytes } from 'node:crypto';
import type { Model } from 'mongoose';
import { operator } from './operators.ts';

/** The fields a leased work item carries: when it is next due (or its lease ends), and who holds it. */
export interface Leasable {
  _id: string;
  /** When the item is due; while leased, when the lease ends. An index on it serves the claims. */
  due_at: Date | null;
  /** The token of the claim holding the item, null when none does. */
  lease_token: string | null;
}

export interface Lease<T> {
  doc: T;
  token: string;
}

/**
 * Claims the earliest item matching `filter` whose due time has come (a lease that ran out makes
 * its item due again): one findOneAndUpdate moves `due_at` to the end of the lease and records a
 * new token, so of any number of workers exactly one gets each item. Null when nothing is due.
 */
export async function claimDue<T extends Leasable>(
  model: Model<T>,
  filter: Record<string, unknown>,
  now: Date,
  leaseMs: number,
): Promise<Lease<T> | null> {
  const token = randomBytes(12).toString('base64url');
  const doc = await model
    .findOneAndUpdate(
      { ...filter, due_at: operator({ $lte: now }) } as never,
      { $set: { due_at: new Date(now.getTime() + leaseMs), lease_token: token } } as never,
      { sort: { due_at: 1 }, returnDocument: 'after' },
    )
    .lean<T>()
    .exec();
  return doc ? { doc, token } : null;
}

/** Claims one given item when it is due (see claimDue). */
export async function claimById<T extends Leasable>(
  model: Model<T>,
  id: string,
  filter: Record<string, unknown>,
  now: Date,
  leaseMs: number,
): Promise<Lease<T> | null> {
  return claimDue(model, { ...filter, _id: id }, now, leaseMs);
}

/** Extends a lease while its claim still holds it; false when the lease ran out and was taken. */
export async function renewLease<T extends Leasable>(model: Model<T>, lease: Lease<T>, until: Date): Promise<boolean> {
  const res = await model.updateOne(
    { _id: lease.doc._id, lease_token: lease.token } as never,
    {
      $set: { due_at: until },
    } as never,
  );
  return res.matchedCount === 1;
}

/**
 * Ends a lease by writing the item's next state (`set`, with its next `due_at` or null when no
 * more work is due), only while the claim still holds it. False when the lease was lost: another
 * worker owns the item now, and this one's result must not be written.
 */
export async function completeLease<T extends Leasable>(
  model: Model<T>,
  lease: Lease<T>,
  set: Partial<T> & { due_at: Date | null },
): Promise<boolean> {
  const res = await model.updateOne(
    { _id: lease.doc._id, lease_token: lease.token } as never,
    {
      $set: { ...set, lease_token: null },
    } as never,
  );
  return res.matchedCount === 1;
}
