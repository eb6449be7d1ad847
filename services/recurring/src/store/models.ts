import { type Connection, Schema } from 'mongoose';
import { processedEventModel } from '@invoice-platform/common/store/processed-events';

export interface SeriesDoc {
  _id: string;
  workspace_id: string;
  status: 'active' | 'paused' | 'completed';
  paused_reason: string | null;
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
  /** Compare-and-set of every change (common/store/versioned.ts). */
  version: number;
  created_at: Date;
  updated_at: Date;
}

const seriesSchema = new Schema<SeriesDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    status: String,
    paused_reason: { type: String, default: null },
    frequency: String,
    anchor_date: String,
    next_step: { type: Number, default: 0 },
    issue_seconds: Number,
    requested_end_date: { type: String, default: null },
    source_invoice_id: String,
    invoice_number: String,
    customer_name: String,
    customer_email: String,
    currency: String,
    amount: String,
    document_language: String,
    time_zone: String,
    due_offset_days: Number,
    version: { type: Number, default: 1 },
    created_at: Date,
    updated_at: Date,
  },
  { versionKey: false, collection: 'series', minimize: false },
);
// OpenAPI `listRecurring` list of a workspace, newest first, and its meta.total.
seriesSchema.index({ workspace_id: 1, created_at: -1, _id: -1 });
// OpenAPI `listRecurring` list filtered by status and its meta.total; the active series a plan change pauses.
seriesSchema.index({ workspace_id: 1, status: 1, created_at: -1, _id: -1 });

/**
 * One planned invoice of a series, and the scheduler's work item for it. Two clocks meet here:
 * `next_attempt_at` and `due_at` follow the service clock (the test hooks move it, a year of
 * follow-ups runs in seconds), while a lease (`lease_until`) is real time, so a dead worker's
 * occurrence is taken over after SCHEDULER_LEASE_MS whatever the service clock says.
 *
 * pending/failed ──leased (due_at ≤ now, no live lease)──▶ worked ──claim──▶ sending ──▶ sent (due_at null)
 *                                                           │                  └──▶ failed (the send failed)
 *                                                           └──▶ failed (attempts + 1, due again after the backoff)
 * A lease that runs out (its worker died or stalled) leaves the occurrence due, for the next
 * worker; only the holder of `lease_token` writes the result. `sending` is the claim of one send,
 * written right before the email is handed to SMTP: one found with its lease run out is a send
 * whose outcome nobody knows, and the next worker sends it again under the same `message_id`
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
  /** `sending` is internal: clients see it as pending (domain/series.ts). */
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
  /** The holder of the current or last lease (a scheduler worker, or a series change about to remove it); null when none. */
  lease_token: string | null;
  /** Real time the lease ends; renewed while its work lasts. */
  lease_until: Date | null;
}

const occurrenceSchema = new Schema<OccurrenceDoc>(
  {
    _id: String,
    series_id: { type: String, required: true },
    workspace_id: { type: String, required: true },
    local_date: String,
    date: Date,
    due_date: Date,
    status: String,
    sent_at: { type: Date, default: null },
    invoice_id: { type: String, default: null },
    invoice_number: { type: String, default: null },
    attempts: { type: Number, default: 0 },
    next_attempt_at: Date,
    due_at: { type: Date, default: null },
    last_error: { type: String, default: null },
    email_sent: { type: Boolean, default: false },
    message_id: { type: String, default: null },
    lease_token: { type: String, default: null },
    lease_until: { type: Date, default: null },
  },
  { versionKey: false, collection: 'occurrences', minimize: false },
);
// A series' occurrences in date order (get, list figures, changes, waking a resumed series).
occurrenceSchema.index({ series_id: 1, date: 1 });
// Whether a series has open occurrences left (completing it after its last follow-up or a skip).
occurrenceSchema.index({ series_id: 1, status: 1 });
// Scheduler pass: what is due, oldest first (sent occurrences are null, outside the range); the
// backlog gauge counts the same range.
occurrenceSchema.index({ due_at: 1 });
// invoice.lifecycle.v1 consumer: does an occurrence hold this invoice already?
occurrenceSchema.index({ invoice_id: 1 });

export function registerModels(conn: Connection) {
  return {
    Series: conn.model<SeriesDoc>('Series', seriesSchema),
    Occurrence: conn.model<OccurrenceDoc>('Occurrence', occurrenceSchema),
    ProcessedEvent: processedEventModel(conn),
  };
}

export type Models = ReturnType<typeof registerModels>;
