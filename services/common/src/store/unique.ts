import type { Model } from 'mongoose';

export function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: unknown })?.code === 11000;
}

/**
 * Inserts `doc` unless a document with its unique key exists: true when this call inserted it.
 * For records that exist once by nature (an applied event id, a delivery of one event to one
 * endpoint), where a second insert is a retry to be ignored.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function insertOnce(model: Model<any>, doc: object): Promise<boolean> {
  try {
    await model.create(doc);
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
