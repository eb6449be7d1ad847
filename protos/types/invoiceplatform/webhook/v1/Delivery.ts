// Original file: protos/invoiceplatform/webhook/v1/webhook.proto

import type { DeliveryAttempt as _invoiceplatform_webhook_v1_DeliveryAttempt, DeliveryAttempt__Output as _invoiceplatform_webhook_v1_DeliveryAttempt__Output } from '../../../invoiceplatform/webhook/v1/DeliveryAttempt.ts';

export interface Delivery {
  'id'?: (string);
  'workspace_id'?: (string);
  'endpoint_id'?: (string);
  'event_id'?: (string);
  'event_type'?: (string);
  'invoice_id'?: (string);
  'status'?: (string);
  'attempt_count'?: (number);
  'next_attempt_at'?: (string);
  'resend'?: (boolean);
  'attempts'?: (_invoiceplatform_webhook_v1_DeliveryAttempt)[];
  'created_at'?: (string);
  'updated_at'?: (string);
  '_next_attempt_at'?: "next_attempt_at";
}

export interface Delivery__Output {
  'id': (string);
  'workspace_id': (string);
  'endpoint_id': (string);
  'event_id': (string);
  'event_type': (string);
  'invoice_id': (string);
  'status': (string);
  'attempt_count': (number);
  'next_attempt_at'?: (string);
  'resend': (boolean);
  'attempts': (_invoiceplatform_webhook_v1_DeliveryAttempt__Output)[];
  'created_at': (string);
  'updated_at': (string);
  '_next_attempt_at'?: "next_attempt_at";
}
