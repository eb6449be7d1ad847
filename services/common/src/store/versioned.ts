import type { Model, UpdateQuery } from 'mongoose';
import { AppError } from '../errors.ts';

/** A document changed only by compare-and-set on its version. */
export interface Versioned {
  _id: string;
  version: number;
}

/**
 * Compare-and-set on `version`: applies `update` and moves the version on by one only while the
 * document is still at `version`. Returns the document after the update, or null when another
 * writer changed it first (or it is gone). One conditional findOneAndUpdate, atomic on MongoDB.
 */
export async function updateIfVersion<T extends Versioned>(
  model: Model<T>,
  id: string,
  version: number,
  update: UpdateQuery<T>,
): Promise<T | null> {
  const withVersion = { ...update, $inc: { ...(update.$inc ?? {}), version: 1 } } as UpdateQuery<T>;
  return model
    .findOneAndUpdate({ _id: id, version } as never, withVersion, { returnDocument: 'after' })
    .lean<T>()
    .exec();
}

export interface VersionedChange<T> {
  /** The document as it was read and decided on. */
  before: T;
  /** The document after the change, or null when `decide` found nothing to change. */
  after: T | null;
}

/** How often a change is decided again after losing a race before it gives up (409). */
const maxAttempts = 12;

/**
 * Read, decide, compare-and-set: the stores' one retry loop. `decide` sees the current document
 * and returns the update to make from it, or null for "nothing to change"; when another writer
 * changed the document between the read and the write, it is read and decided again. `load`
 * throws (a not-found error) when the document does not exist.
 */
export async function changeVersioned<T extends Versioned>(
  model: Model<T>,
  load: () => Promise<T>,
  decide: (current: T) => UpdateQuery<T> | null,
  conflictMessage = 'The resource is being changed concurrently. Retry shortly.',
): Promise<VersionedChange<T>> {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const before = await load();
    const update = decide(before);
    if (!update) return { before, after: null };
    const after = await updateIfVersion(model, before._id, before.version, update);
    if (after) return { before, after };
    // Lost the race: back off a little, with jitter so the losers do not collide again.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
  throw new AppError('conflict', conflictMessage);
}
