import { type Connection, Schema } from 'mongoose';
import { migrationModel } from '@invoice-platform/common/store/migrations';
import type { AttemptDoc, DeliveryDoc } from '../domain/deliveries.ts';
import type { EndpointFields, EndpointStats } from '../domain/endpoints.ts';
import type { EventDoc } from '../domain/events.ts';
import type { NoticeDoc } from '../domain/notices.ts';

/**
 * The webhook service's database (docs/data-layer.md: MongoDB's single-document atomicity and
 * unique indexes, nothing more):
 *   settings     one document per workspace holding its endpoints (at most 5,
 * docs/architecture.md#webhooks), changed
 *                only by compare-and-set on its `version`: the limit is checked by the same write
 *                that adds an endpoint, so racing registrations cannot pass it
 *   events       one per event id (consumer dedupe), with the body every attempt signs
 *   deliveries   one per event and endpoint (fan-out ids derived from the pair); a work item leased
 *                by the senders through `due_at` and `lease_token`, carrying its attempts, each
 *                appended once by the write that ends its sender's lease
 *   notices      one per deactivation (`${endpoint}:${epoch}`), leased like deliveries
 *   migrations   one per one-time pass over stored data that is done, read by _id at start
 */

/** A workspace's endpoints as stored; EndpointStore hands them out as domain `Endpoint`s. */
export interface SettingsDoc {
  /** The workspace id. */
  _id: string;
  version: number;
  /** Oldest first. */
  endpoints: EndpointFields[];
  /**
   * By endpoint id. Moved forward with $max by the senders without touching `version`, so results
   * never make an admin's change retry; removed with the endpoint by the same write.
   */
  stats: Record<string, Partial<EndpointStats>>;
  created_at: Date;
}

const endpointSchema = new Schema<EndpointFields>(
  {
    id: { type: String, required: true },
    url: { type: String, required: true },
    event_types: { type: [String], default: [] },
    enabled: { type: Boolean, default: true },
    enabled_epoch: { type: Number, default: 1 },
    disabled_reason: { type: String, default: null },
    disabled_at: { type: Date, default: null },
    description: { type: String, default: null },
    secret: { type: String, required: true },
    previous_secret: { type: String, default: null },
    previous_secret_expires_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { _id: false, minimize: false },
);

const statsSchema = new Schema<EndpointStats>(
  { last_success_at: { type: Date, default: null }, last_failure_at: { type: Date, default: null } },
  { _id: false },
);

const settingsSchema = new Schema<SettingsDoc>(
  {
    _id: String,
    version: { type: Number, default: 0 },
    endpoints: { type: [endpointSchema], default: [] },
    stats: { type: Map, of: statsSchema, default: {} },
    created_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'settings', minimize: false },
);
// Read only by _id (the workspace): registration, the admin API, the fan-out and each attempt.

const eventSchema = new Schema<EventDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    type: { type: String, required: true },
    invoice_id: { type: String, required: true },
    created: { type: String, required: true },
    body: { type: String, required: true },
    received_at: { type: Date, required: true },
    fanned_out: { type: Boolean, default: false },
  },
  { versionKey: false, collection: 'events' },
);
// Purge job: events received before the retention cut-off, oldest first (otherwise read by _id).
eventSchema.index({ received_at: 1 });

const attemptSchema = new Schema<AttemptDoc>(
  {
    number: { type: Number, required: true },
    attempted_at: { type: Date, required: true },
    response_status: { type: Number, default: null },
    duration_ms: { type: Number, required: true },
    success: { type: Boolean, required: true },
    error: { type: String, default: null },
    response_excerpt: { type: String, default: null },
  },
  { _id: false },
);

const deliverySchema = new Schema<DeliveryDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    endpoint_id: { type: String, required: true },
    endpoint_epoch: { type: Number, required: true },
    event_id: { type: String, required: true },
    event_type: { type: String, required: true },
    invoice_id: { type: String, required: true },
    status: { type: String, required: true },
    attempt_count: { type: Number, default: 0 },
    attempts: { type: [attemptSchema], default: [] },
    next_attempt_at: { type: Date, default: null },
    first_attempt_at: { type: Date, default: null },
    succeeded_at: { type: Date, default: null },
    resend: { type: Boolean, default: false },
    due_at: { type: Date, default: null },
    lease_token: { type: String, default: null },
    trace_headers: { type: Object },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'deliveries', minimize: false },
);
// Senders: the earliest deliveries whose due_at has come (due_at <= now, sorted, limited); each is
// then claimed by _id.
deliverySchema.index({ due_at: 1 });
// RunDueDeliveries for one workspace: its earliest deliveries whose due_at has come.
deliverySchema.index({ workspace_id: 1, due_at: 1 });
// ListDeliveries and its total: a workspace's delivery log, newest first (filters narrow it further).
deliverySchema.index({ workspace_id: 1, created_at: -1, _id: -1 });
// Disabling or deleting an endpoint cancels its open deliveries (endpoint_id, status in open), and
// the deactivation rule asks whether one succeeded since a time (endpoint_id, succeeded, succeeded_at >=).
deliverySchema.index({ endpoint_id: 1, status: 1, succeeded_at: 1 });
// Purge job: deliveries created before the retention cut-off, oldest first.
deliverySchema.index({ created_at: 1 });

const noticeSchema = new Schema<NoticeDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    endpoint_id: { type: String, required: true },
    url: { type: String, required: true },
    event_id: { type: String, required: true },
    status: { type: String, required: true },
    tries: { type: Number, default: 0 },
    due_at: { type: Date, default: null },
    lease_token: { type: String, default: null },
    sent_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'notices' },
);
// Senders: the earliest notice whose due_at has come (claimDue).
noticeSchema.index({ due_at: 1 });
// Purge job: notices created before the retention cut-off.
noticeSchema.index({ created_at: 1 });

export function registerModels(conn: Connection) {
  return {
    Settings: conn.model<SettingsDoc>('Settings', settingsSchema),
    Event: conn.model<EventDoc>('Event', eventSchema),
    Delivery: conn.model<DeliveryDoc>('Delivery', deliverySchema),
    Notice: conn.model<NoticeDoc>('Notice', noticeSchema),
    Migration: migrationModel(conn),
  };
}

export type Models = ReturnType<typeof registerModels>;
