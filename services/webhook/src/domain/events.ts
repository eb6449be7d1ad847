import {
  type OptInEventType,
  optInEventTypes,
  type PublicLifecycleType,
  publicLifecycleTypes,
} from '@invoice-platform/common/contracts/values';
/**
 * The types forwarded to endpoints (docs/architecture.md#webhooks): the four public ones of
 * invoice.lifecycle.v1 (the rest is internal), which an endpoint gets unless it names others, and
 * the opt-in ones (recurring.v1's recurring.paused; invoice.lifecycle.v1's credit_note.created and
 * invoice.payment_recorded), which it gets only when it names them.
 */
export const defaultEventTypes = publicLifecycleTypes;
export const publicEventTypes = [...publicLifecycleTypes, ...optInEventTypes] as const;
export type PublicEventType = PublicLifecycleType | OptInEventType;

export function isPublicEventType(type: unknown): type is PublicEventType {
  return typeof type === 'string' && (publicEventTypes as readonly string[]).includes(type);
}

/** An object of an event's JSON (Kafka, not a gRPC message): nothing in it is trusted until checked. */
export type EventJson = Record<string, unknown>;

export interface LifecycleEnvelope {
  id?: unknown;
  object?: unknown;
  type?: unknown;
  created?: unknown;
  workspace_id?: unknown;
  sequence?: unknown;
  data?: { object?: EventJson; previous_status?: unknown; invoice?: EventJson; payment?: EventJson } | null;
}

/** An event as stored once per id (consumer dedupe), with the body every attempt signs. */
export interface EventDoc {
  _id: string;
  workspace_id: string;
  type: string;
  /**
   * The object the event is about: the invoice (of a credit_note.created too, so an invoice's
   * delivery logs list its notes), or the series of a recurring.* event.
   */
  invoice_id: string;
  /** The event's `created` (RFC 3339). */
  created: string;
  /** The docs/architecture.md#webhooks body, exactly as signed and sent. */
  body: string;
  received_at: Date;
  /** Set once every delivery of the fan-out exists; a redelivered event with false is fanned out again. */
  fanned_out: boolean;
}

export interface PublicEvent {
  id: string;
  type: PublicEventType;
  workspaceId: string;
  invoiceId: string;
  created: string;
  /**
   * The docs/architecture.md#webhooks body, serialized once: every attempt and resend signs these
   * exact bytes.
   */
  body: string;
}

/** An object of an event's data with a string id, else undefined. */
function withId(value: unknown): (EventJson & { id: string }) | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const id = (value as EventJson).id;
  return typeof id === 'string' && id ? (value as EventJson & { id: string }) : undefined;
}

/**
 * The docs/architecture.md#webhooks envelope of a lifecycle event: `{id, object, type, created,
 * data: {object, previous_status?}}`, or for the money trail's `{object: CreditNote, invoice}`
 * (credit_note.created) and `{object: invoice, payment: Payment}` (invoice.payment_recorded).
 * `workspace_id` and `sequence` stay internal (docs/contracts.md §5.2); previous_status only on
 * status events. Undefined for internal types and malformed events.
 */
export function toPublicEvent(event: LifecycleEnvelope): PublicEvent | undefined {
  if (!isPublicEventType(event.type)) return undefined;
  const object = withId(event.data?.object);
  if (
    typeof event.id !== 'string' ||
    !event.id ||
    typeof event.workspace_id !== 'string' ||
    !event.workspace_id ||
    typeof event.created !== 'string' ||
    !object
  ) {
    return undefined;
  }
  const data: EventJson = { object };
  let about = object.id;
  if (event.type === 'credit_note.created') {
    const invoice = withId(event.data?.invoice);
    if (!invoice) return undefined;
    data.invoice = invoice;
    about = invoice.id;
  } else if (event.type === 'invoice.payment_recorded') {
    const payment = withId(event.data?.payment);
    if (!payment) return undefined;
    data.payment = payment;
  } else if (event.type !== 'invoice.created' && typeof event.data?.previous_status === 'string') {
    data.previous_status = event.data.previous_status;
  }
  const envelope = { id: event.id, object: 'event', type: event.type, created: event.created, data };
  return {
    id: event.id,
    type: event.type,
    workspaceId: event.workspace_id,
    invoiceId: about,
    created: event.created,
    body: JSON.stringify(envelope),
  };
}

/**
 * Empty means the four public lifecycle types (RegisterEndpointRequest.event_types), never an
 * opt-in one; unknown names are refused.
 */
export function normaliseEventTypes(types: string[] | undefined): { types: PublicEventType[]; unknown: string[] } {
  const given = [...new Set((types ?? []).map((t) => t.trim()).filter(Boolean))];
  if (given.length === 0) return { types: [...defaultEventTypes], unknown: [] };
  return {
    types: publicEventTypes.filter((t) => given.includes(t)),
    unknown: given.filter((t) => !isPublicEventType(t)),
  };
}
