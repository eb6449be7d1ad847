/**
 * The Kafka event contract for consumers outside the platform (docs/asyncapi.json, generated from
 * these schemas by `pnpm asyncapi`): the envelope of invoice.lifecycle.v1, workspace.v1 and recurring.v1, each
 * event type and its data. The invoice object is the contracts' EventInvoice: the same schema the
 * API's GET answers with, plus the three figures only events carry.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { DateTimeString, StringEnum } from './common.ts';
import { EventInvoice } from '@invoice-platform/common/contracts/invoice';
import { RecurringSeriesSummary } from '@invoice-platform/common/contracts/recurring';
import { optInEventTypes, publicLifecycleTypes } from '@invoice-platform/common/contracts/values';

export { publicLifecycleTypes };
export const internalLifecycleTypes = ['invoice.status_changed', 'invoice.archived', 'invoice.pdf_updated'] as const;
export const workspaceEventTypes = [
  'workspace.created',
  'workspace.updated',
  'api_key.created',
  'api_key.revoked',
] as const;

function envelope(title: string, types: readonly string[], data: TSchema, description: string) {
  return Type.Object(
    {
      id: Type.String({ description: 'Event id: consumers drop one they have already applied.' }),
      object: Type.Literal('event'),
      type: StringEnum(types),
      created: DateTimeString,
      workspace_id: Type.String(),
      sequence: Type.Integer({
        minimum: 1,
        description: 'Per key (invoice, workspace or API key): a consumer drops an event older than one it applied.',
      }),
      data,
    },
    { title, description },
  );
}

export const LifecycleEvent = envelope(
  'InvoiceLifecycleEvent',
  [...publicLifecycleTypes, ...internalLifecycleTypes],
  Type.Object({
    object: EventInvoice,
    previous_status: Type.Optional(Type.String({ description: 'On status moves: the status before.' })),
  }),
  'One change of one invoice. The four public types are what webhooks forward; the internal ones drive the platform.',
);

export const RecurringEvent = envelope(
  'RecurringEvent',
  optInEventTypes,
  Type.Object({ object: RecurringSeriesSummary }),
  'A series paused automatically because its next invoice kept being refused for the workspace’s own data ' +
    '(paused_reason follow_up_refused; paused_message names each field to fix). Webhook endpoints receive it ' +
    'only when they subscribed to recurring.paused by name.',
);

const WorkspaceProfile = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    plan_state: Type.String(),
    time_zone: Type.String(),
    features: Type.Array(Type.String()),
    version: Type.Integer(),
  },
  { title: 'WorkspaceProfile' },
);

export const WorkspaceEvent = envelope(
  'WorkspaceEvent',
  workspaceEventTypes,
  Type.Union([
    Type.Object(
      {
        workspace: WorkspaceProfile,
        previous_plan: Type.Optional(Type.String()),
        previous_plan_state: Type.Optional(Type.String()),
        reason: Type.Optional(StringEnum(['plan_ended', 'plan_downgrade'] as const)),
      },
      { title: 'WorkspaceChange' },
    ),
    Type.Object({ workspace_id: Type.String(), key_id: Type.String() }, { title: 'ApiKeyChange' }),
  ]),
  'A workspace created or changed (plan, state, features, or its legal profile, which the event does ' +
    'not carry: read it again), or one of its API keys created or revoked.',
);

/** Strips TypeBox's symbols, leaving the JSON Schema the document carries. */
function plain(schema: TSchema): unknown {
  return JSON.parse(JSON.stringify(schema));
}

const traceHeaders = {
  type: 'object',
  description: 'W3C trace context of the change that wrote the event, when there was one.',
  properties: { traceparent: { type: 'string' }, tracestate: { type: 'string' } },
};

export function buildAsyncApi(version: string): Record<string, unknown> {
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Invoice platform events',
      version,
      description:
        'Events on Kafka, JSON values. Delivery is at least once: an event may arrive again with the same id. ' +
        'Order holds per key (one invoice, one workspace, one series), not across keys; use `sequence` to drop a stale one.',
    },
    defaultContentType: 'application/json',
    channels: {
      invoiceLifecycle: {
        address: 'invoice.lifecycle.v1',
        description: 'Key: the invoice id. Written through each change’s outbox, so none is lost.',
        messages: { invoiceLifecycleEvent: { $ref: '#/components/messages/InvoiceLifecycleEvent' } },
      },
      workspace: {
        address: 'workspace.v1',
        description: 'Key: the workspace id.',
        messages: { workspaceEvent: { $ref: '#/components/messages/WorkspaceEvent' } },
      },
      recurring: {
        address: 'recurring.v1',
        description: 'Key: the series id. Written through each change’s outbox, so none is lost.',
        messages: { recurringEvent: { $ref: '#/components/messages/RecurringEvent' } },
      },
    },
    operations: {
      receiveInvoiceLifecycle: {
        action: 'receive',
        channel: { $ref: '#/channels/invoiceLifecycle' },
        messages: [{ $ref: '#/channels/invoiceLifecycle/messages/invoiceLifecycleEvent' }],
      },
      receiveWorkspace: {
        action: 'receive',
        channel: { $ref: '#/channels/workspace' },
        messages: [{ $ref: '#/channels/workspace/messages/workspaceEvent' }],
      },
      receiveRecurring: {
        action: 'receive',
        channel: { $ref: '#/channels/recurring' },
        messages: [{ $ref: '#/channels/recurring/messages/recurringEvent' }],
      },
    },
    components: {
      messages: {
        InvoiceLifecycleEvent: {
          name: 'InvoiceLifecycleEvent',
          contentType: 'application/json',
          headers: traceHeaders,
          payload: plain(LifecycleEvent),
        },
        WorkspaceEvent: {
          name: 'WorkspaceEvent',
          contentType: 'application/json',
          headers: traceHeaders,
          payload: plain(WorkspaceEvent),
        },
        RecurringEvent: {
          name: 'RecurringEvent',
          contentType: 'application/json',
          headers: traceHeaders,
          payload: plain(RecurringEvent),
        },
      },
    },
  };
}
