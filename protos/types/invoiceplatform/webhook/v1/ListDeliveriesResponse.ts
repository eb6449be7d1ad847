// Original file: protos/invoiceplatform/webhook/v1/webhook.proto

import type { Delivery as _invoiceplatform_webhook_v1_Delivery, Delivery__Output as _invoiceplatform_webhook_v1_Delivery__Output } from '../../../invoiceplatform/webhook/v1/Delivery.ts';

export interface ListDeliveriesResponse {
  'deliveries'?: (_invoiceplatform_webhook_v1_Delivery)[];
  'total'?: (number);
}

export interface ListDeliveriesResponse__Output {
  'deliveries': (_invoiceplatform_webhook_v1_Delivery__Output)[];
  'total': (number);
}
