/**
 * Spec §6.6.2: the first attempt and up to 7 retries, after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and
 * 24 h — each delay counted from the start of the failed attempt before it.
 */
export const retryDelaysMs = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
] as const;

export const maxAttempts = retryDelaysMs.length + 1;

/** When attempt `failed + 1` is due after attempt `failed` (1-based) failed; undefined after the last. */
export function nextAttemptAt(failed: number, attemptedAt: Date): Date | undefined {
  const delay = retryDelaysMs[failed - 1];
  return delay === undefined ? undefined : new Date(attemptedAt.getTime() + delay);
}

/** 2xx is success (spec §6.6.1); a 3xx is a failure, since redirects are not followed. */
export function isSuccessStatus(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}

/** The whole schedule, first attempt to last: 44.6 h (each delay counts from the attempt before). */
export const retryScheduleMs = retryDelaysMs.reduce((a, b) => a + b, 0);

const hourMs = 3_600_000;
const minuteMs = 60_000;
const secondMs = 1000;

/**
 * DESIGN.md §3 deactivates an endpoint when an event used all its attempts and no delivery to the
 * endpoint succeeded since that event's first attempt. A success is recorded as marks inserted
 * under unique ids, one for its hour, its minute and its second (`h…`, `m…`, `s…`: their numbers
 * since the epoch): never an update, so no two successes can undo each other, and a repeated mark
 * is a no-op.
 */
export function successMarks(at: Date): string[] {
  const t = at.getTime();
  return [`h${Math.floor(t / hourMs)}`, `m${Math.floor(t / minuteMs)}`, `s${Math.floor(t / secondMs)}`];
}

/**
 * The marks whose presence answers "a success at or after `since`": the hours after since's hour
 * up to the one after `until` (a replica whose clock runs a little ahead), the minutes after its
 * minute within its hour, and the seconds from its second within its minute — coarsest first, the
 * likeliest hits for a working endpoint. A success earlier in since's own second also counts: a
 * mark does not say when in its second, so the rule errs towards keeping the endpoint enabled.
 */
export function marksSince(since: Date, until: Date): string[] {
  const t = since.getTime();
  const hour = Math.floor(t / hourMs);
  const minute = Math.floor(t / minuteMs);
  const second = Math.floor(t / secondMs);
  const marks: string[] = [];
  const lastHour = Math.floor(until.getTime() / hourMs) + 1;
  for (let h = hour + 1; h <= lastHour; h++) marks.push(`h${h}`);
  for (let m = minute + 1; m < (hour + 1) * 60; m++) marks.push(`m${m}`);
  for (let s = second; s < (minute + 1) * 60; s++) marks.push(`s${s}`);
  return marks;
}
