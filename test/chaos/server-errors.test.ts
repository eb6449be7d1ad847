/**
 * The chaos run's server-error check, on answers given by hand: what a fault may cost a client
 * (a 503, a 409, a cut connection) passes, an answer from the platform's own failure does not.
 */
import test from 'ava';
import { Figures } from './figures.ts';
import { serverErrors } from './reconcile.ts';

const cases: { title: string; answers: [string, number][]; broken: number }[] = [
  {
    title: 'outages, races and cut connections',
    answers: [
      ['generate', 503],
      ['status', 409],
      ['generate', 0],
      ['pay', 303],
    ],
    broken: 0,
  },
  {
    title: 'a 500 among them',
    answers: [
      ['generate', 200],
      ['generate', 500],
      ['generate', 503],
    ],
    broken: 1,
  },
  {
    title: 'any 5xx but 503',
    answers: [
      ['list', 502],
      ['get', 504],
      ['pdf', 501],
    ],
    broken: 3,
  },
];

for (const c of cases) {
  test(`chaos server errors: ${c.title} → ${c.broken} broken`, (t) => {
    const figures = new Figures();
    for (const [operation, status] of c.answers) figures.answer(operation, status, { error: { status } });
    const check = serverErrors(figures);
    t.is(check.broken, c.broken);
    t.is(check.of, c.answers.length);
    for (const example of check.examples)
      t.regex(example, /^\w+ 50[0-9] at \d+\.\d s: \{"error":\{"status":50[0-9]\}\}$/);
  });
}
