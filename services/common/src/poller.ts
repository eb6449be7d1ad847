import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Logger } from './logger.ts';

/**
 * Runs `pass` every `intervalMs`, and at once when notified; never two passes at a time. A
 * notification during a pass makes the next pass start right after it, so no wake-up is lost.
 * The one timer for periodic passes in every service; heartbeats and lease renewals, which must
 * tick while work runs rather than between passes, keep their own intervals.
 */
export class Poller {
  private readonly pass: () => Promise<unknown>;
  private readonly intervalMs: number;
  private readonly log: Logger;
  private readonly failure: string;
  private readonly firstDelayMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(opts: {
    pass: () => Promise<unknown>;
    intervalMs: number;
    log: Logger;
    failureMessage: string;
    /** Wait before the first pass (default none), for jobs that should not compete with start-up. */
    firstDelayMs?: number;
  }) {
    this.pass = opts.pass;
    this.intervalMs = opts.intervalMs;
    this.log = opts.log;
    this.failure = opts.failureMessage;
    this.firstDelayMs = opts.firstDelayMs ?? 0;
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.firstDelayMs);
  }

  notify(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      // A pass belongs to no request: without this, the trace of whichever request notified
      // first would follow the timers into every later pass (docs/observability.md).
      this.running = context
        .with(ROOT_CONTEXT, () => this.pass())
        .then(() => undefined)
        .catch((err: unknown) => this.log.warn({ err: (err as Error).message }, this.failure))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.intervalMs);
        });
    }, delayMs);
  }
}
