import type { Logger } from './logger.ts';

/**
 * Crash points for the crash tests (test/resilience/): named places where a service can be made to
 * die as `kill -9` would, to show that whatever it leaves half done is repaired. A service arms its
 * points once at start from its config, and only with its test hooks on; production leaves them
 * off, so a crash point is then a lookup in an empty set.
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

const armed = new Set<CrashPointName>();
let armedLog: Logger | undefined;

/** Arms the points set in `points` when `testHooks` is on; disarms the rest. */
export function armCrashPoints(
  testHooks: boolean,
  points: Partial<Record<CrashPointName, boolean>>,
  log?: Logger,
): void {
  armed.clear();
  armedLog = log;
  if (!testHooks) return;
  for (const name of crashPointNames) if (points[name]) armed.add(name);
}

/** Dies here when `name` is armed; otherwise nothing. */
export function crashPoint(name: CrashPointName, fields: Record<string, unknown> = {}): void {
  if (!armed.has(name)) return;
  armedLog?.warn({ ...fields, crash_point: name }, 'test hook: dying at a crash point');
  process.kill(process.pid, 'SIGKILL');
  // Node has other threads, so the signal may land a moment after kill() returns: block until it
  // does, or the caller would go on to publish or record what the test needs left undone.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
