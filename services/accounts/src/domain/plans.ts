import { AppError } from '@invoice-platform/common/errors';

import { type Plan, plans } from '@invoice-platform/common/contracts/values';

export { type Plan, plans };
export const planStates = ['active', 'suspended', 'expired'] as const;
export type PlanState = (typeof planStates)[number];
export const features = ['api', 'recurring'] as const;
export type Feature = (typeof features)[number];

/** Active API keys per workspace (docs/architecture.md#plans); free has no API, so no keys. */
export const defaultApiKeyLimits: Record<Plan, number> = {
  free: 0,
  professional: 3,
  specialist: 5,
  business: 10,
  enterprise: 20,
};

/** Features each plan includes (docs/architecture.md#plans: recurring from specialist up). */
export function planFeatures(plan: Plan): Feature[] {
  if (plan === 'free') return [];
  if (plan === 'professional') return ['api'];
  return ['api', 'recurring'];
}

export function isPlan(value: string): value is Plan {
  return (plans as readonly string[]).includes(value);
}

export function isPlanState(value: string): value is PlanState {
  return (planStates as readonly string[]).includes(value);
}

export function parseApiKeyLimits(json: string | undefined): Record<Plan, number> {
  if (!json) return { ...defaultApiKeyLimits };
  const parsed = JSON.parse(json) as Record<string, unknown>;
  const limits = { ...defaultApiKeyLimits };
  for (const [plan, limit] of Object.entries(parsed)) {
    if (!isPlan(plan) || !Number.isInteger(limit) || (limit as number) < 0) {
      throw new Error(`API_KEY_LIMITS: ${plan} must be a known plan with a non-negative integer limit`);
    }
    limits[plan] = limit as number;
  }
  return limits;
}

/**
 * Why a workspace on `plan` may not create another API key while `activeKeys` are active
 * (docs/architecture.md#plans), or null when it may. A workspace downgraded below its active keys
 * is refused too.
 */
export function newApiKeyRefusal(plan: Plan, limit: number, activeKeys: number): AppError | null {
  if (plan === 'free') return new AppError('forbidden', 'Creating an API key requires a paid plan.');
  if (activeKeys >= limit)
    return new AppError('application', `The ${plan} plan allows at most ${limit} active API keys. Revoke one first.`, {
      limit,
    });
  return null;
}

/** Why a workspace may not use the public API, or null when it may (docs/architecture.md#plans). */
export function apiAccessRefusal(ws: {
  plan: Plan;
  plan_state: PlanState;
  features: readonly string[];
}): string | null {
  if (ws.plan === 'free') return 'The workspace is on the free plan, which does not include API access.';
  if (ws.plan_state === 'suspended') return 'The workspace plan is suspended.';
  if (ws.plan_state === 'expired') return 'The workspace plan has expired.';
  if (!ws.features.includes('api')) return 'The workspace plan does not include API access.';
  return null;
}

/**
 * The reason a plan change takes recurring invoices away, for series to pause with
 * (docs/architecture.md#recurring paused_reason), or null when recurring stays available.
 */
export function recurringLossReason(
  before: { plan: Plan; plan_state: PlanState; features: readonly string[] },
  after: { plan: Plan; plan_state: PlanState; features: readonly string[] },
): 'plan_ended' | 'plan_downgrade' | null {
  const had = before.plan_state === 'active' && before.features.includes('recurring');
  const has = after.plan_state === 'active' && after.features.includes('recurring');
  if (!had || has) return null;
  if (after.plan_state !== 'active' || after.plan === 'free') return 'plan_ended';
  return 'plan_downgrade';
}

export function validateTimeZone(tz: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw AppError.validation([{ path: 'time_zone', message: 'must be an IANA time zone such as Asia/Jakarta' }]);
  }
}
