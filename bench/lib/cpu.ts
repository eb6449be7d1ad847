import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isUnder, type ProcTable, TICKS_PER_S } from './proc.ts';

/**
 * Where the machine's CPU time went, by component and by phase: the driver (this process, its
 * jsreport threads and the Chromiums it launches), each service (pdf with its Chromium), the
 * local stack (shared with anyone else using it) and everything else. On two cores a test suite
 * running meanwhile inflates every figure, so the report says how much of that there was; and the
 * split per phase shows what a phase's latency was spent on.
 *
 * Counted from per-process deltas between samples, which also catches Chromium's renderers
 * (reaped by Chromium, not by us) and a foreign process that starts and ends within the run.
 * Processes too short-lived to be sampled (Chromium starts one per print) are counted through
 * their parent's reaped-children time, less what was already counted of children seen alive.
 * "unattributed" is the rest of the machine's busy time (/proc/stat): interrupts, and what a
 * parent never reaped (orphans go to init).
 */

export interface ServiceRoot {
  name: string;
  pid: number;
}

/** CPU-seconds by component. */
export type CpuSplit = Record<string, number>;

export interface CpuPhase {
  phase: string;
  seconds: number;
  cpu_s: CpuSplit;
}

export interface CpuUse {
  seconds: number;
  cpu_s: CpuSplit;
  /** The biggest consumers outside the benchmark and the stack, by command. */
  other_top: { comm: string; cpu_s: number }[];
  phases: CpuPhase[];
}

const stackLabels: [RegExp, string][] = [
  [/^java$/, 'kafka'],
  [/^ferretdb$/, 'ferretdb'],
  [/^redis-server$/, 'redis'],
  [/^node smtp-sink\/src\/main\.ts$/, 'smtp-sink'],
];

/**
 * Node and Chromium both name their main thread "MainThread": name a script runner by its script,
 * anything else so named by its executable.
 */
function commandOf(pid: number, comm: string): string {
  if (comm !== 'MainThread' && comm !== 'node') return comm;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const script = args.slice(1).find((a) => /\.(ts|js|mjs|cjs)$/.test(a));
    if (script) return `node ${script.split('/').slice(-3).join('/')}`;
    return args[0] ? path.basename(args[0]) : comm;
  } catch {
    return comm;
  }
}

function machineBusyTicks(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait.
  return cpu[0]! + cpu[1]! + cpu[2]! + cpu[5]! + cpu[6]! + cpu[7]!;
}

interface Seen {
  ppid: number;
  ticks: number;
  reaped: number;
  charged: number;
  /**
   * What descendants that exited were already charged; this process's reaped time includes it
   * from the first read after they went (a process not read at every sample keeps it till then).
   */
  credit: number;
  command: string;
  /** A benchmark component once known; until then a stack label or "other". */
  label: string;
  ours: boolean;
}

interface Mark {
  phase: string;
  at: number;
  busy: number;
  split: CpuSplit;
}

export class CpuTracker {
  private readonly driver: number;
  private readonly services: ServiceRoot[];
  private readonly seen = new Map<number, Seen>();
  /** Charges of processes that exited, by label and (for "other") by command. */
  private readonly retired: CpuSplit = {};
  private readonly retiredOther = new Map<string, number>();
  /**
   * What was already charged of processes that exited after their parent (or in the same interval
   * between reads): init, or their parent before it exited in turn, reaped them. Whichever reaped
   * time grows next takes it off, so a long-lived process orphaned to init is not charged again.
   */
  private orphaned = 0;
  private readonly marks: Mark[] = [];

  /** CPU ticks of the thread that samples (it runs inside the driver), split out as "sampler". */
  private readonly selfTicks: (() => number) | undefined;
  private selfAtStart = 0;

  constructor(driver: number, services: ServiceRoot[], selfTicks?: () => number) {
    this.driver = driver;
    this.services = services;
    this.selfTicks = selfTicks;
  }

  private ownLabel(pid: number, table: ProcTable): string | undefined {
    for (const s of this.services) if (isUnder(pid, s.pid, table)) return s.name;
    return isUnder(pid, this.driver, table) ? 'driver' : undefined;
  }

  /**
   * The processes worth reading between full scans: the benchmark's own and the stack's. Others'
   * processes are read at full scans only; what one of them uses before it exits in between still
   * reaches its parent's reaped time.
   */
  watched(): number[] {
    return [...this.seen].filter(([, s]) => s.ours || s.label !== 'other').map(([pid]) => pid);
  }

