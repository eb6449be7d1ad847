import { parentPort, workerData } from 'node:worker_threads';
import { CpuTracker, type ServiceRoot } from './cpu.ts';
import { type MemoryTarget, PeakTracker } from './memory.ts';
import { scanProcs } from './proc.ts';

const { driver, services, memoryTargets, everyMs } = workerData as {
  driver: number;
  services: ServiceRoot[];
  memoryTargets: MemoryTarget[];
  everyMs: number;
};
const memory = new PeakTracker(memoryTargets);
// This thread's own time, in the 1/100 s ticks of /proc (threadCpuUsage counts microseconds).
const cpu = new CpuTracker(driver, services, () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 10_000;
});
const sample = () => {
  const table = scanProcs();
  cpu.sample(table);
  memory.sample(table);
};
sample();
const timer = setInterval(sample, everyMs);
parentPort!.on('message', (msg: { type: 'mark'; phase: string } | { type: 'stop' }) => {
  sample();
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
