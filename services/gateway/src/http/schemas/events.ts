/**
 * The Kafka event contract for consumers outside the platform (docs/asyncapi.json, generated from
 * these schemas by `pnpm asyncapi`): the envelope of invoice.lifecycle.v1, workspace.v1 and recurring.v1, each
 * event type and its data. The invoice object is the contracts' EventInvoice: the same schema the
 * API's GET answers with, plus the one figure only events carry. Also the bodies the webhook
 * service POSTs to endpoints (the OpenAPI document's `webhooks`): the same events without their
 * internal fields.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { DateTimeString, StringEnum, use } from './common.ts';
import { EventInvoice } from '@invoice-platform/common/contracts/invoice';
import { CreditNote, Payment } from '@invoice-platform/common/contracts/money-trail';
import { RecurringSeriesSummary } from '@invoice-platform/common/contracts/recurring';
import {
  internalLifecycleTypes,
  moneyTrailEventTypes,
  publicLifecycleTypes,
} from '@invoice-platform/common/contracts/values';

export { internalLifecycleTypes, publicLifecycleTypes };
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
  'One change of one invoice. The four public types are what webhooks forward by default; the internal ones drive ' +
    'the platform. The same topic carries the opt-in CreditNoteCreatedEvent and PaymentRecordedEvent.',
);

const RecurringPausedData = Type.Object({ object: RecurringSeriesSummary });
const recurringPausedWords =
  'A series paused automatically because its next invoice kept being refused for the workspace’s own data ' +
  '(paused_reason follow_up_refused; paused_message names each field to fix). Webhook endpoints receive it ' +
  'only when they subscribed to recurring.paused by name.';
export const RecurringEvent = envelope(
  'RecurringEvent',
  ['recurring.paused'],
  RecurringPausedData,
  recurringPausedWords,
);

const [creditNoteCreated, paymentRecorded] = moneyTrailEventTypes;

const CreditNoteCreatedData = Type.Object({
  object: CreditNote,
  invoice: use(EventInvoice, { description: 'The corrected invoice after the note: its balance, and its status.' }),
});
const creditNoteCreatedWords =
  'A credit note issued on an invoice (docs/money-trail.md): data.object is the note as the API returns it, ' +
  'data.invoice the invoice after it. When the note brings amount_due to 0 the invoice’s own invoice.cancelled ' +
  'or invoice.paid follows. Webhook endpoints receive it only when they subscribed to credit_note.created by name.';
export const CreditNoteCreatedEvent = envelope(
  'CreditNoteCreatedEvent',
  [creditNoteCreated],
  CreditNoteCreatedData,
  creditNoteCreatedWords,
);

const PaymentRecordedData = Type.Object({
  object: use(EventInvoice, { description: 'The invoice after the payment: its balance, and its status.' }),
  payment: Payment,
});
const paymentRecordedWords =
  'A payment recorded on an invoice (docs/money-trail.md), by hand or online: data.object is the invoice after ' +
  'it, data.payment the payment as the API lists it. When it brings amount_due to 0 the invoice’s invoice.paid ' +
  'follows. Webhook endpoints receive it only when they subscribed to invoice.payment_recorded by name.';
export const PaymentRecordedEvent = envelope(
  'PaymentRecordedEvent',
  [paymentRecorded],
  PaymentRecordedData,
  paymentRecordedWords,
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

/**
 * A webhook's body (docs/architecture.md#webhooks): the event without its internal fields
 * (`workspace_id`, `sequence`), exactly the bytes the signature covers.
 */
function webhookBody(title: string, types: readonly string[], data: TSchema, description: string) {
  return Type.Object(
    {
      id: Type.String({
        description: 'Event id, also in Service-Delivery and webhook-id: drop one you have already applied.',
      }),
      object: Type.Literal('event'),
      type: StringEnum(types),
      created: DateTimeString,
      data,
    },
    { title, description },
  );
}

/** One type of event the webhook service POSTs to endpoints: the OpenAPI document's `webhooks`. */
export interface WebhookSpec {
  type: string;
  operationId: string;
  summary: string;
  description: string;
  body: TSchema;
}

const InvoiceWebhookEvent = webhookBody(
  'InvoiceWebhookEvent',
  publicLifecycleTypes,
  Type.Object({
    object: EventInvoice,
    previous_status: Type.Optional(
      Type.String({ description: 'On invoice.paid, invoice.overdue and invoice.cancelled: the status before.' }),
    ),
  }),
  'An invoice created or moved to paid, overdue or cancelled. Sent to endpoints registered without ' +
    'event_types, and to those that name the type.',
);

const invoiceWebhookWords: Record<(typeof publicLifecycleTypes)[number], string> = {
  'invoice.created': 'An invoice was created (through the API, the dashboard or a recurring series).',
  'invoice.paid':
    'An invoice became paid: by a status change, an online payment, or payments and credit notes covering it.',
  'invoice.overdue': 'An unpaid invoice passed its due date.',
  'invoice.cancelled': 'An invoice was cancelled: by a status change, or by credit notes crediting all that was due.',
};

/** Every event an endpoint can receive, in the order the OpenAPI document lists them. */
export const webhookSpecs: WebhookSpec[] = [
  ...publicLifecycleTypes.map((type) => ({
    type,
    operationId: `webhook${type
      .split(/[._]/)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('')}`,
    summary: type,
    description: invoiceWebhookWords[type],
    body: InvoiceWebhookEvent,
  })),
  {
    type: 'recurring.paused',
    operationId: 'webhookRecurringPaused',
    summary: 'recurring.paused (opt-in)',
    description: recurringPausedWords,
    body: webhookBody('RecurringPausedWebhookEvent', ['recurring.paused'], RecurringPausedData, recurringPausedWords),
  },
  {
    type: creditNoteCreated,
    operationId: 'webhookCreditNoteCreated',
    summary: 'credit_note.created (opt-in)',
    description: creditNoteCreatedWords,
    body: webhookBody(
      'CreditNoteCreatedWebhookEvent',
      [creditNoteCreated],
      CreditNoteCreatedData,
      creditNoteCreatedWords,
    ),
  },
  {
    type: paymentRecorded,
    operationId: 'webhookInvoicePaymentRecorded',
    summary: 'invoice.payment_recorded (opt-in)',
    description: paymentRecordedWords,
    body: webhookBody('PaymentRecordedWebhookEvent', [paymentRecorded], PaymentRecordedData, paymentRecordedWords),
  },
];

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
        messages: {
          invoiceLifecycleEvent: { $ref: '#/components/messages/InvoiceLifecycleEvent' },
          creditNoteCreatedEvent: { $ref: '#/components/messages/CreditNoteCreatedEvent' },
          paymentRecordedEvent: { $ref: '#/components/messages/PaymentRecordedEvent' },
        },
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
        messages: [
          { $ref: '#/channels/invoiceLifecycle/messages/invoiceLifecycleEvent' },
          { $ref: '#/channels/invoiceLifecycle/messages/creditNoteCreatedEvent' },
          { $ref: '#/channels/invoiceLifecycle/messages/paymentRecordedEvent' },
        ],
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
        CreditNoteCreatedEvent: {
          name: 'CreditNoteCreatedEvent',
          contentType: 'application/json',
          headers: traceHeaders,
          payload: plain(CreditNoteCreatedEvent),
        },
        PaymentRecordedEvent: {
          name: 'PaymentRecordedEvent',
          contentType: 'application/json',
          headers: traceHeaders,
          payload: plain(PaymentRecordedEvent),
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
