/**
 * What a chaos run counts while it runs: every answer a client saw (by operation and status) and
 * every fault with the time the platform took to recover from it. Plain data, printed at the end
 * (docs/reliability.md explains each figure).
 */

export interface FaultRecord {
  kind: string;
  /** When the fault was made, and when the component was running again (ms since the run began). */
  at: number;
  restoredAt: number | null;
  /** From the fault until the first generate that started after it was answered 200. */
  recoveredMs: number | null;
}

export class Figures {
  readonly startedAt = Date.now();
  /** `${operation} ${status}` → count; status 0 is a network error or a client timeout. */
  readonly answers = new Map<string, number>();
  readonly faults: FaultRecord[] = [];
  /** Generates whose client gave up before any answer (a broken promise only if one was created). */
  unanswered = 0;
  /** For each generate answered 200: how long after its first attempt (ms). */
  readonly generateMs: number[] = [];

  elapsed(): number {
    return Date.now() - this.startedAt;
  }

  answer(operation: string, status: number): void {
    const key = `${operation} ${status}`;
    this.answers.set(key, (this.answers.get(key) ?? 0) + 1);
  }

  count(predicate: (operation: string, status: number) => boolean): number {
    let n = 0;
    for (const [key, count] of this.answers) {
      const [operation, status] = key.split(' ');
      if (predicate(operation!, Number(status))) n += count;
    }
    return n;
  }

  fault(kind: string): FaultRecord {
    const record: FaultRecord = { kind, at: this.elapsed(), restoredAt: null, recoveredMs: null };
    this.faults.push(record);
    return record;
  }

  /** A generate started at `startedAt` (run time) was answered 200 at `answeredAt`: faults before it have recovered. */
  generateSucceeded(startedAt: number, answeredAt: number): void {
    for (const f of this.faults)
      if (f.recoveredMs === null && f.restoredAt !== null && startedAt >= f.at) f.recoveredMs = answeredAt - f.at;
  }
}
