import { type Connection, Schema } from 'mongoose';

/**
 * The webhook service's database. Every "at most one" here is an insert under a unique `_id`,
 * the one write a MongoDB-wire server always makes atomic (FerretDB v1 applies updates as
 * read-modify-write without isolation, so no update is used as a compare-and-set):
 *   endpoint_slots   `${workspace}:${n}`          at most 5 endpoints per workspace (spec §8)
 *   endpoint_revisions `${endpoint}:${version}`   one writer per endpoint change
 *   events           event id                     each event is taken in once (consumer dedupe)
 *   deliveries       whd_ from (event, endpoint)  one delivery per event and endpoint (fan-out)
 *   claims           `${delivery}:${attempt}`     one sender per attempt (any number of replicas)
 *   attempts         `${delivery}:${attempt}`     one result per attempt
 *   notices          `${endpoint}:${epoch}`       one deactivation email per deactivation
 *   success_marks    `${endpoint}:${h|m|s}${n}`   a delivery to the endpoint succeeded in that hour/minute/second
 * Hot paths read by `_id`; the few scans (due attempts, a workspace's endpoints) go over small
 * collections, and the big ones (deliveries, attempts, events) are scanned only by admin lists
 * and the purge job.
 */

export interface EndpointState {
  workspace_id: string;
  url: string;
  event_types: string[];
  enabled: boolean;
  /** Incremented on every re-enable: deliveries of an older epoch are cancelled, failures forgotten. */
  enabled_epoch: number;
  disabled_reason: string | null;
  disabled_at: Date | null;
  description: string | null;
  /** Sealed in the database (store/secret-box.ts); EndpointStore hands it out in the clear. */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  /** The endpoint_slots number this endpoint holds. */
  slot: number;
  deleted: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The current state of an endpoint: a projection of its newest revision (version 1 is this insert). */
export interface EndpointDoc extends EndpointState {
  _id: string;
  version: number;
}

export interface EndpointRevisionDoc {
  _id: string;
  endpoint_id: string;
  version: number;
  state: EndpointState;
  created_at: Date;
}

export interface EndpointSlotDoc {
  _id: string;
  workspace_id: string;
  endpoint_id: string;
  created_at: Date;
}

/**
 * Written by delivery workers only, apart from the endpoint document, so they never race an admin
 * change. For ListEndpoints only: two results at once can leave it behind (no update is a
 * compare-and-set), so the deactivation rule reads the success marks instead.
 */
export interface EndpointStatsDoc {
  _id: string;
  last_success_at: Date | null;
  last_failure_at: Date | null;
}

export interface EventDoc {
  _id: string;
  workspace_id: string;
  type: string;
  invoice_id: string;
  /** The event's `created` (RFC 3339). */
  created: string;
  /** The spec §6.3 body, exactly as signed and sent. */
  body: string;
  received_at: Date;
  /** Set once every delivery of the fan-out exists; a redelivered event with false is fanned out again. */
  fanned_out: boolean;
}

export interface DeliveryDoc {
  _id: string;
  workspace_id: string;
  endpoint_id: string;
  endpoint_epoch: number;
  event_id: string;
  event_type: string;
  invoice_id: string;
  status: string;
  attempt_count: number;
  next_attempt_at: Date | null;
  first_attempt_at: Date | null;
  resend: boolean;
  created_at: Date;
  updated_at: Date;
}

/** An attempt waiting for its time: the small collection the retry loop scans. */
export interface DueDoc {
  _id: string;
  delivery_id: string;
  attempt: number;
  due_at: Date;
  workspace_id: string;
}

export interface ClaimDoc {
  _id: string;
  /** The delivery (or notice) the claim belongs to, for the purge job. */
  owner_id: string;
  /** Real time (never the test clock): leases measure process liveness. */
  claimed_at: Date;
  worker: string;
}

export interface AttemptDoc {
  _id: string;
  delivery_id: string;
  workspace_id: string;
  endpoint_id: string;
  number: number;
  attempted_at: Date;
  response_status: number | null;
  duration_ms: number;
  success: boolean;
  error: string | null;
  response_excerpt: string | null;
}

export interface NoticeDoc {
  _id: string;
  workspace_id: string;
  endpoint_id: string;
  url: string;
  event_id: string;
  /** pending | sent | skipped (no owner email) */
  status: string;
  tries: number;
  next_try_at: Date;
  sent_at: Date | null;
  created_at: Date;
}

const endpointStateFields = {
  workspace_id: { type: String, required: true },
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
  slot: { type: Number, required: true },
  deleted: { type: Boolean, default: false },
  created_at: { type: Date, required: true },
  updated_at: { type: Date, required: true },
};

const endpointSchema = new Schema<EndpointDoc>(
  { _id: String, version: { type: Number, default: 1 }, ...endpointStateFields },
  { versionKey: false, collection: 'endpoints', minimize: false },
);
// ListEndpoints and the fan-out: the endpoints of one workspace (at most 5).
endpointSchema.index({ workspace_id: 1, created_at: 1 });

const revisionSchema = new Schema<EndpointRevisionDoc>(
  {
    _id: String,
    endpoint_id: { type: String, required: true },
    version: { type: Number, required: true },
    state: { type: Object, required: true },
    created_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'endpoint_revisions', minimize: false },
);
// Read only by _id (`${endpoint}:${version}`, probing forward from the projection): no other index.

const slotSchema = new Schema<EndpointSlotDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    endpoint_id: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'endpoint_slots' },
);
// Read only by _id (`${workspace}:${n}`, n = 1..5) when registering: no other index.

