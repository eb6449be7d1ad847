/**
 * The records of a series and its occurrences, as the store keeps them (store/models.ts holds
 * their schemas and indexes, and the scheduler's lease on an occurrence beside these fields).
 */

/** One line of a series' content, as a generate takes it (invoice.v1 Item): decimal text. */
export interface ContentItem {
  description: string;
  quantity: string;
  price: string;
  discount?: string;
  unit?: string;
  tax_rate?: string;
  /** E-invoice fields of the line (docs/e-invoicing.md). */
  unit_code?: string;
  tax_category?: string;
  tax_exemption_reason?: string;
}

/** The content of a follow-up an operator can edit (recurring.v1 SeriesContent). */
export interface SeriesContent {
  customer_name: string;
  customer_email: string;
  items: ContentItem[];
  currency: string;
  tax_rate: string;
  discount_total: string;
  notes: string | null;
  document_language: string;
}

export interface SeriesDoc {
  _id: string;
  workspace_id: string;
  /**
   * `deleted` is the soft delete (domain/series-deletion.ts): the record stays for the invoices
   * that name it, but no client reads it and the scheduler makes nothing more for it.
   */
  status: 'active' | 'paused' | 'completed' | 'deleted';
  paused_reason: string | null;
  /** Why follow-ups were refused when that paused the series (follow_up_refused); null (or absent) otherwise. */
  paused_message?: string | null;
  /**
   * The owner's notice of an automatic pause for refused follow-ups: `pending` from the pause's
   * write until the email is handed to SMTP (a crash in between is sent again by a later pass).
   */
  pause_notice?: 'pending' | 'sent' | null;
  frequency: string;
  /** Local date occurrence dates step from (the first issue date, or a frequency change's start). */
  anchor_date: string;
  /** The step after the last planned occurrence of the current schedule: where an extension continues. */
  next_step: number;
  /** Seconds past local midnight of the first issue: follow-ups are issued at the same time of day. */
  issue_seconds: number;
  /** The end the client asked for (recurring_end_date / extend / frequency end_date), if any. */
  requested_end_date: string | null;
  source_invoice_id: string;
  invoice_number: string;
  customer_name: string;
  customer_email: string;
  currency: string;
  amount: string;
  document_language: string;
  time_zone: string;
  due_offset_days: number;
  /**
   * What follow-ups are made from once an operator edited it (domain/series-content.ts); null
   * (or absent, in a series stored before edits existed) while they copy the first invoice.
   */
  content?: SeriesContent | null;
  /** When the series was deleted; null (or absent) while it is not. */
  deleted_at?: Date | null;
  /** Compare-and-set of every change (common/store/versioned.ts). */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * One planned invoice of a series, and the scheduler's work item for it. Two clocks meet here:
 * `next_attempt_at` and `due_at` follow the service clock (the test hooks move it, a year of
 * follow-ups runs in seconds), while the scheduler's lease on it (store/models.ts) is real time,
 * so a dead worker's occurrence is taken over after SCHEDULER_LEASE_MS whatever the service clock
 * says.
 *
 * pending/failed ──leased (due_at ≤ now, no live lease)──▶ worked ──claim──▶ sending ──▶ sent (due_at null)
 *                                                           │                  └──▶ failed (the send failed)
 *                                                           └──▶ failed (attempts + 1, due again after the backoff)
 * A lease that runs out (its worker died or stalled) leaves the occurrence due, for the next
 * worker; only the lease's holder writes the result. `sending` is the claim of one send, written
 * right before the email is handed to SMTP: one found with its lease run out is a send whose
 * outcome nobody knows, and the next worker sends it again under the same `message_id`
 * (at-least-once, docs/architecture.md#mail).
 */
export interface OccurrenceDoc {
  /** `${series}:${local_date}`: one occurrence per date, found by id on skip. */
  _id: string;
  series_id: string;
  workspace_id: string;
  local_date: string;
  date: Date;
  due_date: Date;
  /** `sending` is internal: clients see it as pending (domain/series-view.ts). */
  status: 'pending' | 'sending' | 'sent' | 'failed';
  sent_at: Date | null;
  /** Written by the worker that generated it, or from invoice.lifecycle.v1 if that worker died first. */
  invoice_id: string | null;
  invoice_number: string | null;
  attempts: number;
  /**
   * When the occurrence is to be worked on: its date, then the retry time after a failure (OpenAPI
   * `RecurringOccurrence`).
   */
  next_attempt_at: Date;
  /**
   * When the scheduler looks at it next: next_attempt_at while it is open, later while its series
   * is not active (snoozed, so a pass reads only what it can work on), null once sent.
   */
  due_at: Date | null;
  last_error: string | null;
  email_sent: boolean;
  /** The Message-ID of its email, fixed by the first claim to send it and kept by every send after it. */
  message_id: string | null;
}
