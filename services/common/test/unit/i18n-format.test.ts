import test from 'ava';
import { currencyMinorUnits, invoiceCurrencies } from '../../src/contracts/currencies.ts';
import {
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTimestampDate,
  shiftDecimalLeft,
} from '../../src/i18n/format.ts';
import { type DocumentLanguage, documentLanguages, localeOf } from '../../src/i18n/words.ts';

// [amount, currency, language, expected]: the decimals come from the currency table
// (contracts/currencies.ts), the symbol from Intl when it has one, else the code itself, placed
// and spaced as the locale places currencies.
const moneyCases: [string, string, DocumentLanguage, string][] = [
  // Codes Intl has no data for: the code and the table's decimals.
  ['1234.5', 'VED', 'en', 'VED\u00a01,234.50'],
  ['1234.5', 'VED', 'de', '1.234,50\u00a0VED'],
  ['1234.5', 'VED', 'es', '1234,50\u00a0VED'],
  ['1234.5', 'CLF', 'en', 'CLF\u00a01,234.5000'],
  ['1234.5', 'CLF', 'fr', '1\u202f234,5000\u00a0CLF'],
  ['1234.5', 'CLF', 'es', '1234,5000\u00a0CLF'],
  ['0.0001', 'CLF', 'en', 'CLF\u00a00.0001'],
  ['1234.5', 'UYW', 'en', 'UYW\u00a01,234.5000'],
  ['1234.5', 'UYW', 'ar', '\u200f1,234.5000\u00a0UYW'],
  ['1234.5', 'BOV', 'hi', 'BOV\u00a01,234.50'],
  ['1234.5', 'BOV', 'pt', 'BOV\u00a01.234,50'],
  ['1234.5', 'XAD', 'id', 'XAD\u00a01.234,50'],
  ['1234.5', 'XAD', 'ja', 'XAD\u00a01,234.50'],
  ['1234.5', 'XAD', 'zh', 'XAD\u00a01,234.50'],
  // IDR: 0 minor units (ISO says 2, the product override).
  ['1234567', 'IDR', 'en', 'IDR\u00a01,234,567'],
  ['1234567', 'IDR', 'id', 'Rp\u00a01.234.567'],
  ['1234567', 'IDR', 'de', '1.234.567\u00a0IDR'],
  // JPY 0, KWD and BHD 3: Intl's symbols where it has them.
  ['1234567', 'JPY', 'en', '¥1,234,567'],
  ['1234567', 'JPY', 'ja', '￥1,234,567'],
  ['1234567', 'JPY', 'fr', '1\u202f234\u202f567\u00a0JPY'],
  ['1234.5', 'KWD', 'en', 'KWD\u00a01,234.500'],
  ['1234.5', 'KWD', 'ar', '\u200f1,234.500\u00a0د.ك.\u200f'],
  ['1234.5', 'BHD', 'de', '1.234,500\u00a0BHD'],
  ['1234.5', 'BHD', 'nl', 'BHD\u00a01.234,500'],
  // Where ISO and Intl (CLDR) disagree, the table wins: HUF 2 and IQD 3 (CLDR 0 for both).
  ['1234.5', 'HUF', 'en', 'HUF\u00a01,234.50'],
  ['1234', 'HUF', 'de', '1.234,00\u00a0HUF'],
  ['1234.5', 'IQD', 'en', 'IQD\u00a01,234.500'],
  ['12345', 'IQD', 'it', '12.345,000\u00a0IQD'],
  // Outside the table: the decimals the amount carries, the code; a code Intl refuses outright
  // still prints, as the code and the number.
  ['1.5', 'ABC', 'en', 'ABC\u00a01.5'],
  ['1234', 'US', 'en', 'US\u00a01,234'],
  ['1234.5', 'US', 'de', 'US\u00a01.234,5'],
];
for (const [amount, currency, lang, expected] of moneyCases) {
  test(`formatMoney(${amount}, ${currency}, ${lang}) is ${JSON.stringify(expected)}`, (t) => {
    t.is(formatMoney(amount, currency, lang), expected);
  });
}

