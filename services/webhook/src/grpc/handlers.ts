import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { iso } from '@invoice-platform/common/contracts/wire';
import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { Delivery } from '@invoice-platform/protos/invoiceplatform/webhook/v1/Delivery';
import type { DeliveryAttempt } from '@invoice-platform/protos/invoiceplatform/webhook/v1/DeliveryAttempt';
import type { WebhookEndpoint } from '@invoice-platform/protos/invoiceplatform/webhook/v1/WebhookEndpoint';
import type { WebhookServiceDefinition } from '@invoice-platform/protos/invoiceplatform/webhook/v1/WebhookService';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@invoice-platform/common/paging';
import { type AttemptDoc, type DeliveryDoc, deliveryStatuses } from '../domain/deliveries.ts';
import type { Endpoint } from '../domain/endpoints.ts';
import { isPublicEventType, publicEventTypes } from '../domain/events.ts';
import { secretHint } from '../domain/signing.ts';
import type { ServiceClock } from '@invoice-platform/common/clock';
import type { DeliveryLogs } from '../service/delivery-logs.ts';
import type { DeliveryDispatcher } from '../service/dispatcher.ts';
import type { EndpointService } from '../service/endpoints.ts';
import type { EventResend } from '../service/resend.ts';

export interface HandlerDeps {
  endpoints: EndpointService;
  resend: EventResend;
  logs: DeliveryLogs;
  dispatcher: DeliveryDispatcher;
  clock: ServiceClock;
  retentionDays: number;
}

function encodeEndpoint(e: Endpoint, now: Date): WebhookEndpoint {
  const overlap = e.previous_secret && e.previous_secret_expires_at && e.previous_secret_expires_at > now;
  return {
    id: e.id,
    workspace_id: e.workspace_id,
    url: e.url,
    event_types: e.event_types,
    enabled: e.enabled,
    disabled_reason: e.enabled ? undefined : (e.disabled_reason ?? undefined),
    disabled_at: e.enabled ? undefined : iso(e.disabled_at),
    description: e.description ?? undefined,
    secret_hint: secretHint(e.secret),
    previous_secret_expires_at: overlap ? iso(e.previous_secret_expires_at) : undefined,
    last_success_at: iso(e.last_success_at),
    last_failure_at: iso(e.last_failure_at),
    created_at: iso(e.created_at),
    updated_at: iso(e.updated_at),
  };
}

function encodeAttempt(a: AttemptDoc): DeliveryAttempt {
  return {
    number: a.number,
    attempted_at: iso(a.attempted_at),
    response_status: a.response_status ?? undefined,
    duration_ms: a.duration_ms,
    success: a.success,
    error: a.error ?? undefined,
    response_excerpt: a.response_excerpt ?? undefined,
  };
}

function encodeDelivery(d: DeliveryDoc): Delivery {
  const open = d.status === 'pending' || d.status === 'retrying';
  return {
    id: d._id,
    workspace_id: d.workspace_id,
    endpoint_id: d.endpoint_id,
    event_id: d.event_id,
    event_type: d.event_type,
    invoice_id: d.invoice_id,
    status: d.status,
    attempt_count: d.attempt_count,
    next_attempt_at: open ? iso(d.next_attempt_at) : undefined,
    resend: d.resend,
    attempts: d.attempts.map(encodeAttempt),
    created_at: iso(d.created_at),
    updated_at: iso(d.updated_at),
  };
}

function requireIds(fields: Record<string, string | undefined>): void {
  const errors: FieldError[] = [];
  for (const [path, value] of Object.entries(fields)) {
    if (!value || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) errors.push({ path, message: 'is required (an id)' });
  }
  if (errors.length > 0) throw AppError.validation(errors);
}

export function webhookHandlers(deps: HandlerDeps): TypedHandlers<WebhookServiceDefinition> {
  const { endpoints, resend, logs, dispatcher, clock } = deps;

  return {
    async RegisterEndpoint(req) {
      const { endpoint, secret } = await endpoints.register(req);
      return { endpoint: encodeEndpoint(endpoint, clock.now()), signing_secret: secret };
    },

    async ListEndpoints(req) {
      requireIds({ workspace_id: req.workspace_id });
      const now = clock.now();
      return { endpoints: (await endpoints.list(req.workspace_id)).map((v) => encodeEndpoint(v, now)) };
    },

    async SetEndpointEnabled(req) {
      requireIds({ workspace_id: req.workspace_id, endpoint_id: req.endpoint_id });
      return encodeEndpoint(
        await endpoints.setEnabled(req.workspace_id, req.endpoint_id, req.enabled === true),
        clock.now(),
      );
    },

    async RotateSecret(req) {
      requireIds({ workspace_id: req.workspace_id, endpoint_id: req.endpoint_id });
      const { endpoint, secret, expiresAt } = await endpoints.rotate(req.workspace_id, req.endpoint_id);
      return {
        endpoint: encodeEndpoint(endpoint, clock.now()),
        signing_secret: secret,
        previous_secret_expires_at: expiresAt.toISOString(),
      };
    },

    async DeleteEndpoint(req) {
      requireIds({ workspace_id: req.workspace_id, endpoint_id: req.endpoint_id });
      const { cancelled } = await endpoints.delete(req.workspace_id, req.endpoint_id);
      return { deleted: true, cancelled_deliveries: cancelled };
    },

    async ListDeliveries(req) {
      requireIds({ workspace_id: req.workspace_id });
      const errors: FieldError[] = [];
      if (req.event_type && !isPublicEventType(req.event_type))
        errors.push({ path: 'event_type', message: `must be one of: ${publicEventTypes.join(', ')}` });
      if (req.status && !deliveryStatuses.includes(req.status))
        errors.push({ path: 'status', message: `must be one of ${deliveryStatuses.join(', ')}` });
      // Out of bounds is refused here, not clamped: the admin API names the field.
      const page = req.page || 1;
      const pageSize = req.page_size || DEFAULT_PAGE_SIZE;
      if (page < 1) errors.push({ path: 'page', message: 'must be at least 1' });
      if (pageSize < 1 || pageSize > MAX_PAGE_SIZE)
        errors.push({ path: 'page_size', message: `must be 1 to ${MAX_PAGE_SIZE}` });
      if (errors.length > 0) throw AppError.validation(errors);
      const { items, total } = await logs.list(
        {
          workspace_id: req.workspace_id,
          endpoint_id: req.endpoint_id,
          event_id: req.event_id,
          event_type: req.event_type,
          status: req.status,
          invoice_id: req.invoice_id,
        },
        { page, pageSize },
      );
      return { deliveries: items.map(encodeDelivery), total };
    },

    async ResendEvent(req) {
      requireIds({ workspace_id: req.workspace_id, event_id: req.event_id });
      const made = await resend.resend(req.workspace_id, req.event_id, req.endpoint_id || undefined);
      return { deliveries: made.map(encodeDelivery) };
    },

    async PurgeDeliveryLogs() {
      // docs/architecture.md#webhooks keeps logs 30 days: another time or a shorter retention is
      // the tests' alone (grpc/test-hooks.ts), never an admin's choice.
      const purged = await logs.purge(clock.now(), deps.retentionDays);
      return { purged_deliveries: purged.deliveries, purged_events: purged.events };
    },

    async RunDueDeliveries(req) {
      const res = await dispatcher.runDue(req.workspace_id || undefined);
      return {
        attempted: res.attempted,
        succeeded: res.succeeded,
        failed: res.failed,
        deactivated_endpoint_ids: res.deactivated,
      };
    },
  };
}
