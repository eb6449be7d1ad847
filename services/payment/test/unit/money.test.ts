import { sameAmount } from '@invoice-platform/common/money';
import test from 'ava';
import {
  fromStripeAmount,
  fromUnits,
  toMollieValue,
  toPaypalValue,
  toStripeAmount,
  toUnits,
} from '../../src/domain/money.ts';

test('toUnits / fromUnits: exact decimal text, refusing what would round', (t) => {
  t.is(toUnits('12.50', 2), 1250n);
  t.is(toUnits('12.5', 2), 1250n);
  t.is(toUnits('12', 2), 1200n);
  t.is(toUnits('1388750', 0), 1388750n);
  t.is(toUnits('1388750.00', 0), 1388750n, 'zeros past the unit are no rounding');
  t.is(toUnits('12.505', 2), undefined);
  t.is(toUnits('12.50', 0), undefined);
  for (const bad of ['', '-1', '1e3', '1,5', 'abc', '0x10', '.5']) t.is(toUnits(bad, 2), undefined, bad);
  t.is(fromUnits(1250n, 2), '12.50');
  t.is(fromUnits(5n, 2), '0.05');
  t.is(fromUnits(1500n, 0), '1500');
  t.throws(() => fromUnits(-1n, 2));
});

test("a provider's amount is compared with the checkout's in the currency's minor units, not as text", (t) => {
  t.true(sameAmount('EUR', '12.5', '12.50'));
  t.true(sameAmount('IDR', '1388750', '1388750.00'));
  t.false(sameAmount('EUR', '12.50', '12.51'));
  t.false(sameAmount('EUR', '1.00', '100'));
  t.false(sameAmount('IDR', '1388750.50', '1388750'));
  t.false(sameAmount('EUR', 'x', 'x'));
});

test('Stripe: minor units with its zero-decimal list; IDR is two-decimal at Stripe', (t) => {
  t.is(toStripeAmount('124.50', 'EUR'), 12450);
  t.is(toStripeAmount('124.5', 'usd'), 12450);
  t.is(toStripeAmount('1500', 'JPY'), 1500);
  t.is(toStripeAmount('50000', 'KRW'), 50000);
  t.is(toStripeAmount('1388750', 'IDR'), 138875000);
  t.is(fromStripeAmount(12450, 'EUR'), '124.50');
  t.is(fromStripeAmount(1500, 'jpy'), '1500');
  t.is(fromStripeAmount(138875000, 'IDR'), '1388750.00');
  t.true(sameAmount('IDR', fromStripeAmount(toStripeAmount('1388750', 'IDR'), 'IDR'), '1388750'));
  const err = t.throws(() => toStripeAmount('1500.50', 'JPY'));
  t.regex(err.message, /Stripe takes JPY with 0 decimals/);
  t.throws(() => toStripeAmount('0.001', 'USD'));
});

test('Mollie: value text with the currency decimals', (t) => {
  t.is(toMollieValue('124.5', 'EUR'), '124.50');
  t.is(toMollieValue('10', 'EUR'), '10.00');
  t.is(toMollieValue('1500', 'JPY'), '1500');
  t.is(toMollieValue('1500.00', 'ISK'), '1500');
  t.throws(() => toMollieValue('1500.50', 'JPY'), { message: /Mollie takes JPY with 0 decimals/ });
});

test('PayPal: value text; HUF, JPY and TWD without decimals', (t) => {
  t.is(toPaypalValue('124.5', 'EUR'), '124.50');
  t.is(toPaypalValue('1500.00', 'HUF'), '1500');
  t.is(toPaypalValue('1500', 'TWD'), '1500');
  t.throws(() => toPaypalValue('1500.50', 'HUF'), { message: /PayPal takes HUF with 0 decimals/ });
});
