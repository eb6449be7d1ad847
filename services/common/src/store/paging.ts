/** Paging's store part: one list-and-count query per page (the pure part is ../paging.ts). */
import type { Model } from 'mongoose';
import type { PageOf, PageRequest } from '../paging.ts';

/**
 * One page of `model`'s documents matching `filter` in `sort` order (which must end on a unique
 * field, so pages neither repeat nor skip an item), with the count of all that match. Without a
 * filter the count is the collection's, from its metadata: counting would read every document.
 */
export async function listPage<T, D = T>(
  model: Model<D>,
  filter: Record<string, unknown>,
  sort: Record<string, 1 | -1>,
  { page, pageSize }: PageRequest,
): Promise<PageOf<T>> {
  const [items, total] = await Promise.all([
    model
      .find(filter as never)
      .sort(sort)
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<T[]>()
      .exec(),
    Object.keys(filter).length === 0
      ? model.estimatedDocumentCount().exec()
      : model.countDocuments(filter as never).exec(),
  ]);
  return { items, total };
}
