import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type ProcTable, treeOf } from './proc.ts';

export interface TreeMemory {
  rss_kb: number;
  /** Proportional set size: shared pages divided among their users, so a tree's PSS adds up. */
  pss_kb: number;
  /** PSS of the first pid alone (the service's node process, without its Chromium). */
  root_pss_kb: number;
  processes: number;
}

export interface Peak {
  first: TreeMemory;
  peak_rss_kb: number;
  peak_pss_kb: number;
  /** Peaks of the root alone and of its descendants; they need not fall on the same sample. */
  peak_root_pss_kb: number;
  peak_descendants_pss_kb: number;
  max_processes: number;
  samples: number;
  /** The phase of the run in which the target's figure (PSS of a tree, else RSS) peaked. */
  peak_phase: string;
}

export interface MemoryTarget {
  name: string;
  pid: number;
  /** Measure the process with all its descendants (the pdf service and its Chromium), PSS included. */
  tree: boolean;
}

const pageKb = Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' })) / 1024;

/** Resident pages from /proc/<pid>/statm (VmRSS without status's other 50 lines), in kB; 0 when gone. */
function rssKb(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * pageKb;
  } catch {
    return 0;
  }
}

function pssKb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * RSS always; PSS only when asked: smaps_rollup makes the kernel walk the page tables, about 1 ms
 * a process and 13 ms for a Chromium tree here, and the sampler shares the machine it measures.
 */
function memoryOf(pids: number[], withPss: boolean): TreeMemory {
  const m: TreeMemory = { rss_kb: 0, pss_kb: 0, root_pss_kb: 0, processes: 0 };
  for (const pid of pids) {
    const rss = rssKb(pid);
    if (rss === 0) continue;
    const pss = withPss ? pssKb(pid) : 0;
    if (pid === pids[0]) m.root_pss_kb = pss;
    m.rss_kb += rss;
    m.pss_kb += pss;
    m.processes++;
  }
  return m;
}

/**
 * Each target's peak over the samples. The pdf tree is re-walked at every sample because a
 * crashed Chromium comes back under a new pid.
 */
export class PeakTracker {
  private readonly targets: MemoryTarget[];
  private readonly peaks = new Map<string, Peak>();
  /** Set by the sampler at each phase boundary. */
  phase = 'start';

  constructor(targets: MemoryTarget[]) {
    this.targets = targets;
  }

  /**
   * `withPss`: read the trees' PSS too (the first sample must). Without it their PSS reads as 0,
   * which no PSS peak falls below: only RSS and the process count move.
   */
  sample(table: ProcTable, withPss: boolean): void {
    for (const t of this.targets) {
      const m = memoryOf(t.tree ? treeOf(t.pid, table) : [t.pid], t.tree && withPss);
      if (m.processes === 0) continue;
      const p = this.peaks.get(t.name);
      if (!p) {
        this.peaks.set(t.name, {
          first: m,
          peak_rss_kb: m.rss_kb,
          peak_pss_kb: m.pss_kb,
          peak_root_pss_kb: m.root_pss_kb,
          peak_descendants_pss_kb: m.pss_kb - m.root_pss_kb,
          max_processes: m.processes,
          samples: 1,
          peak_phase: this.phase,
        });
        continue;
      }
      const figure = (x: { rss_kb: number; pss_kb: number }) => (t.tree ? x.pss_kb : x.rss_kb);
      if (figure(m) > figure({ rss_kb: p.peak_rss_kb, pss_kb: p.peak_pss_kb })) p.peak_phase = this.phase;
      p.peak_rss_kb = Math.max(p.peak_rss_kb, m.rss_kb);
      p.peak_pss_kb = Math.max(p.peak_pss_kb, m.pss_kb);
      p.peak_root_pss_kb = Math.max(p.peak_root_pss_kb, m.root_pss_kb);
      p.peak_descendants_pss_kb = Math.max(p.peak_descendants_pss_kb, m.pss_kb - m.root_pss_kb);
      p.max_processes = Math.max(p.max_processes, m.processes);
      p.samples++;
    }
  }

  get result(): Record<string, Peak> {
    return Object.fromEntries(this.peaks);
  }
}
