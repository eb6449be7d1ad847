import test from 'ava';
import { formatDate, formatMoney } from '@invoice-platform/common/i18n/format';
import type { DocumentLanguage } from '@invoice-platform/common/i18n/words';
import { followUpMail, followUpMessageId } from '../../src/domain/email.ts';

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

// [currency, language, total as the invoice service gives it, as the email prints it]: the decimals of
// the currency table (common/contracts/currencies.ts), the code where Intl has no symbol for it.
const currencies: [string, string, string, string][] = [
  ['VED', 'en', '1357.95', 'VED\u00a01,357.95'],
  ['VED', 'es', '1357.95', '1357,95\u00a0VED'],
  ['CLF', 'en', '1357.95', 'CLF\u00a01,357.9500'],
  ['CLF', 'fr', '1357.9500', '1\u202f357,9500\u00a0CLF'],
  ['UYW', 'de', '1357.9500', '1.357,9500\u00a0UYW'],
  ['BOV', 'id', '1357.95', 'BOV\u00a01.357,95'],
  ['XAD', 'ar', '1357.95', '\u200f1,357.95\u00a0XAD'],
  ['IQD', 'en', '1357', 'IQD\u00a01,357.000'],
  ['HUF', 'hi', '1357', 'HUF\u00a01,357.00'],
  ['KWD', 'ja', '1357.95', 'KWD\u00a01,357.950'],
];
for (const [currency, language, amount, printed] of currencies) {
  test(`follow-up email in ${currency} (${language}): the total as ${JSON.stringify(printed)}`, (t) => {
    const { text } = followUpMail({ ...base, language, amount, currency });
    t.true(text.includes(printed), text);
  });
}

test('follow-up email: an unknown language falls back to English', (t) => {
  t.true(mail('xx').subject.startsWith('Invoice '));
});

test('follow-up Message-ID: one per occurrence, the same for every send, valid dot-atom text', (t) => {
  const id = followUpMessageId({ series_id: 'rs_3kQ9xZ', local_date: '2027-03-14' }, 'example.com');
  t.is(id, '<rs_3kQ9xZ.2027-03-14@example.com>');
  t.is(followUpMessageId({ series_id: 'rs_3kQ9xZ', local_date: '2027-03-14' }, 'example.com'), id);
  t.not(followUpMessageId({ series_id: 'rs_3kQ9xZ', local_date: '2027-04-14' }, 'example.com'), id);
  // Characters outside an atom are encoded, so parts that would read alike stay apart.
  const odd = followUpMessageId({ series_id: 'rs.a:b (c)', local_date: '2027-03-14' }, 'example.com');
  t.regex(odd, /^<[A-Za-z0-9%_-]+\.2027-03-14@example\.com>$/);
  t.not(odd, followUpMessageId({ series_id: 'rs', local_date: 'a:b (c).2027-03-14' }, 'example.com'));
});
