import { meter } from '@invoice-platform/common/metrics';

const depthGauge = meter().createObservableGauge('invoice_platform.pdf.render.queue.depth', {
  description: 'Renders waiting for a renderer slot (running ones not counted).',
  unit: '{render}',
});

/**
 * Admission to the renderer, fair across workspaces. The page pool and jsreport's workers are
 * shared by every workspace; first come, first served would let one workspace that sends many
 * renders (forced re-renders in a loop, status toggles) or slow ones (a template whose helpers
 * take seconds) hold every slot while everyone else's generate waits or times out.
 *
 * - `slots` renders run at once (one per pooled page).
 * - Waiting renders are taken round-robin by workspace: a workspace with one render waiting goes
 *   before another workspace's tenth.
 * - While other workspaces have work, a workspace holds at most its share of the slots (at least
 *   one), so a newcomer waits for at most one render to end, not for a whole backlog.
 * - A render of a workspace template with helpers ("heavy") may take up to the render timeout:
 *   one workspace has at most one of those running, so another slot stays free for the rest.
 */
export class FairQueue {
  private readonly slots: number;
  private running = 0;
  private readonly runningBy = new Map<string, { all: number; heavy: number }>();
  private readonly waiting = new Map<string, Waiter[]>();
  /** Round-robin order of the workspaces with waiting renders. */
  private readonly ring: string[] = [];

  constructor(slots: number) {
    this.slots = Math.max(1, slots);
    depthGauge.addCallback((result) => result.observe(this.queued));
  }

  async run<T>(workspaceId: string, heavy: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      const queue = this.waiting.get(workspaceId);
      if (queue) queue.push({ heavy, start });
      else {
        this.waiting.set(workspaceId, [{ heavy, start }]);
        this.ring.push(workspaceId);
      }
      this.dispatch();
    });
    try {
      return await work();
    } finally {
      this.running--;
      const mine = this.runningBy.get(workspaceId)!;
      mine.all--;
      if (heavy) mine.heavy--;
      if (mine.all === 0) this.runningBy.delete(workspaceId);
      this.dispatch();
    }
  }

  /** Renders waiting, for metrics and tests. */
  get queued(): number {
    let n = 0;
    for (const q of this.waiting.values()) n += q.length;
    return n;
  }

  private dispatch(): void {
    while (this.running < this.slots) {
      const next = this.pick();
      if (!next) return;
      const [workspaceId, waiter] = next;
      this.running++;
      const mine = this.runningBy.get(workspaceId) ?? { all: 0, heavy: 0 };
      mine.all++;
      if (waiter.heavy) mine.heavy++;
      this.runningBy.set(workspaceId, mine);
      waiter.start();
    }
  }

  /** The next render to start: the first workspace in ring order that is within its share. */
  private pick(): [string, Waiter] | undefined {
    const active = new Set([...this.runningBy.keys(), ...this.waiting.keys()]);
    const share = Math.max(1, Math.floor(this.slots / active.size));
    for (let i = 0; i < this.ring.length; i++) {
      const workspaceId = this.ring[i]!;
      const queue = this.waiting.get(workspaceId)!;
      const mine = this.runningBy.get(workspaceId) ?? { all: 0, heavy: 0 };
      if (active.size > 1 && mine.all >= share) continue;
      const index = queue.findIndex((w) => !w.heavy || mine.heavy === 0);
      if (index < 0) continue;
      const [waiter] = queue.splice(index, 1);
      // Served: to the back of the ring (or out of it when nothing of it waits).
      this.ring.splice(i, 1);
      if (queue.length > 0) this.ring.push(workspaceId);
      else this.waiting.delete(workspaceId);
      return [workspaceId, waiter!];
    }
    return undefined;
  }
}

interface Waiter {
  heavy: boolean;
  start: () => void;
}
