import type { LeasedUntil } from '@invoice-platform/common/store/leases';
import { addOutbox } from '@invoice-platform/common/store/outbox';
import { processedEventModel } from '@invoice-platform/common/store/processed-events';
import { type Connection, Schema } from 'mongoose';
import type { ContentItem, OccurrenceDoc, SeriesContent, SeriesDoc } from '../domain/records.ts';

const contentItemSchema = new Schema<ContentItem>(
  {
    description: String,
    quantity: String,
    price: String,
    discount: String,
    unit: String,
    tax_rate: String,
    unit_code: String,
    tax_category: String,
    tax_exemption_reason: String,
  },
  { _id: false },
);

const contentSchema = new Schema<SeriesContent>(
  {
    customer_name: String,
    customer_email: String,
    items: [contentItemSchema],
    currency: String,
    tax_rate: String,
    discount_total: String,
    notes: { type: String, default: null },
    document_language: String,
  },
  { _id: false },
);

const seriesSchema = new Schema<SeriesDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    status: String,
    paused_reason: { type: String, default: null },
    paused_message: { type: String, default: null },
    pause_notice: { type: String, default: null },
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
    content: { type: contentSchema, default: null },
    deleted_at: { type: Date, default: null },
    version: { type: Number, default: 1 },
    created_at: Date,
    updated_at: Date,
  },
  { versionKey: false, collection: 'series', minimize: false },
);
// recurring.v1 events (recurring.paused) wait in the series' outbox until the relay publishes them.
addOutbox(seriesSchema);
// OpenAPI `listRecurring` list of a workspace, newest first, and its meta.total (deleted series,
// few, are filtered after the indexed part).
seriesSchema.index({ workspace_id: 1, created_at: -1, _id: -1 });
// Pause notices a crash left unsent (service/refused-follow-ups.ts); nearly every series has none.
seriesSchema.index({ pause_notice: 1, updated_at: 1 });
// OpenAPI `listRecurring` list filtered by status and its meta.total; the active series a plan change pauses.
seriesSchema.index({ workspace_id: 1, status: 1, created_at: -1, _id: -1 });

/**
 * An occurrence as stored: its record (domain/records.ts) and the lease a scheduler worker, or a
 * series change about to remove it, holds on it (common/store/leases.ts, `LeasedUntil`). The lease
 * is real time (`lease_until`), apart from `due_at` on the service clock, so a dead worker's
 * occurrence is taken over after SCHEDULER_LEASE_MS whatever the service clock says; `lease_token`
 * is the holder of the current or last lease, null when none.
 */
export type StoredOccurrence = OccurrenceDoc & LeasedUntil;

const occurrenceSchema = new Schema<StoredOccurrence>(
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
    Occurrence: conn.model<StoredOccurrence>('Occurrence', occurrenceSchema),
    ProcessedEvent: processedEventModel(conn),
  };
}

export type Models = ReturnType<typeof registerModels>;
