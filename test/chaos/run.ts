/**
 * `pnpm chaos [--minutes N] [--seed S] [--replicas N] [--min-faults N]`: one chaos run (test/chaos/chaos.ts,
 * docs/reliability.md) against the running local stack; with `--replicas 2`, two copies of every
 * service, and faults that hit one copy as well as every copy of a service. Prints its seed first and its table last; exits 1 when a
 * promise was broken, so a run can be replayed from the seed it printed.
 */
import { parseArgs } from 'node:util';
import { runChaos } from './chaos.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string' },
    'fault-every': { type: 'string', default: '15' },
    replicas: { type: 'string', default: '1' },
    'min-faults': { type: 'string', default: '0' },
  },
});
const minutes = Number(values.minutes);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const faultEverySeconds = Number(values['fault-every']);
const replicas = Number(values.replicas);
const minFaults = Number(values['min-faults']);
if (
  !(minutes > 0) ||
  !Number.isInteger(seed) ||
  !(faultEverySeconds > 0) ||
  !(replicas >= 1 && replicas <= 8) ||
  !(Number.isInteger(minFaults) && minFaults >= 0)
) {
  console.error('usage: pnpm chaos [--minutes N] [--seed S] [--fault-every SECONDS] [--replicas 1-8] [--min-faults N]');
  process.exit(2);
}
const log = (line: string) => console.log(`[${new Date().toISOString()}] ${line}`);
log(`chaos run: seed ${seed} (pnpm chaos --seed ${seed} --minutes ${minutes} --replicas ${replicas} replays it)`);
// A stop request ends the faults early; the run still restores what it broke, reconciles and
// stops the platform it started.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    log(`${signal}: ending the faults now, then reconciling`);
    stop.abort();
  });
const report = await runChaos({
  minutes,
  seed,
  faultEveryMs: faultEverySeconds * 1000,
  replicas,
  minFaults,
  log,
  signal: stop.signal,
});
console.log(report.table);
const broken = report.checks.filter((c) => c.broken > 0);
process.exit(broken.length > 0 ? 1 : 0);
