import test from 'ava';
import { followUpMail } from '../../src/domain/email.ts';

const languages = ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar'];

const mail = (language: string) =>
  followUpMail({
    language,
    invoiceNumber: 'INV-WS00000001-202611-0002',
    seller: 'Acme Studio',
    customerName: 'Budi Santoso',
    amount: '1250000',
    currency: 'IDR',
    dueDate: '2026-12-06',
    url: 'https://invoices.example/i/abc',
  });

for (const language of languages) {
  test(`follow-up email in ${language}: number, seller, customer, link and amount in its own words`, (t) => {
    const { subject, text } = mail(language);
    t.true(subject.includes('INV-WS00000001-202611-0002'), subject);
    t.true(subject.includes('Acme Studio'), subject);
    t.true(text.includes('Budi Santoso'));
    t.true(text.includes('https://invoices.example/i/abc'));
    t.true(text.includes('IDR'), 'the currency code is printed');
    t.true(text.trimEnd().endsWith('Acme Studio'), 'signed by the seller');
    if (language !== 'en') {
      t.false(subject.startsWith('Invoice '), 'not the English subject');
      t.false(text.includes('Please find attached'), 'not the English body');
    }
  });
}

test('follow-up email: the amount and due date use the locale formats', (t) => {
  t.regex(mail('en').text, /IDR\s1,250,000/);
  t.regex(mail('en').text, /December 6, 2026/);
  t.regex(mail('de').text, /1\.250\.000\sIDR/);
  t.regex(mail('de').text, /6\. Dezember 2026/);
});

test('follow-up email: an unknown language falls back to English', (t) => {
  t.true(mail('xx').subject.startsWith('Invoice '));
});
