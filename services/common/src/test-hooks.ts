import type { Logger } from './logger.ts';

/**
 * Crash points for the crash tests (test/resilience/): named places where a service can be made to
 * die as `kill -9` would, to show that whatever it leaves half done is repaired. A use case reaches
 * them only through the CrashHook its wiring (main.ts) gives it: `noCrash` unless the service runs
 * with its test hooks on and a point is set in its config (never under NODE_ENV=production, which
 * refuses those settings: config.ts testFlagsInProduction).
 */
export const crashPointNames = [
  /** The invoice and its invoice.created are stored; nothing is published yet. */
  'invoice.after-insert',
  /** GenerateInvoice answered; the follow-up's invoice is not recorded on its occurrence yet. */
  'recurring.after-generate',
  /** The first delivery of a fan-out to two or more endpoints is stored; the others are not. */
  'webhook.mid-fanout',
  /** An attempt's POST answered; its result is not recorded yet. */
  'webhook.after-send',
] as const;

export type CrashPointName = (typeof crashPointNames)[number];

/** What a use case calls at one of its crash points; `fields` name what it was doing, for the log. */
export type CrashHook = (name: CrashPointName, fields?: Record<string, unknown>) => void;

/** The hook of production and of every service without points set: nothing happens. */
export const noCrash: CrashHook = () => undefined;

/** The hook a service's wiring gives its use cases: dies at the points set in `points` when `testHooks` is on. */
export function crashHook(
  testHooks: boolean,
  points: Partial<Record<CrashPointName, boolean>>,
  log?: Logger,
): CrashHook {
  const armed = new Set(testHooks ? crashPointNames.filter((name) => points[name]) : []);
  if (armed.size === 0) return noCrash;
  return (name, fields = {}) => {
    if (!armed.has(name)) return;
    log?.warn({ ...fields, crash_point: name }, 'test hook: dying at a crash point');
    process.kill(process.pid, 'SIGKILL');
    // Node has other threads, so the signal may land a moment after kill() returns: block until it
    // does, or the caller would go on to publish or record what the test needs left undone.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  };
}
