import type { ExecutionContext } from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import type * as contract from '../../src/domain/adapter.ts';

/**
 * The checks the hosted-page adapters' unit tests (midtrans, xendit, razorpay) make alike: an amount
 * conversion that refuses rather than rounds, and notifications refused for a stated reason.
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

/** Each [name, notification, reason] is not verified, for a reason matching `reason`. */
export async function refusesNotifications(
  t: ExecutionContext,
  verify: (n: contract.RawNotification) => Promise<contract.VerifiedNotification>,
  cases: readonly (readonly [string, contract.RawNotification, RegExp])[],
): Promise<void> {
  for (const [name, n, reason] of cases) {
    const v = await verify(n);
    t.false(v.verified, name);
    if (!v.verified) t.regex(v.reason, reason, name);
  }
}
