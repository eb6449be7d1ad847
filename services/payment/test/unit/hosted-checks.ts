import type { ExecutionContext } from 'ava';
import { AppError } from '@invoice-platform/common/errors';

/**
 * The check the hosted-page adapters' unit tests (midtrans, xendit, razorpay) make alike: an amount
 * conversion that refuses rather than rounds. (Their notification cases: notification-cases.ts.)
 */

/** Each [amount, currency, message] is refused as the workspace's to fix (application), never rounded. */
export function refusesAmounts(
  t: ExecutionContext,
  convert: (amount: string, currency: string) => unknown,
  cases: readonly (readonly [string, string, RegExp])[],
): void {
  for (const [amount, currency, message] of cases) {
    const err = t.throws(() => convert(amount, currency), { instanceOf: AppError, message });
    t.is(err.kind, 'application', amount);
  }
}
