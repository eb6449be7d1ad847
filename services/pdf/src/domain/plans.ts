import { AppError } from '@invoice-platform/common/errors';
import { isOneOf, type Plan, plans } from '@invoice-platform/common/contracts/values';

/**
 * Plans in ascending order (docs/architecture.md#plans): a template with min_plan P is usable on P
 * and above.
 */
export { type Plan, plans };

export function isPlan(value: string): value is Plan {
  return isOneOf(plans, value);
}

export function planAllows(plan: Plan, minPlan: Plan): boolean {
  return plans.indexOf(plan) >= plans.indexOf(minPlan);
}

/** The caller's plan, validated (path "plan"). */
export function requirePlan(value: string): Plan {
  if (!isPlan(value)) {
    throw AppError.validation([{ path: 'plan', message: `must be one of ${plans.join(', ')}` }]);
  }
  return value;
}
