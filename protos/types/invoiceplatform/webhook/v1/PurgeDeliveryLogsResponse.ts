// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface PurgeDeliveryLogsResponse {
  'purged_deliveries'?: (number);
  'purged_events'?: (number);
}

export interface PurgeDeliveryLogsResponse__Output {
  'purged_deliveries': (number);
  'purged_events': (number);
}
