export interface RetryOptions {
  /** Told of each failure, before the wait that follows it. */
  onRetry(err: unknown, attempt: number, waitMs: number): void;
  /** Checked before each attempt; once it says true, no further attempt is made. Default: never. */
  stopped?: () => boolean;
}

/**
 * Runs `run` until it succeeds, waiting longer after each failure (400 ms, doubling, at most 5 s),
 * for as long as the process runs or until `stopped` says so (then undefined). The waits do not
 * keep the process alive.
 */
export async function retryWithBackoff<T>(run: () => Promise<T>, opts: RetryOptions): Promise<T | undefined> {
  const stopped = opts.stopped ?? (() => false);
  for (let attempt = 1; !stopped(); attempt++) {
    try {
      return await run();
    } catch (err) {
      const waitMs = Math.min(5000, 200 * 2 ** attempt);
      opts.onRetry(err, attempt, waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
    }
  }
  return undefined;
}
