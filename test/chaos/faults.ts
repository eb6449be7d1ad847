import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, sleep } from '../support/platform.ts';
import type { Rng } from '../support/rng.ts';
import type { Figures } from './figures.ts';

/**
 * The faults of a chaos run and the supervisor that repairs them: `kill -9` of each service
 * process and of Kafka, FerretDB and Redis, the SMTP sink stopped, and SIGSTOP / SIGCONT of a
 * peer (a hung dependency). Faults come in turn, in an order the seed shuffles, so a long enough
 * run covers every component; each is repaired after a few seconds, and the platform is waited
 * back to ready before the next.
 */

const run = promisify(execFile);

/** What the supervisor can do to one component of the platform. */
export interface Component {
  name: string;
  /** kill -9 (or stop, for the SMTP sink) and start again: the process is a new one. */
  crash?: { down(): Promise<void>; up(): Promise<void> };
  /** SIGSTOP, then SIGCONT: the same process, hung for a while. */
  hang?: { stop(): void; resume(): void };
}

export interface FaultOptions {
  rng: Rng;
  figures: Figures;
  components: Component[];
  /** Waits until every part of the platform is back (its readiness), or throws. */
  waitReady(): Promise<void>;
  log(line: string): void;
}

interface Fault {
  kind: string;
  apply(): Promise<void>;
  repair(): Promise<void>;
}

export class Supervisor {
  private readonly opts: FaultOptions;
  private readonly cycle: Fault[];
  private next = 0;
  private stopped = false;

  constructor(opts: FaultOptions) {
    this.opts = opts;
    const faults: Fault[] = [];
    for (const c of opts.components) {
      if (c.crash) faults.push({ kind: `kill ${c.name}`, apply: c.crash.down, repair: c.crash.up });
      if (c.hang) {
        const hang = c.hang;
        faults.push({
          kind: `hang ${c.name}`,
          apply: async () => hang.stop(),
          repair: async () => hang.resume(),
        });
      }
    }
    this.cycle = faults;
    this.shuffle();
  }

  /** Every kind of fault this run can make (the run's coverage is measured against it). */
  get kinds(): string[] {
    return this.cycle.map((f) => f.kind).sort();
  }

  private shuffle(): void {
    for (let i = this.cycle.length - 1; i > 0; i--) {
      const j = this.opts.rng.int(i + 1);
      [this.cycle[i], this.cycle[j]] = [this.cycle[j]!, this.cycle[i]!];
    }
  }

  /** Makes faults one after the other, `everyMs` apart, until stop(); each repaired before the next. */
  async loop(everyMs: number): Promise<void> {
    while (!this.stopped) {
      const startedAt = Date.now();
      await this.one();
      const wait = everyMs - (Date.now() - startedAt);
      if (wait > 0 && !this.stopped) await sleep(wait);
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private async one(): Promise<void> {
    if (this.next === this.cycle.length) {
      this.next = 0;
      this.shuffle();
    }
    const fault = this.cycle[this.next++]!;
    const { figures, rng, log } = this.opts;
    const record = figures.fault(fault.kind);
    // A hung peer holds its callers for longer than a dead one, whose callers fail at once.
    const downMs = fault.kind.startsWith('hang') ? 3000 + rng.int(6000) : 1000 + rng.int(5000);
    log(`fault ${figures.faults.length}: ${fault.kind} for ${downMs} ms`);
    await fault.apply();
    await sleep(downMs);
    await fault.repair();
    await this.opts.waitReady();
    record.restoredAt = figures.elapsed();
    log(`fault ${figures.faults.length}: ${fault.kind} repaired after ${record.restoredAt - record.at} ms`);
  }
}

/** The local stack's components, through its own script (deploy/local/stack.sh). */
export function stackComponent(name: 'kafka' | 'mongo' | 'redis' | 'smtp'): Component {
  const stack = (...args: string[]) =>
    run('bash', [path.join(repoRoot, 'deploy/local/stack.sh'), ...args], { timeout: 300_000 });
  return {
    name,
    crash: {
      down: async () => {
        await stack(name === 'smtp' ? 'stop' : 'kill', name);
      },
      up: async () => {
        await stack('start', name);
      },
    },
  };
}
