import test from 'ava';
import { FairQueue } from '../../src/render/fair-queue.ts';

/** A render that runs until the test ends it, recording when it started. */
function harness(slots: number) {
  const queue = new FairQueue(slots);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const submit = (workspace: string, name: string, heavy = false) =>
    queue.run(workspace, heavy, () => {
      started.push(name);
      return new Promise<void>((resolve) => finish.set(name, resolve));
    });
  const end = async (name: string) => {
    finish.get(name)!();
    // Let the queue hand the freed slot on.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, started, submit, end, settle: () => new Promise((resolve) => setImmediate(resolve)) };
}

test('fair queue: a newcomer goes before a greedy workspace’s backlog', async (t) => {
  const h = harness(2);
  for (let i = 1; i <= 10; i++) void h.submit('A', `A${i}`);
  void h.submit('B', 'B1');
  await h.settle();
  t.deepEqual(h.started, ['A1', 'A2']);
  await h.end('A1');
  t.deepEqual(h.started, ['A1', 'A2', 'B1']);
  // With B still running, A keeps its share of one slot: A3 waits for A2, not for B1.
  await h.end('A2');
  t.deepEqual(h.started, ['A1', 'A2', 'B1', 'A3']);
  t.is(h.queue.queued, 7);
});

test('fair queue: waiting workspaces are served round-robin', async (t) => {
  const h = harness(1);
  void h.submit('A', 'A1');
  for (const name of ['A2', 'A3']) void h.submit('A', name);
  for (const name of ['B1', 'B2']) void h.submit('B', name);
  void h.submit('C', 'C1');
  await h.settle();
  for (const name of ['A1', 'A2', 'B1', 'C1', 'A3', 'B2']) await h.end(name);
  t.deepEqual(h.started, ['A1', 'A2', 'B1', 'C1', 'A3', 'B2']);
});

test('fair queue: alone, a workspace uses every slot', async (t) => {
  const h = harness(3);
  for (const name of ['A1', 'A2', 'A3', 'A4']) void h.submit('A', name);
  await h.settle();
  t.deepEqual(h.started, ['A1', 'A2', 'A3']);
});

test('fair queue: one workspace runs one heavy render at a time, leaving a slot to others', async (t) => {
  const h = harness(2);
  void h.submit('A', 'A-heavy-1', true);
  void h.submit('A', 'A-heavy-2', true);
  await h.settle();
  t.deepEqual(h.started, ['A-heavy-1']);
  void h.submit('B', 'B1');
  await h.settle();
  t.deepEqual(h.started, ['A-heavy-1', 'B1']);
  await h.end('A-heavy-1');
  t.deepEqual(h.started, ['A-heavy-1', 'B1', 'A-heavy-2']);
});

test('fair queue: a failing render frees its slot', async (t) => {
  const queue = new FairQueue(1);
  await t.throwsAsync(queue.run('A', false, () => Promise.reject(new Error('print failed'))));
  t.is(await queue.run('B', false, () => Promise.resolve('ok')), 'ok');
});
