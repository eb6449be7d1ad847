// Original file: protos/invoiceplatform/webhook/v1/webhook.proto

import type { WebhookEndpoint as _invoiceplatform_webhook_v1_WebhookEndpoint, WebhookEndpoint__Output as _invoiceplatform_webhook_v1_WebhookEndpoint__Output } from '../../../invoiceplatform/webhook/v1/WebhookEndpoint.ts';

export interface RotateSecretResponse {
  'endpoint'?: (_invoiceplatform_webhook_v1_WebhookEndpoint | null);
  'signing_secret'?: (string);
  'previous_secret_expires_at'?: (string);
}

export interface RotateSecretResponse__Output {
  'endpoint': (_invoiceplatform_webhook_v1_WebhookEndpoint__Output | null);
  'signing_secret': (string);
  'previous_secret_expires_at': (string);
}
