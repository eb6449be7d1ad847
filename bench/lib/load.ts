/** Load drivers and their summaries. Latencies are in milliseconds, measured with performance.now(). */

export interface LoadResult {
  /** Completed operations (failures included). */
  count: number;
  errors: number;
  /** First few distinct failure messages, so a run that errs says why. */
  errorSamples: string[];
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Completed operations per second of wall time. */
  per_s: number;
  seconds: number;
}

/** Nearest-rank percentile: with 60 samples p99 is the largest one, said as such in the report. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

export const round1 = (x: number): number => Math.round(x * 10) / 10;

class Recorder {
  readonly latencies: number[] = [];
  errors = 0;
  readonly errorSamples = new Set<string>();

  async time(op: () => Promise<unknown>): Promise<void> {
    const t = performance.now();
    try {
      await op();
    } catch (err) {
      this.errors++;
      if (this.errorSamples.size < 3) this.errorSamples.add((err as Error).message ?? String(err));
    }
    this.latencies.push(performance.now() - t);
  }

  summary(seconds: number): LoadResult {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      count: sorted.length,
      errors: this.errors,
      errorSamples: [...this.errorSamples],
      p50_ms: round1(percentile(sorted, 0.5)),
      p99_ms: round1(percentile(sorted, 0.99)),
      max_ms: round1(sorted.at(-1) ?? NaN),
      per_s: round1(sorted.length / seconds),
      seconds: round1(seconds),
    };
  }
}

/**
 * Closed loop: `concurrency` workers each start the next operation as soon as their previous one
 * ends, until `total` have run. Throughput is total over wall time.
 */
export async function closedLoop(
  concurrency: number,
  total: number,
  op: (i: number) => Promise<unknown>,
): Promise<LoadResult> {
  const rec = new Recorder();
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await rec.time(() => op(i));
      }
    }),
  );
  return rec.summary((performance.now() - start) / 1000);
}

export interface OpenLoopResult extends LoadResult {
  target_per_s: number;
  /** How late sends left against their schedule (this process's timer and event loop), p99. */
  send_lag_p99_ms: number;
}

/**
 * Open loop: sends are scheduled at fixed intervals and go out whether or not earlier ones have
 * answered, so a slow server shows up as latency (and a growing number in flight) instead of
 * quietly lowering the offered rate. Timers fire late at times; every tick sends all sends that
 * are due, and the lag is reported. Latency runs from the actual send.
 */
export async function openLoop(
  ratePerSecond: number,
  seconds: number,
  op: (i: number) => Promise<unknown>,
): Promise<OpenLoopResult> {
  const rec = new Recorder();
  const total = Math.round(ratePerSecond * seconds);
  const intervalMs = 1000 / ratePerSecond;
  const lags: number[] = [];
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * intervalMs <= now) {
        lags.push(now - (start + sent * intervalMs));
        const i = sent++;
        inFlight.push(rec.time(() => op(i)));
      }
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const summary = rec.summary((performance.now() - start) / 1000);
  lags.sort((a, b) => a - b);
  return { ...summary, target_per_s: ratePerSecond, send_lag_p99_ms: round1(percentile(lags, 0.99)) };
}
