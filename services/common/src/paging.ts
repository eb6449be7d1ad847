/**
 * Paging for every list the platform serves, the pure part: the spec's page 1…, pageSize 1–100
 * (25 by default), and the shape of a page. The one list-and-count query per page is in
 * store/paging.ts.
 */

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
