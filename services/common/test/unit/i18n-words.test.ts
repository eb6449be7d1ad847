import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import {
  directionOf,
  documentLanguages,
  englishWords,
  fill,
  localeOf,
  missingWordKeys,
  unknownWordKeys,
  wordsFor,
} from '../../src/i18n/words.ts';

const catalogueDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/i18n');

test('every document language has a dictionary, one JSON file each and no other', (t) => {
  t.deepEqual([...documentLanguages], ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar']);
  const files = readdirSync(catalogueDir).filter((f) => f.endsWith('.json'));
  t.deepEqual(files.sort(), documentLanguages.map((l) => `${l}.json`).sort());
});

for (const lang of documentLanguages) {
  test(`${lang}: every word present and non-empty, no unknown keys, a locale`, (t) => {
    const words = wordsFor(lang);
    t.deepEqual(Object.keys(words).sort(), Object.keys(englishWords).sort());
    for (const [key, value] of Object.entries(words)) t.true(value.trim().length > 0, key);
    t.deepEqual(unknownWordKeys(lang), []);
    t.deepEqual(missingWordKeys(lang), []);
    t.truthy(localeOf[lang]);
  });

  test(`${lang}: the JSON file is a flat object of strings`, (t) => {
    const parsed = JSON.parse(readFileSync(path.join(catalogueDir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed)) t.is(typeof value, 'string', key);
  });
}

test('a dictionary missing a word or carrying an unknown one is reported', (t) => {
  // The checks above would pass vacuously if these helpers returned [] for anything.
  const de = wordsFor('de') as Record<string, string>;
  const saved = de.pay_now!;
  try {
    delete de.pay_now;
    de.surplus = 'x';
    t.deepEqual(missingWordKeys('de'), ['pay_now']);
    t.deepEqual(unknownWordKeys('de'), ['surplus']);
  } finally {
    de.pay_now = saved;
    delete de.surplus;
  }
  t.deepEqual(missingWordKeys('de'), []);
});

test('status words exist for every marking, for the PDF stamp and the page', (t) => {
  for (const lang of documentLanguages) {
    for (const m of ['unpaid', 'paid', 'overdue', 'cancelled']) {
      t.truthy(wordsFor(lang)[`status_${m}` as 'status_paid']);
      t.truthy(wordsFor(lang)[`state_${m}` as 'state_paid']);
    }
    t.truthy(wordsFor(lang).state_archived);
  }
});

test('every language prints its own title, headings and status markings, not the English ones', (t) => {
  const ownWords = [
    'invoice',
    'bill_to',
    'due_date',
    'amount_due',
    'status_unpaid',
    'status_paid',
    'credit_note',
    'corrects_invoice',
    'total_credited',
  ] as const;
  for (const lang of documentLanguages.filter((l) => l !== 'en')) {
    for (const key of ownWords) t.not(wordsFor(lang)[key], englishWords[key], `${lang}.${key}`);
  }
  t.is(wordsFor('de').invoice, 'RECHNUNG');
  t.is(wordsFor('ja').status_paid, '支払済');
});

test('the page words are translated too, not left in English', (t) => {
  const pageWords = ['pay_now', 'download_pdf', 'state_paid', 'state_cancelled', 'not_found_title'] as const;
  for (const lang of documentLanguages.filter((l) => l !== 'en')) {
    for (const key of pageWords) t.not(wordsFor(lang)[key], englishWords[key], `${lang}.${key}`);
  }
  t.is(wordsFor('de').pay_now, 'Jetzt bezahlen');
  t.is(wordsFor('en').not_found_title, 'Invoice not found');
});

test('ar is right to left, the rest left to right', (t) => {
  t.deepEqual(
    documentLanguages.filter((l) => directionOf(l) === 'rtl'),
    ['ar'],
  );
});

const slotsOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

test('every sentence with slots has the same slots in every language as in English', (t) => {
  for (const lang of documentLanguages) {
    for (const [key, value] of Object.entries(wordsFor(lang))) {
      t.deepEqual(slotsOf(value), slotsOf(englishWords[key as keyof typeof englishWords]), `${lang}.${key}`);
    }
  }
});

test('fill: slots take their values, a slot without one stays visible', (t) => {
  t.is(fill('Invoice {number} from {seller}', { number: 'INV-1', seller: 'Acme' }), 'Invoice INV-1 from Acme');
  t.is(fill('{a} and {b}', { a: '1' }), '1 and {b}');
  t.is(fill('{a}', { a: '$1 {b}' }), '$1 {b}', 'a value is inserted as text, not read as a pattern');
});
