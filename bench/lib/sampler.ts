import { Worker } from 'node:worker_threads';
import type { CpuUse, ServiceRoot } from './cpu.ts';
import type { MemoryTarget, Peak } from './memory.ts';

export interface SamplerResult {
  memory: Record<string, Peak>;
  cpu: CpuUse;
}

type Reply = { type: 'marked' } | { type: 'result'; result: SamplerResult };

/**
 * Memory and CPU sampling in a worker thread: a sample walks /proc and reads smaps_rollup (the
 * kernel walks page tables), 20–50 ms on this machine, which on the main thread would stall the
 * load drivers and show up as latency.
 */
export class Sampler {
  private readonly worker: Worker;
  /** Replies come in the order of the requests. */
  private readonly pending: { resolve: (reply: Reply) => void; reject: (err: Error) => void }[] = [];
  private stopped: Promise<SamplerResult> | undefined;

  constructor(services: ServiceRoot[], memoryTargets: MemoryTarget[], everyMs: number) {
    this.worker = new Worker(new URL('./sampler-worker.ts', import.meta.url), {
      workerData: { driver: process.pid, services, memoryTargets, everyMs },
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
