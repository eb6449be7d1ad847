/**
 * docs/architecture.md#webhooks: the first attempt and up to 7 retries, after 1 min, 5 min, 30 min,
 * 2 h, 6 h, 12 h and 24 h — each delay counted from the start of the failed attempt before it.
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

/** 2xx is success (docs/architecture.md#webhooks); a 3xx is a failure, since redirects are not followed. */
export function isSuccessStatus(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}
