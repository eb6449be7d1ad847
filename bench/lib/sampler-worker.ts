import { parentPort, workerData } from 'node:worker_threads';
import { CpuTracker, type ServiceRoot } from './cpu.ts';
import { type MemoryTarget, PeakTracker } from './memory.ts';
import { readProcs, scanProcs } from './proc.ts';
import type { Cadence } from './sampler.ts';

const { driver, services, memoryTargets, cadence } = workerData as {
  driver: number;
  services: ServiceRoot[];
  memoryTargets: MemoryTarget[];
  cadence: Cadence;
};

const memory = new PeakTracker(memoryTargets);
// This thread's own time, in the 1/100 s ticks of /proc (threadCpuUsage counts microseconds).
const cpu = new CpuTracker(driver, services, () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 10_000;
});
let n = 0;
const sample = (full: boolean) => {
  const read = full || n % cadence.fullScanEvery === 0 ? undefined : new Set(cpu.watched());
  const table = read ? readProcs(read) : scanProcs();
  cpu.sample(table, read);
  memory.sample(table, n++ % cadence.pssEvery === 0);
};
sample(true);
const timer = setInterval(() => sample(false), cadence.everyMs);
parentPort!.on('message', (msg: { type: 'mark'; phase: string } | { type: 'stop' }) => {
  sample(true);
  if (msg.type === 'mark') {
    cpu.mark(msg.phase);
    memory.phase = msg.phase;
    parentPort!.postMessage({ type: 'marked' });
    return;
  }
  clearInterval(timer);
  cpu.mark('end');
  parentPort!.postMessage({ type: 'result', result: { memory: memory.result, cpu: cpu.result() } });
});
