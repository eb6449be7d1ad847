/**
 * When files an invoice does not point to are swept (docs/architecture.md#pdf). Whatever starts a
 * render that may leave a file behind (a status change, a forced render, a generate whose render
 * answer was lost) schedules a sweep of the invoice's files; the sweep deletes its files stored
 * before a cutoff, except the one it points to, after raising the invoice's floor to that cutoff,
 * so that none of them can become its file afterwards.
 */

/**
 * When the sweep scheduled `now` runs: twice the hold age later, so that its cutoff (one hold age
 * before it) still lies past every render started now and recorded in time.
 */
export function fileSweepAt(now: Date, holdAgeMs: number): Date {
  return new Date(now.getTime() + 2 * holdAgeMs);
}

/**
 * The files a sweep running `now` may delete were stored before this: a render recorded within a
 * hold age of storing its file is never touched.
 */
export function fileSweepCutoff(now: Date, holdAgeMs: number): Date {
  return new Date(now.getTime() - holdAgeMs);
}

/** A file stored before the invoice's floor is not taken: a sweep may have deleted it. */
export function belowPdfFloor(fileCreatedAt: string, floor: Date | null | undefined): boolean {
  return Boolean(floor) && new Date(fileCreatedAt) < new Date(floor!);
}
