import test from 'ava';
import {
  directionOf,
  documentLanguages,
  englishWords,
  localeOf,
  unknownWordKeys,
  wordsFor,
} from '../../src/domain/i18n.ts';

test('every document language of the spec has a dictionary', (t) => {
  t.deepEqual([...documentLanguages], ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar']);
});

for (const lang of documentLanguages) {
  test(`${lang}: every word present and non-empty, no unknown keys, a locale`, (t) => {
    const words = wordsFor(lang);
    t.deepEqual(Object.keys(words).sort(), Object.keys(englishWords).sort());
    for (const [key, value] of Object.entries(words)) t.true(value.trim().length > 0, key);
    t.deepEqual(unknownWordKeys(lang), []);
    t.truthy(localeOf[lang]);
  });
}

test('status words exist for every marking', (t) => {
  for (const lang of documentLanguages) {
    for (const m of ['unpaid', 'paid', 'overdue', 'cancelled'])
      t.truthy(wordsFor(lang)[`status_${m}` as 'status_paid']);
  }
});

test('every language prints its own title, headings and status markings, not the English ones', (t) => {
  const ownWords = ['invoice', 'bill_to', 'due_date', 'amount_due', 'status_unpaid', 'status_paid'] as const;
  for (const lang of documentLanguages.filter((l) => l !== 'en')) {
    for (const key of ownWords) t.not(wordsFor(lang)[key], englishWords[key], `${lang}.${key}`);
  }
  t.is(wordsFor('de').invoice, 'RECHNUNG');
  t.is(wordsFor('ja').status_paid, '支払済');
});

test('ar is right to left, the rest left to right', (t) => {
  t.deepEqual(
    documentLanguages.filter((l) => directionOf(l) === 'rtl'),
    ['ar'],
  );
});
