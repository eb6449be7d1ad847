/** One attempt of a delivery: appended once, never changed. */
export interface AttemptDoc {
  number: number;
  attempted_at: Date;
  response_status: number | null;
  duration_ms: number;
  success: boolean;
  error: string | null;
  response_excerpt: string | null;
}

export const openStatuses = ['pending', 'retrying'];
export const settledStatuses = ['succeeded', 'failed', 'cancelled'];
/** Every status a delivery has, as ListDeliveries names them. */
export const deliveryStatuses = [...openStatuses, ...settledStatuses];

export interface DeliveryDoc {
  _id: string;
  workspace_id: string;
  endpoint_id: string;
  endpoint_epoch: number;
  event_id: string;
  event_type: string;
  invoice_id: string;
  /** pending | retrying | succeeded | failed | cancelled */
  status: string;
  attempt_count: number;
  attempts: AttemptDoc[];
  /** When the next attempt is due, as shown in the log (null once settled). */
  next_attempt_at: Date | null;
  first_attempt_at: Date | null;
  /** When the successful attempt was made: the deactivation rule's question. */
  succeeded_at: Date | null;
  resend: boolean;
  /**
   * When a sender should take the delivery next: its next attempt, or, while a sender holds it,
   * the end of the lease (a sender that died leaves it due again then). Null when no work is left.
   */
  due_at: Date | null;
  /** The claim of the sender holding the delivery; null when none does. */
  lease_token: string | null;
  /**
   * W3C trace context (traceparent, tracestate) of the fan-out or resend that opened it: its
   * attempts are spans of that trace (docs/observability.md). Absent on older deliveries.
   */
  trace_headers?: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

/** ListDeliveries' filter: a workspace's delivery log, narrowed by the fields given (empty ones are not applied). */
export interface DeliveryFilter {
  workspace_id: string;
  endpoint_id?: string;
  event_id?: string;
  event_type?: string;
  status?: string;
  invoice_id?: string;
}

/** A delivery whose due time has come, with what its lanes are counted by. */
export interface DueDelivery {
  _id: string;
  workspace_id: string;
  endpoint_id: string;
}
