import { withTimeout } from './timeouts.ts';

/** True when `probe` succeeds within `timeoutMs`; one that fails, throws or is still waiting then is false. */
export async function answersWithin(probe: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  try {
    await withTimeout(probe(), timeoutMs);
    return true;
  } catch {
    return false;
  }
}

/** Runs every named check at once: each name, in the order given, with whether its check passed. */
export async function checkAll(
  checks: Record<string, () => boolean | Promise<boolean>>,
): Promise<Record<string, boolean>> {
  const names = Object.keys(checks);
  const passed = await Promise.all(names.map((name) => checks[name]!()));
  return Object.fromEntries(names.map((name, i) => [name, passed[i]!]));
}