test('every invoice currency in every document language prints with the table decimals', (t) => {
  for (const lang of documentLanguages) {
    for (const currency of invoiceCurrencies) {
      const digits = currencyMinorUnits(currency)!;
      const number = new Intl.NumberFormat(localeOf[lang], {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format('1234567' as unknown as number);
      const text = formatMoney('1234567', currency, lang);
      t.true(text.includes(number), `${lang} ${currency}: ${JSON.stringify(text)} shows ${JSON.stringify(number)}`);
    }
  }
});

test('a code Intl has no data for prints as the code itself, in every document language', (t) => {
  const intl = new Set<string>(Intl.supportedValuesOf('currency'));
  const lacking = invoiceCurrencies.filter((code) => !intl.has(code));
  t.true(lacking.length >= 5);
  for (const lang of documentLanguages) {
    for (const currency of lacking) {
      const text = formatMoney('1', currency, lang);
      t.true(text.includes(currency), `${lang}: ${text}`);
      t.is(text.replace(currency, '').replace(/[^0-9]/g, ''), `1${'0'.repeat(currencyMinorUnits(currency)!)}`, text);
    }
  }
});

test('IDR has no decimals', (t) => {
  t.is(formatMoney('1665000', 'IDR', 'en'), 'IDR\u00a01,665,000');
  t.is(formatMoney('1665000', 'IDR', 'id'), 'Rp\u00a01.665.000');
});

test('JPY has no decimals', (t) => {
  t.is(formatMoney('123456', 'JPY', 'en'), '¥123,456');
  t.is(formatMoney('123456', 'JPY', 'ja'), '￥123,456');
});

test('USD has two decimals, padded', (t) => {
  t.is(formatMoney('1234.5', 'USD', 'en'), '$1,234.50');
  t.is(formatMoney('0', 'USD', 'en'), '$0.00');
  t.is(formatMoney('-5.25', 'USD', 'en'), '-$5.25');
});

test('KWD has three decimals', (t) => {
  t.is(formatMoney('12.345', 'KWD', 'en'), 'KWD\u00a012.345');
  t.is(formatMoney('1', 'KWD', 'en'), 'KWD\u00a01.000');
});

test('no float drift: large and binary-unfriendly values print exactly', (t) => {
  t.is(formatMoney('0.1', 'USD', 'en'), '$0.10');
  t.is(formatMoney('90071992547409.93', 'USD', 'en'), '$90,071,992,547,409.93');
  t.is(formatMoney('123456789012345678', 'IDR', 'en'), 'IDR\u00a0123,456,789,012,345,678');
});

test('a value with more decimals than the currency has is not rounded again', (t) => {
  t.is(formatMoney('1500.50', 'IDR', 'en'), 'IDR\u00a01,500.50');
});

test('locale formats: de and fr', (t) => {
  t.is(formatMoney('1759.5', 'EUR', 'de'), '1.759,50\u00a0€');
  t.is(formatPercent('7.5', 'fr'), '7,5\u00a0%');
});

test('percent and numbers from decimal text', (t) => {
  t.is(formatPercent('11', 'en'), '11%');
  t.is(formatPercent('0', 'en'), '0%');
  t.is(formatPercent('12.25', 'en'), '12.25%');
  t.is(formatNumber('2.5', 'en'), '2.5');
  t.is(formatNumber('1000000', 'en'), '1,000,000');
  t.is(shiftDecimalLeft('11', 2), '0.11');
  t.is(shiftDecimalLeft('0.5', 2), '0.005');
  t.is(shiftDecimalLeft('100', 2), '1');
  t.is(shiftDecimalLeft('-12345.678', 2), '-123.45678');
});

test('a timestamp prints as the date in the document time zone', (t) => {
  // 20:30 UTC on 1 March is already 2 March in Jakarta (UTC+7) and still 1 March in New York.
  t.is(formatTimestampDate('2025-03-01T20:30:00.000Z', 'Asia/Jakarta', 'en'), 'Mar 2, 2025');
  t.is(formatTimestampDate('2025-03-01T20:30:00.000Z', 'America/New_York', 'en'), 'Mar 1, 2025');
});

test('a date-only field is never shifted by a zone', (t) => {
  t.is(formatDate('2025-03-15', 'en'), 'Mar 15, 2025');
  t.is(formatDate('2025-03-15', 'de'), '15.03.2025');
});
