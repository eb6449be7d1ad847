/**
 * A service's notion of now: the real clock in production. With a service's test hooks on, a
 * test moves it, two ways: `moveTo` shifts it and lets it run on from there (retry schedules,
 * secret overlaps and signature timestamps tested in seconds), `freezeAt` stops it at an instant
 * (a recurring pass at an exact time). Either with no time returns to the real clock.
 */
export class ServiceClock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }

  moveTo(at: Date | undefined): void {
    this.frozenAt = undefined;
    this.offsetMs = at ? at.getTime() - Date.now() : 0;
  }

  freezeAt(at: Date | undefined): void {
    this.offsetMs = 0;
    this.frozenAt = at?.getTime();
  }

  /** True while a test has moved or frozen it. */
  get moved(): boolean {
    return this.frozenAt !== undefined || this.offsetMs !== 0;
  }
}
