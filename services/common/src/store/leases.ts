import { randomBytes } from 'node:crypto';
import type { Model } from 'mongoose';
import { operator } from './operators.ts';

/**
 * Leases: the right of one worker (or request) to act on one stored item for a while. A lease is
 * taken by one conditional write that records a new token, so of any number of contenders exactly
 * one holds it, and every write of its holder is guarded by that token, so a holder whose lease
 * ran out and was taken over writes nothing. A holder that dies or stalls stops renewing, and the
 * item is free again once its lease has run out. Items keep a lease in one of two ways:
 *
 * - A work item whose due time is also its lease's end (`Leasable`: `due_at`, `lease_token`):
 *   claiming it moves `due_at` to the end of the lease, so a lease that runs out leaves the item
 *   due again, and completing it writes its next `due_at` (claimDue, claimById, renewLease,
 *   completeLease).
 * - An item leased apart from when (or whether) it is due (`LeasedUntil`: `lease_token`,
 *   `lease_until`): the lease is free when none was taken or the last one has run out, whatever
 *   else the item says (claimFree, takeFree, renewHeld, writeHeld, releaseHeld, releaseAllHeld,
 *   and the filter parts leaseFree and heldBy for the writes a store composes itself).
 */

/** The fields a leased work item carries: when it is next due (or its lease ends), and who holds it. */
export interface Leasable {
  _id: string;
  /** When the item is due; while leased, when the lease ends. An index on it serves the claims. */
  due_at: Date | null;
  /** The token of the claim holding the item, null when none does. */
  lease_token: string | null;
}

/** The fields of an item leased apart from when it is due: who holds it, and until when. */
export interface LeasedUntil {
  _id: string;
  /** The token of the current or last lease; null when none was taken since the last release. */
  lease_token: string | null;
  /** When the lease ends (the holder renews it while its work lasts); null when released. */
  lease_until: Date | null;
}

/** A lease taken: the item as it was leased, and the token that holds it. */
export interface Lease<T> {
  doc: T;
  token: string;
}

/** A new lease token: random, so no two claims ever share one. */
export function newLeaseToken(): string {
  return randomBytes(12).toString('base64url');
}

/** Filter part: the item is held by `token` (its lease may have run out, but nobody took it over). */
export function heldBy(token: string): { lease_token: string } {
  return { lease_token: token };
}

/**
 * The lease field of an item with a `due_at` lease that no claim has taken since it was last
 * completed (a claim that ran out keeps its token until the next one): a filter part, or the field
 * of a new item.
 */
export function unclaimed(): { lease_token: null } {
  return { lease_token: null };
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
  return claimOne(
    model,
    { ...filter, due_at: operator({ $lte: now }) },
    (token) => ({ due_at: new Date(now.getTime() + leaseMs), lease_token: token }),
    { sort: { due_at: 1 } },
  );
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
    { _id: lease.doc._id, ...heldBy(lease.token) } as never,
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
    { _id: lease.doc._id, ...heldBy(lease.token) } as never,
    {
      $set: { ...set, lease_token: null },
    } as never,
  );
  return res.matchedCount === 1;
}

/** The fields of a lease `token` takes at `now` for `leaseMs` (to insert with an item, or to $set). */
export function leaseFor(token: string, now: Date, leaseMs: number): { lease_token: string; lease_until: Date } {
  return { lease_token: token, lease_until: new Date(now.getTime() + leaseMs) };
}

/** The fields of an item no lease holds (to insert with a new item, or to $set on a release). */
export function noLease(): { lease_token: null; lease_until: null } {
  return { lease_token: null, lease_until: null };
}

/** Filter part: no lease holds the item at `now` (none was taken, or the last one has run out). */
export function leaseFree(now: Date): { lease_until: { $not: { $gt: Date } } } {
  return { lease_until: operator({ $not: { $gt: now } }) };
}

/** Whether a lease holds `item` at `now` (the opposite of leaseFree, for an item already read). */
export function leaseHeld(item: Pick<LeasedUntil, 'lease_until'>, now: Date): boolean {
  return item.lease_until !== null && item.lease_until.getTime() > now.getTime();
}

/**
 * Leases the item matching `filter` if no lease holds it: one findOneAndUpdate records a new token
 * and the lease's end, so of any number of contenders exactly one gets it. The item as leased, or
 * null when it does not match or is held.
 */
export async function claimFree<T extends LeasedUntil>(
  model: Model<T>,
  filter: Record<string, unknown>,
  now: Date,
  leaseMs: number,
): Promise<Lease<T> | null> {
  return claimOne(model, { ...filter, ...leaseFree(now) }, (token) => leaseFor(token, now, leaseMs));
}

/**
 * Takes a lease under a given `token` on the item matching `filter` if no lease holds it, setting
 * `set` in the same write: several items held under one token, or a claim taken over from a
 * holder that died. False when the item does not match or is held.
 */
export async function takeFree<T extends LeasedUntil>(
  model: Model<T>,
  filter: Record<string, unknown>,
  token: string,
  now: Date,
  leaseMs: number,
  set: Partial<NoInfer<T>> = {},
): Promise<boolean> {
  const res = await model
    .updateOne(
      { ...filter, ...leaseFree(now) } as never,
      { $set: { ...leaseFor(token, now, leaseMs), ...set } } as never,
    )
    .exec();
  return res.matchedCount === 1;
}

/**
 * Extends a lease to `until` while it still holds the item and the item matches `filter`, writing
 * `set` in the same write; false when it ran out and was taken (nothing written).
 */
