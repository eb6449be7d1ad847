import test from 'ava';
import { ServiceClock } from '../../src/clock.ts';

const hour = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('clock: the real time until moved', (t) => {
  const clock = new ServiceClock();
  t.true(Math.abs(clock.now().getTime() - Date.now()) < 1000);
  t.false(clock.moved);
});

test('clock: moveTo shifts it and it keeps running from there', async (t) => {
  const clock = new ServiceClock();
  const target = new Date(Date.now() + 45 * hour);
  clock.moveTo(target);
  t.true(clock.moved);
  await sleep(30);
  const elapsed = clock.now().getTime() - target.getTime();
  t.true(elapsed >= 25 && elapsed < 1000, `ran on ${elapsed} ms`);
});

test('clock: freezeAt stops it at that instant', async (t) => {
  const clock = new ServiceClock();
  const target = new Date('2026-12-01T00:00:00Z');
  clock.freezeAt(target);
  await sleep(30);
  t.is(clock.now().toISOString(), target.toISOString());
  t.true(clock.moved);
});

test('clock: undefined returns either way to the real clock', (t) => {
  const clock = new ServiceClock();
  clock.freezeAt(new Date('2020-01-01T00:00:00Z'));
  clock.freezeAt(undefined);
  t.false(clock.moved);
  clock.moveTo(new Date(Date.now() - hour));
  clock.moveTo(undefined);
  t.false(clock.moved);
  t.true(Math.abs(clock.now().getTime() - Date.now()) < 1000);
});

test('clock: a move after a freeze runs again, a freeze after a move stays put', async (t) => {
  const clock = new ServiceClock();
  clock.freezeAt(new Date('2026-01-01T00:00:00Z'));
  clock.moveTo(new Date('2026-06-01T00:00:00Z'));
  await sleep(20);
  t.true(clock.now().getTime() > Date.parse('2026-06-01T00:00:00Z'));
  clock.freezeAt(new Date('2026-07-01T00:00:00Z'));
  await sleep(20);
  t.is(clock.now().toISOString(), '2026-07-01T00:00:00.000Z');
});
