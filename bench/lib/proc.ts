import { readdirSync, readFileSync } from 'node:fs';

/** One pass over /proc/<pid>/stat: parentage, CPU time and command name of every process. */

export interface ProcInfo {
  ppid: number;
  /** utime + stime in clock ticks. */
  cpuTicks: number;
  /** cutime + cstime: children that exited and were reaped by this process. */
  reapedTicks: number;
  /** The kernel's command name (15 characters at most). */
  comm: string;
}

export type ProcTable = Map<number, ProcInfo>;

/** Linux reports process times in ticks of 1/100 s (USER_HZ) on the architectures Node runs on here. */
export const TICKS_PER_S = 100;

/** /proc/<pid>/stat, or undefined when the process has exited. */
function readStat(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the other fields resume after the last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(f[1]),
      cpuTicks: Number(f[11]) + Number(f[12]),
      reapedTicks: Number(f[13]) + Number(f[14]),
      comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    };
  } catch {
    return undefined;
  }
}

/** Every process on the machine. */
export function scanProcs(): ProcTable {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) if (/^\d+$/.test(entry)) pids.push(Number(entry));
  return readProcs(pids);
}

/** Only `pids`, those still running: a fraction of a full scan's reads. */
export function readProcs(pids: Iterable<number>): ProcTable {
  const table: ProcTable = new Map();
  for (const pid of pids) {
    const info = readStat(pid);
    if (info) table.set(pid, info);
  }
  return table;
}

/** `root` and every process below it. */
export function treeOf(root: number, table: ProcTable): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, p] of table) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (!table.has(pid)) continue;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Whether `pid` is `root` or below it. */
export function isUnder(pid: number, root: number, table: ProcTable): boolean {
  for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 0 && hops < 64; hops++) {
    if (p === root) return true;
    p = table.get(p)?.ppid;
  }
  return false;
}

function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * The child of `parent` running `entry` (e.g. services/pdf/src/main.ts). ServiceProcess keeps
 * its child private, and its children are spawned straight from this process.
 */
export function findChild(parent: number, entry: string): number | undefined {
  for (const [pid, p] of scanProcs()) {
    if (p.ppid === parent && cmdline(pid).some((arg) => arg.endsWith(entry))) return pid;
  }
  return undefined;
}