export async function renewHeld<T extends LeasedUntil>(
  model: Model<T>,
  lease: Lease<Pick<NoInfer<T>, '_id'>>,
  until: Date,
  set: Partial<NoInfer<T>> = {},
  filter: Record<string, unknown> = {},
): Promise<boolean> {
  return writeHeld(model, lease, { $set: { ...set, lease_until: until } }, filter);
}

/** An update of a leased item: fields to set, counters to move. */
export interface HeldUpdate<T> {
  $set: Partial<T>;
  $inc?: Partial<Record<keyof T, number>>;
}

/**
 * Writes `update` to the item, keeping the lease, while the lease still holds it and the item
 * matches `filter`; false when the lease was lost (nothing written).
 */
export async function writeHeld<T extends LeasedUntil>(
  model: Model<T>,
  lease: Lease<Pick<NoInfer<T>, '_id'>>,
  update: HeldUpdate<NoInfer<T>>,
  filter: Record<string, unknown> = {},
): Promise<boolean> {
  const res = await model
    .updateOne({ _id: lease.doc._id, ...heldBy(lease.token), ...filter } as never, update as never)
    .exec();
  return res.matchedCount === 1;
}

/**
 * Ends a lease by writing the item's next state (`update`), while the lease still holds it and
 * the item matches `filter`; false when the lease was lost: another holder owns the item now, and
 * this one's result must not be written.
 */
export async function releaseHeld<T extends LeasedUntil>(
  model: Model<T>,
  lease: Lease<Pick<NoInfer<T>, '_id'>>,
  update: HeldUpdate<NoInfer<T>>,
  filter: Record<string, unknown> = {},
): Promise<boolean> {
  return writeHeld(model, lease, { ...update, $set: { ...update.$set, ...noLease() } }, filter);
}

/** Gives back what `token` still holds among the items `ids`. */
export async function releaseAllHeld<T extends LeasedUntil>(
  model: Model<T>,
  ids: string[],
  token: string,
): Promise<void> {
  await model
    .updateMany({ _id: operator({ $in: ids }), ...heldBy(token) } as never, { $set: noLease() } as never)
    .exec();
}

/**
 * The claim itself: one findOneAndUpdate of an item matching `filter` (the first in `options.sort`
 * order) that sets what a new token's lease writes, so of any number of claimers exactly one gets
 * it. The item as claimed with its token, or null when none matched.
 */
async function claimOne<T>(
  model: Model<T>,
  filter: Record<string, unknown>,
  leaseFields: (token: string) => Record<string, unknown>,
  options: { sort?: Record<string, 1 | -1> } = {},
): Promise<Lease<T> | null> {
  const token = newLeaseToken();
  const doc = await model
    .findOneAndUpdate(filter as never, { $set: leaseFields(token) } as never, { ...options, returnDocument: 'after' })
    .lean<T>()
    .exec();
  return doc ? { doc, token } : null;
}

export interface KeepRenewedOptions {
  /** The lease's length: it is renewed every third of it, so two renewals may fail before it lapses. */
  leaseMs: number;
  /** One renewal: true while the lease is still the holder's, false once another holder has it. */
  renew: () => Promise<boolean>;
  /** Once, when a renewal finds the lease no longer the holder's. */
  onLost?: () => void;
  /** A renewal that failed (the store away): reported, and the next one tries again. */
  onError?: (err: unknown) => void;
}

/**
 * A lease kept while its holder works (keepRenewed). Renewals run one after another, never
 * overlapping, and their timer never holds a stopping process open: the work it belongs to does.
 * A renewal that lands after stop() or after the lease was lost changes nothing.
 */
export class LeaseRenewal {
  private readonly opts: KeepRenewedOptions;
  private timer: NodeJS.Timeout | undefined;
  private state: 'held' | 'lost' | 'stopped' = 'held';

  constructor(opts: KeepRenewedOptions) {
    this.opts = opts;
    this.schedule();
  }

  /** True while renewals run: not once stopped, nor once the lease was found lost. */
  get held(): boolean {
    return this.state === 'held';
  }

  /** True once a renewal, renewNow or markLost found the lease no longer the holder's. */
  get lost(): boolean {
    return this.state === 'lost';
  }

  /** Renews at once (before a write that needs the lease to last); false once lost or stopped. A failure throws. */
  async renewNow(): Promise<boolean> {
    if (this.state !== 'held') return false;
    if (!(await this.opts.renew()) && this.state === 'held') this.end('lost');
    return this.state === 'held';
  }

  /** The holder's own guarded write found the lease taken: renewals end, onLost is not called. */
  markLost(): void {
    if (this.state === 'held') this.end('lost');
  }

  /** Ends the renewals and leaves the lease to lapse (or to the holder's own release). */
  stop(): void {
    if (this.state === 'held') this.end('stopped');
  }

  private end(state: 'lost' | 'stopped'): void {
    this.state = state;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.tick(), Math.max(1, Math.floor(this.opts.leaseMs / 3)));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    try {
      const held = await this.opts.renew();
      if (this.state !== 'held') return;
      if (!held) {
        this.end('lost');
        this.opts.onLost?.();
        return;
      }
    } catch (err) {
      if (this.state !== 'held') return;
      this.opts.onError?.(err);
    }
    this.schedule();
  }
}

/** Keeps a lease while its holder works: the one renewal loop of every lease holder of the platform. */
export function keepRenewed(opts: KeepRenewedOptions): LeaseRenewal {
  return new LeaseRenewal(opts);
}
