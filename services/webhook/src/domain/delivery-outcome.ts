import type { AttemptDoc, DeliveryDoc } from './deliveries.ts';
import type { EndpointFields } from './endpoints.ts';
import { isSuccessStatus, nextAttemptAt } from './schedule.ts';

/**
 * A delivery's states (docs/architecture.md#webhooks): pending (attempt 1 due) → retrying (attempt
 * n due at next_attempt_at) → … → succeeded, or failed after attempt 8, or cancelled (its endpoint
 * disabled, deleted or re-enabled since, or its event purged). After attempt 8 the sender keeps the
 * lease until the deactivation rule has run and its notice is queued.
 */

/** What an attempt's POST came back with: a status (and an excerpt of the body), or an error. */
export interface PostResult {
  status?: number;
  durationMs: number;
  error?: string;
  excerpt?: string;
}

/** What recording an attempt sets on its delivery besides the attempt itself. */
export type AttemptOutcome = Pick<
  DeliveryDoc,
  'status' | 'attempt_count' | 'next_attempt_at' | 'first_attempt_at' | 'succeeded_at' | 'due_at' | 'updated_at'
>;

/** An attempt made, as recorded: the attempt, the delivery's next state, and whether it was the last. */
export interface AttemptRecord {
  attempt: AttemptDoc;
  outcome: AttemptOutcome;
  success: boolean;
  /** The last attempt failed: the lease is kept for the deactivation rule and its notice. */
  last: boolean;
}

/**
 * Whether the endpoint still takes the delivery: enabled, and in the epoch the delivery was made
 * for (a re-enable cancelled the retries of the epoch before).
 */
export function endpointTakes(endpoint: EndpointFields, delivery: DeliveryDoc): boolean {
  return endpoint.enabled && endpoint.enabled_epoch === delivery.endpoint_epoch;
}

/**
 * The attempt `delivery.attempt_count + 1`, made at `attemptedAt` with result `res`, and the state it
 * moves the delivery to at `now`: succeeded on a 2xx; otherwise retrying at the next scheduled time,
 * or failed after the last attempt, holding the lease `leaseMs` longer.
 */
export function attemptRecord(
  delivery: DeliveryDoc,
  res: PostResult,
  attemptedAt: Date,
  now: Date,
  leaseMs: number,
): AttemptRecord {
  const n = delivery.attempt_count + 1;
  const success = isSuccessStatus(res.status);
  const attempt: AttemptDoc = {
    number: n,
    attempted_at: attemptedAt,
    response_status: res.status ?? null,
    duration_ms: res.durationMs,
    success,
    error: success ? null : (res.error ?? statusError(res)),
    response_excerpt: res.excerpt ?? null,
  };
  const firstAttemptAt = delivery.first_attempt_at ?? attemptedAt;
  const next = success ? undefined : nextAttemptAt(n, attemptedAt);
  const last = !success && !next;
  const outcome: AttemptOutcome = {
    status: success ? 'succeeded' : next ? 'retrying' : 'failed',
    attempt_count: n,
    next_attempt_at: next ?? null,
    first_attempt_at: firstAttemptAt,
    succeeded_at: success ? attemptedAt : null,
    // After the last attempt the lease is kept for the deactivation rule and its notice.
    due_at: last ? new Date(now.getTime() + leaseMs) : (next ?? null),
    updated_at: now,
  };
  return { attempt, outcome, success, last };
}

function statusError(res: PostResult): string {
  if (res.status !== undefined && res.status >= 300 && res.status < 400) {
    return `HTTP ${res.status}: redirects are not followed`;
  }
  return `HTTP ${res.status}`;
}
