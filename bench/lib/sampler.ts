import { Worker } from 'node:worker_threads';
import type { CpuUse, ServiceRoot } from './cpu.ts';
import type { MemoryTarget, Peak } from './memory.ts';

export interface SamplerResult {
  memory: Record<string, Peak>;
  cpu: CpuUse;
}

type Reply = { type: 'marked' } | { type: 'result'; result: SamplerResult };

/**
 * How often the sampler reads what. The sampler shares the two cores it measures (its own thread's
 * CPU is reported): at 250 ms with a full /proc scan and the pdf tree's PSS every time it took
 * 14–21% of a core. CPU time is cumulative and read in full at every phase mark, so the samples in
 * between only keep track of processes before they exit, and of memory peaks.
 */
export interface Cadence {
  everyMs: number;
  /**
   * Every how many samples /proc is scanned in full (about 110 stat files, a cmdline for each new
   * process) to find new processes: Chromium's renderers, someone else's test suite. In between
   * only the benchmark's and the stack's processes are read; a process born and gone between two
   * scans reaches its parent's reaped time anyway. Marks always scan in full.
   */
  fullScanEvery: number;
  /**
   * Every how many samples the pdf tree's PSS is read: smaps_rollup makes the kernel walk every
   * page table of the Chromium tree, and that PSS moves with Chromium's renderers over seconds.
   */
  pssEvery: number;
}

export const cadence: Cadence = { everyMs: 1000, fullScanEvery: 5, pssEvery: 3 };

/**
 * Memory and CPU sampling in a worker thread: a full sample walks /proc and reads smaps_rollup
 * (the kernel walks page tables), 20–50 ms on this machine, which on the main thread would stall
 * the load drivers and show up as latency.
 */
export class Sampler {
  private readonly worker: Worker;
  /** Replies come in the order of the requests. */
  private readonly pending: { resolve: (reply: Reply) => void; reject: (err: Error) => void }[] = [];
  private stopped: Promise<SamplerResult> | undefined;

  constructor(services: ServiceRoot[], memoryTargets: MemoryTarget[]) {
    this.worker = new Worker(new URL('./sampler-worker.ts', import.meta.url), {
      workerData: { driver: process.pid, services, memoryTargets, cadence },
    });
    this.worker.on('message', (reply: Reply) => this.pending.shift()?.resolve(reply));
    this.worker.on('error', (err) => {
      for (const p of this.pending.splice(0)) p.reject(err);
    });
  }

  private ask(message: unknown): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.worker.postMessage(message);
    });
  }

  /** Ends the current phase of the CPU split and starts `phase`. */
  async mark(phase: string): Promise<void> {
    await this.ask({ type: 'mark', phase });
  }

  /** Takes a last sample and ends the worker; later calls return the same result. */
  stop(): Promise<SamplerResult> {
    this.stopped ??= (async () => {
      const reply = await this.ask({ type: 'stop' });
      await this.worker.terminate();
      if (reply.type !== 'result') throw new Error('sampler: unexpected reply');
      return reply.result;
    })();
    return this.stopped;
  }
}
