import test from 'ava';
import { formatDate, formatMoney } from '@invoice-platform/common/i18n/format';
import type { DocumentLanguage } from '@invoice-platform/common/i18n/words';
import { followUpMail } from '../../src/domain/email.ts';

const languages = ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar'];

const base = {
  language: 'en',
  invoiceNumber: 'INV-WS00000001-202611-0002',
  seller: 'Acme Studio',
  customerName: 'Budi Santoso',
  amount: '1250000',
  currency: 'IDR',
  dueDate: '2026-12-06',
  url: 'https://invoices.example/i/abc',
};
const mail = (language: string) => followUpMail({ ...base, language });

for (const language of languages) {
  test(`follow-up email in ${language}: number, seller, customer, link and amount in its own words`, (t) => {
    const { subject, text } = mail(language);
    t.true(subject.includes('INV-WS00000001-202611-0002'), subject);
    t.true(subject.includes('Acme Studio'), subject);
    t.true(text.includes('Budi Santoso'));
    t.true(text.includes('https://invoices.example/i/abc'));
    t.true(
      text.includes(formatMoney('1250000', 'IDR', language as DocumentLanguage)),
      'the total as the PDF prints it',
    );
    t.true(text.includes(formatDate('2026-12-06', language as DocumentLanguage)), 'the due date as the PDF prints it');
    t.true(text.trimEnd().endsWith('Acme Studio'), 'signed by the seller');
    if (language !== 'en') {
      t.false(subject.startsWith('Invoice '), 'not the English subject');
      t.false(text.includes('Please find attached'), 'not the English body');
    }
  });
}

const formats: [language: string, amount: RegExp, due: RegExp][] = [
  ['en', /IDR\s1,250,000/, /Dec 6, 2026/],
  ['de', /1\.250\.000\sIDR/, /06\.12\.2026/],
  ['pt', /IDR\s1\.250\.000/, /6 de dez\. de 2026/],
  ['ja', /IDR\s1,250,000/, /2026\/12\/06/],
];
for (const [language, amount, due] of formats) {
  test(`follow-up email in ${language}: the amount and due date in the locale's formats`, (t) => {
    t.regex(mail(language).text, amount);
    t.regex(mail(language).text, due);
  });
}

test('follow-up email: a decimal total is printed exactly, never through a binary float', (t) => {
  const { text } = followUpMail({ ...base, amount: '9007199254740993.10', currency: 'USD' });
  t.true(text.includes('$9,007,199,254,740,993.10'), text);
});

test('follow-up email: an unknown language falls back to English', (t) => {
  t.true(mail('xx').subject.startsWith('Invoice '));
});
