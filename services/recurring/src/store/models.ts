import { registerOutbox } from '@invoice-platform/common/outbox';
import { type Connection, Schema } from 'mongoose';

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
  /** Number of committed changes (the series' own compare-and-set, see commitChange). */
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
// Spec §4.8 list, newest first, optionally by status.
seriesSchema.index({ workspace_id: 1, created_at: -1 });
seriesSchema.index({ workspace_id: 1, status: 1, created_at: -1 });

export interface OccurrenceDoc {
  /** `${series}:${local_date}`: one occurrence per date, found by id on skip. */
  _id: string;
  series_id: string;
  workspace_id: string;
  local_date: string;
  date: Date;
  due_date: Date;
  status: 'pending' | 'sent' | 'failed';
  sent_at: Date | null;
  invoice_id: string | null;
  invoice_number: string | null;
  attempts: number;
  /** When the scheduler should act on it: the date itself, then the retry time after a failure. */
  next_attempt_at: Date;
  last_error: string | null;
  email_sent: boolean;
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
    last_error: { type: String, default: null },
    email_sent: { type: Boolean, default: false },
  },
  { versionKey: false, collection: 'occurrences', minimize: false },
);
// A series' occurrences in date order.
occurrenceSchema.index({ series_id: 1, date: 1 });
// Scheduler: pending or failed occurrences whose time has come.
occurrenceSchema.index({ status: 1, next_attempt_at: 1 });
// invoice.lifecycle.v1 consumer: is this invoice already an occurrence's?
occurrenceSchema.index({ invoice_id: 1 });

/**
 * The invoice an occurrence produced, learnt from invoice.lifecycle.v1 when the scheduler has not
 * recorded it (its worker died between GenerateInvoice and its own write). Kept beside the
 * occurrence, keyed by its id, rather than written into it: the scheduler is the occurrence's only
 * writer, and on FerretDB two writers of one document lose each other's fields. Readers fill it in
 * (RecurringRepository), so the series shows the invoice and it is never generated or skipped away.
 */
export interface OccurrenceInvoiceDoc {
  /** The occurrence id. */
  _id: string;
  series_id: string;
  workspace_id: string;
  invoice_id: string;
  invoice_number: string;
  at: Date;
}

const occurrenceInvoiceSchema = new Schema<OccurrenceInvoiceDoc>(
  { _id: String, series_id: String, workspace_id: String, invoice_id: String, invoice_number: String, at: Date },
  { versionKey: false, collection: 'occurrence_invoices' },
);
// Filled into a series' occurrences when they are read.
occurrenceInvoiceSchema.index({ series_id: 1 });
occurrenceInvoiceSchema.index({ invoice_id: 1 });

/**
 * A scheduler's claim on one attempt of one occurrence (`${occurrence}:a${attempt}`) or on its
 * email (`${occurrence}:email`). The insert is the lock: of several replicas exactly one succeeds.
 * Its worker deletes it when done; another replica deletes it only once no heartbeat renews it.
 */
export interface ClaimDoc {
  _id: string;
  occurrence_id: string;
  kind: 'attempt' | 'email';
  owner: string;
  at: Date;
}

const claimSchema = new Schema<ClaimDoc>(
  { _id: String, occurrence_id: String, kind: String, owner: String, at: Date },
  { versionKey: false, collection: 'scheduler_claims' },
);
// Reaper of claims whose worker died.
claimSchema.index({ at: 1 });

/**
 * A scheduler replica's heartbeat, written only by that replica: the claims it is working on now.
 * Listing a claim renews its lease, so work that outlives SCHEDULER_LEASE_MS is never taken over
 * while its replica lives.
 */
export interface HeartbeatDoc {
  /** The replica (Scheduler owner id). */
  _id: string;
  at: Date;
  claims: string[];
}

const heartbeatSchema = new Schema<HeartbeatDoc>(
  { _id: String, at: Date, claims: { type: [String], default: [] } },
  { versionKey: false, collection: 'scheduler_heartbeats' },
);
// Live replicas (staleClaims), and the clean-up of gone ones.
heartbeatSchema.index({ at: 1 });

/** workspace.v1 and invoice.lifecycle.v1 events already applied (consumers dedupe on event id). */
export interface ProcessedEventDoc {
  _id: string;
  at: Date;
}

const processedSchema = new Schema<ProcessedEventDoc>(
  { _id: String, at: Date },
  { versionKey: false, collection: 'processed_events' },
);
// Purge of ids older than the topic retention (common/processed-events.ts).
processedSchema.index({ at: 1 });

export function registerModels(conn: Connection) {
  return {
    Series: conn.model<SeriesDoc>('Series', seriesSchema),
    Occurrence: conn.model<OccurrenceDoc>('Occurrence', occurrenceSchema),
    OccurrenceInvoice: conn.model<OccurrenceInvoiceDoc>('OccurrenceInvoice', occurrenceInvoiceSchema),
    Claim: conn.model<ClaimDoc>('SchedulerClaim', claimSchema),
    Heartbeat: conn.model<HeartbeatDoc>('SchedulerHeartbeat', heartbeatSchema),
    ProcessedEvent: conn.model<ProcessedEventDoc>('ProcessedEvent', processedSchema),
    Changes: registerOutbox(conn),
  };
}

export type Models = ReturnType<typeof registerModels>;
