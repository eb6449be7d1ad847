// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface PurgeDeliveryLogsRequest {
  'now'?: (string);
  'retention_days'?: (number);
  '_now'?: "now";
  '_retention_days'?: "retention_days";
}

export interface PurgeDeliveryLogsRequest__Output {
  'now'?: (string);
  'retention_days'?: (number);
  '_now'?: "now";
  '_retention_days'?: "retention_days";
}
