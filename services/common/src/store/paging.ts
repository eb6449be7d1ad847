/**
 * Paging for every list the platform serves: one clamp of the requested page (the spec's page 1…,
 * pageSize 1–100, 25 by default) and one list-and-count query per page.
 */
import type { Model } from 'mongoose';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface PageOf<T> {
  items: T[];
  /** Every item the filter matches, across all pages. */
  total: number;
}

/** A page request as asked (0 or missing meaning the default), brought within bounds. */
export function clampPage(page: number | undefined, pageSize: number | undefined): PageRequest {
  return {
    page: Math.max(1, Math.floor(page || 1)),
    pageSize: Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize || DEFAULT_PAGE_SIZE))),
  };
}

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