const statsSchema = new Schema<EndpointStatsDoc>(
  { _id: String, last_success_at: { type: Date, default: null }, last_failure_at: { type: Date, default: null } },
  { versionKey: false, collection: 'endpoint_stats' },
);
// Read only by _id (the endpoint id): no other index.

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
// Purge job: events received before the retention cut-off.
eventSchema.index({ received_at: 1 });

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
    next_attempt_at: { type: Date, default: null },
    first_attempt_at: { type: Date, default: null },
    resend: { type: Boolean, default: false },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'deliveries', minimize: false },
);
// ListDeliveries: a workspace's delivery log, newest first (filters narrow it further).
deliverySchema.index({ workspace_id: 1, created_at: -1 });
// Disabling or deleting an endpoint cancels its open deliveries.
deliverySchema.index({ endpoint_id: 1, status: 1 });
// Purge job: deliveries created before the retention cut-off.
deliverySchema.index({ created_at: 1 });

const dueSchema = new Schema<DueDoc>(
  {
    _id: String,
    delivery_id: { type: String, required: true },
    attempt: { type: Number, required: true },
    due_at: { type: Date, required: true },
    workspace_id: { type: String, required: true },
  },
  { versionKey: false, collection: 'due_attempts' },
);
// The retry loop: attempts whose time has come, earliest first.
dueSchema.index({ due_at: 1 });
// Cancelling a delivery's waiting attempt.
dueSchema.index({ delivery_id: 1 });

const claimSchema = new Schema<ClaimDoc>(
  {
    _id: String,
    owner_id: { type: String, required: true },
    claimed_at: { type: Date, required: true },
    worker: { type: String, default: '' },
  },
  { versionKey: false, collection: 'claims' },
);
// Purge job: the claims of purged deliveries and notices (otherwise read only by _id).
claimSchema.index({ owner_id: 1 });

const attemptSchema = new Schema<AttemptDoc>(
  {
    _id: String,
    delivery_id: { type: String, required: true },
    workspace_id: { type: String, required: true },
    endpoint_id: { type: String, required: true },
    number: { type: Number, required: true },
    attempted_at: { type: Date, required: true },
    response_status: { type: Number, default: null },
    duration_ms: { type: Number, required: true },
    success: { type: Boolean, required: true },
    error: { type: String, default: null },
    response_excerpt: { type: String, default: null },
  },
  { versionKey: false, collection: 'attempts' },
);
// Purge job: attempts of purged deliveries (listing reads them by _id).
attemptSchema.index({ delivery_id: 1 });
// Deactivation rule: did a delivery to the endpoint succeed since a given time.
attemptSchema.index({ endpoint_id: 1, success: 1, attempted_at: 1 });

const noticeSchema = new Schema<NoticeDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    endpoint_id: { type: String, required: true },
    url: { type: String, required: true },
    event_id: { type: String, required: true },
    status: { type: String, required: true },
    tries: { type: Number, default: 0 },
    next_try_at: { type: Date, required: true },
    sent_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'notices' },
);
// The retry loop: deactivation emails not sent yet.
noticeSchema.index({ status: 1, next_try_at: 1 });

export function registerModels(conn: Connection) {
  return {
    Endpoint: conn.model<EndpointDoc>('Endpoint', endpointSchema),
    EndpointRevision: conn.model<EndpointRevisionDoc>('EndpointRevision', revisionSchema),
    EndpointSlot: conn.model<EndpointSlotDoc>('EndpointSlot', slotSchema),
    EndpointStats: conn.model<EndpointStatsDoc>('EndpointStats', statsSchema),
    Event: conn.model<EventDoc>('Event', eventSchema),
    Delivery: conn.model<DeliveryDoc>('Delivery', deliverySchema),
    Due: conn.model<DueDoc>('Due', dueSchema),
    Claim: conn.model<ClaimDoc>('Claim', claimSchema),
    Attempt: conn.model<AttemptDoc>('Attempt', attemptSchema),
    Notice: conn.model<NoticeDoc>('Notice', noticeSchema),
  };
}

export type Models = ReturnType<typeof registerModels>;
