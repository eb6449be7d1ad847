import test from 'ava';
import {
  currencyDigits,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTimestampDate,
  shiftDecimalLeft,
} from '../../src/i18n/format.ts';

test('currency minor digits: IDR 0, JPY 0, USD 2, KWD 3', (t) => {
  t.deepEqual(['IDR', 'JPY', 'USD', 'KWD'].map(currencyDigits), [0, 0, 2, 3]);
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
