import type { Model, UpdateQuery } from 'mongoose';
import { operator } from './operators.ts';

/**
 * Guarded counters: a number field of one document that is taken from only while it is positive
 * and given back by $inc, each a single conditional write (MongoDB applies it atomically, so
 * parallel takers can never drive it below zero). `also` joins other changes to the same write.
 */
export async function takeOne<T extends { _id: string }>(
  model: Model<T>,
  id: string,
  field: keyof T & string,
  also: UpdateQuery<T> = {},
): Promise<T | null> {
  const update = { ...also, $inc: { ...(also.$inc ?? {}), [field]: -1 } } as UpdateQuery<T>;
  return model
    .findOneAndUpdate({ _id: id, [field]: operator({ $gt: 0 }) } as never, update, { returnDocument: 'after' })
    .lean<T>()
    .exec();
}

/**
 * Gives `amount` back to the counter in one $inc, only while `guard` (extra filter conditions)
 * still holds, so a give-back guarded by what it undoes happens at most once. True when applied.
 */
export async function giveBack<T extends { _id: string }>(
  model: Model<T>,
  id: string,
  field: keyof T & string,
  amount: number,
  guard: Record<string, unknown> = {},
  also: UpdateQuery<T> = {},
): Promise<boolean> {
  const update = { ...also, $inc: { ...(also.$inc ?? {}), [field]: amount } } as UpdateQuery<T>;
  const res = await model.updateOne({ ...guard, _id: id } as never, update).exec();
  return res.modifiedCount === 1;
}
