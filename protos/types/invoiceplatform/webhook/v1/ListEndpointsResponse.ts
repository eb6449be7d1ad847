// Original file: protos/invoiceplatform/webhook/v1/webhook.proto

import type { WebhookEndpoint as _invoiceplatform_webhook_v1_WebhookEndpoint, WebhookEndpoint__Output as _invoiceplatform_webhook_v1_WebhookEndpoint__Output } from '../../../invoiceplatform/webhook/v1/WebhookEndpoint.ts';

export interface ListEndpointsResponse {
  'endpoints'?: (_invoiceplatform_webhook_v1_WebhookEndpoint)[];
}

export interface ListEndpointsResponse__Output {
  'endpoints': (_invoiceplatform_webhook_v1_WebhookEndpoint__Output)[];
}
