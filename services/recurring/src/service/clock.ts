/**
 * The service's notion of now: the real clock, or a frozen time that tests move
 * (docs/architecture.md#testing).
 */
export class Clock {
  private frozen: Date | undefined;

  now(): Date {
    return this.frozen ? new Date(this.frozen) : new Date();
  }

  set(at: Date | undefined): void {
    this.frozen = at;
  }

  get isFrozen(): boolean {
    return this.frozen !== undefined;
  }
}
