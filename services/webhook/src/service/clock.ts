/**
 * The service clock (docs/contracts.md §2.9): the real clock, or, with the test hooks, one moved to
 * a given time that keeps running from there (an offset), so the 45-hour retry schedule, the 24 h
 * secret overlap, signature timestamps and log retention are tested in seconds.
 */
export class ServiceClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock to `at`; undefined: back to the real clock. */
  set(at: Date | undefined): void {
    this.offsetMs = at ? at.getTime() - Date.now() : 0;
  }

  get moved(): boolean {
    return this.offsetMs !== 0;
  }
}
