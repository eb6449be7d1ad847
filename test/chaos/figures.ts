/**
 * What a chaos run counts while it runs: every answer a client saw (by operation and status) and
 * every fault with the time the platform took to recover from it. Plain data, printed at the end
 * (docs/reliability.md explains each figure).
 */

/**
 * A 503 says a dependency is out and when to retry (docs/architecture.md#errors): what a fault should give.
 * Any other 5xx is the platform failing on its own (a 500 is an unexpected error), a bug whoever
 * caused it.
 */
export function isServerError(status: number): boolean {
  return status >= 500 && status !== 503;
}

export interface FaultRecord {
  kind: string;
  /** When the fault was made, and when the component was running again (ms since the run began). */
  at: number;
  restoredAt: number | null;
  /** From the fault until the first generate that started after it was answered 200. */
  recoveredMs: number | null;
  /**
   * The longest time from the fault until a generate in flight at it (the fault is the last one
   * made between its first attempt and its answer) got its 200 from a retry with its key.
   */
  retriedMs: number | null;
}

export class Figures {
  readonly startedAt = Date.now();
  /** `${operation} ${status}` → count; status 0 is a network error or a client timeout. */
  readonly answers = new Map<string, number>();
  readonly faults: FaultRecord[] = [];
  /** Generates whose client gave up before any answer (a broken promise only if one was created). */
  unanswered = 0;
  /** Generates made after the faults, one for each number the maintenance pass gave back (chaos.ts). */
  closingGenerates = 0;
  /** Credit notes made after the faults, one for each credit note number the maintenance pass gave back. */
  closingCreditNotes = 0;
  /** For each generate answered 200: how long after its first attempt (ms). */
  readonly generateMs: number[] = [];

  elapsed(): number {
    return Date.now() - this.startedAt;
  }

  /** The first body of each `${operation} ${status}` in 400–499 a careful client does not retry: what it was told. */
  readonly refusals = new Map<string, string>();

  /** Each answer that is a server's own error (a 5xx but 503), with when it came (run time, ms). */
  readonly serverErrors: { key: string; at: number; body: string }[] = [];

  answer(operation: string, status: number, body?: unknown): void {
    const key = `${operation} ${status}`;
    this.answers.set(key, (this.answers.get(key) ?? 0) + 1);
    const text = () => (typeof body === 'string' ? body : JSON.stringify(body ?? null)).slice(0, 300);
    if (status >= 400 && status < 500 && status !== 409 && status !== 429 && !this.refusals.has(key))
      this.refusals.set(key, text());
    if (isServerError(status)) this.serverErrors.push({ key, at: this.elapsed(), body: text() });
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
    const record: FaultRecord = { kind, at: this.elapsed(), restoredAt: null, recoveredMs: null, retriedMs: null };
    this.faults.push(record);
    return record;
  }

  /**
   * A generate whose first attempt was at `startedAt` (run time) was answered 200 at `answeredAt`
   * after `attempts` attempts: faults before it have recovered, and the last fault it lived
   * through, if a retry answered it, took that long to give a retry its answer.
   */
  generateSucceeded(startedAt: number, answeredAt: number, attempts: number): void {
    let livedThrough: FaultRecord | undefined;
    for (const f of this.faults) {
      if (f.recoveredMs === null && f.restoredAt !== null && startedAt >= f.at) f.recoveredMs = answeredAt - f.at;
      if (f.at > startedAt && f.at <= answeredAt) livedThrough = f;
    }
    if (livedThrough && attempts > 1)
      livedThrough.retriedMs = Math.max(livedThrough.retriedMs ?? 0, answeredAt - livedThrough.at);
  }
}