  /**
   * `table` is a full scan, or when `read` is given, what was left of the processes in `read`
   * (readProcs): one missing from it has exited, one not in `read` was just not looked at.
   */
  sample(table: ProcTable, read?: ReadonlySet<number>): void {
    const first = this.seen.size === 0;
    if (first && this.selfTicks) this.selfAtStart = this.selfTicks();
    const gone = (pid: number) => !table.has(pid) && (!read || read.has(pid));
    this.retireExited(gone);
    for (const [pid, p] of table) {
      let s = this.seen.get(pid);
      if (!s) {
        const command = commandOf(pid, p.comm);
        const label = stackLabels.find(([re]) => re.test(command))?.[1] ?? 'other';
        // Running at the first sample: counted from its totals then; born since: from zero.
        const charged = first ? 0 : p.cpuTicks + p.reapedTicks;
        s = { ppid: p.ppid, ticks: p.cpuTicks, reaped: p.reapedTicks, charged, credit: 0, command, label, ours: false };
        this.seen.set(pid, s);
      } else {
        let reaped = p.reapedTicks - s.reaped - s.credit;
        const taken = Math.min(Math.max(0, reaped), this.orphaned);
        reaped -= taken;
        this.orphaned -= taken;
        s.charged += Math.max(0, p.cpuTicks - s.ticks) + Math.max(0, reaped);
        Object.assign(s, { ppid: p.ppid, ticks: p.cpuTicks, reaped: p.reapedTicks, credit: 0 });
      }
      // Ownership sticks once seen: Chromium's zygote double-forks, so a new renderer's parent may
      // not be in the table yet (it hangs under the zygote by the next sample), and a Chromium
      // child outliving its parent still counts as ours. Ancestry needs the whole table: full scans only.
      if (!s.ours && !read) {
        const own = this.ownLabel(pid, table);
        if (own) Object.assign(s, { label: own, ours: true });
      }
    }
  }

  /**
   * Moves processes gone since the last sample to the retired totals, and credits their parent
   * with what of them was already counted (its reaped time now includes it); with the parent gone
   * too, the credit goes to `orphaned`.
   */
  private retireExited(gone: (pid: number) => boolean): void {
    for (const [pid, s] of this.seen) {
      if (!gone(pid)) continue;
      const parent = this.seen.get(s.ppid);
      if (parent && !gone(s.ppid)) parent.credit += s.ticks + s.reaped;
      else this.orphaned += s.ticks + s.reaped;
    }
    for (const [pid, s] of this.seen) {
      if (!gone(pid)) continue;
      this.retired[s.label] = (this.retired[s.label] ?? 0) + s.charged;
      if (s.label === 'other') this.retiredOther.set(s.command, (this.retiredOther.get(s.command) ?? 0) + s.charged);
      this.seen.delete(pid);
    }
  }

  /** Ends the current phase (if any) and starts `phase`; call right after a sample. */
  mark(phase: string): void {
    this.marks.push({ phase, at: performance.now(), busy: machineBusyTicks(), split: this.split() });
  }

  private split(): CpuSplit {
    const split: CpuSplit = { ...this.retired };
    for (const s of this.seen.values()) split[s.label] = (split[s.label] ?? 0) + s.charged;
    if (this.selfTicks) {
      split.sampler = this.selfTicks() - this.selfAtStart;
      split.driver = (split.driver ?? 0) - split.sampler;
    }
    return split;
  }

  /** Phases between marks; the last mark ends the last phase. */
  result(): CpuUse {
    // To the tick: a phase of a few seconds divided by hundreds of operations needs it.
    const seconds = (ticks: number) => Math.round(ticks) / TICKS_PER_S;
    const diff = (a: Mark, b: Mark): CpuSplit => {
      const out: CpuSplit = {};
      let attributed = 0;
      for (const [label, ticks] of Object.entries(b.split)) {
        const d = Math.max(0, ticks - (a.split[label] ?? 0));
        attributed += d;
        out[label] = seconds(d);
      }
      out.unattributed = seconds(Math.max(0, b.busy - a.busy - attributed));
      return out;
    };
    const phases: CpuPhase[] = [];
    for (let i = 1; i < this.marks.length; i++) {
      const [a, b] = [this.marks[i - 1]!, this.marks[i]!];
      phases.push({ phase: a.phase, seconds: Math.round((b.at - a.at) / 100) / 10, cpu_s: diff(a, b) });
    }
    const [first, last] = [this.marks[0]!, this.marks.at(-1)!];
    const otherByCommand = new Map(this.retiredOther);
    for (const s of this.seen.values()) {
      if (s.label === 'other') otherByCommand.set(s.command, (otherByCommand.get(s.command) ?? 0) + s.charged);
    }
    return {
      seconds: Math.round((last.at - first.at) / 100) / 10,
      cpu_s: diff(first, last),
      other_top: [...otherByCommand]
        .filter(([, ticks]) => ticks >= TICKS_PER_S / 10)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([comm, ticks]) => ({ comm, cpu_s: seconds(ticks) })),
      phases,
    };
  }
}
