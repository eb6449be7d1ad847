/**
 * The test command's chaos profile (docs/reliability.md): two minutes of careful clients at work
 * on two copies of every service while faults hit one copy, every copy of a service, or the stack,
 * at random (on past the two minutes until six faults were made: a copy's restart can wait a minute
 * for its consumer group), then every promise reconciled. It kills the local stack's Kafka, FerretDB and Redis,
 * so scripts/test.sh runs it alone, last. The seed is printed; CHAOS_SEED replays a run (so does
 * `pnpm chaos --seed S --minutes 2 --replicas 2`).
 */
import test from 'ava';
import { runChaos } from './chaos.ts';

test('chaos: two minutes of random faults under load, on two copies of every service, break no promise', async (t) => {
  t.timeout(25 * 60_000);
  const seed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : Math.floor(Math.random() * 2 ** 31);
  t.log(`seed ${seed} (CHAOS_SEED=${seed} replays this run)`);
  const report = await runChaos({
    minutes: 2,
    seed,
    faultEveryMs: 15_000,
    replicas: 2,
    minFaults: 6,
    log: (line) => t.log(line),
  });
  t.log(`\n${report.table}`);
  t.true(report.figures.faults.length >= 6, `${report.figures.faults.length} faults made`);
  for (const check of report.checks) t.is(check.broken, 0, `${check.name}: ${check.examples.join('; ')}`);
});
