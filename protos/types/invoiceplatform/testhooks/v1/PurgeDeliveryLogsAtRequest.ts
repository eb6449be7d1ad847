// Original file: protos/invoiceplatform/testhooks/v1/testhooks.proto


export interface PurgeDeliveryLogsAtRequest {
  'now'?: (string);
  'retention_days'?: (number);
  '_now'?: "now";
  '_retention_days'?: "retention_days";
}

export interface PurgeDeliveryLogsAtRequest__Output {
  'now'?: (string);
  'retention_days'?: (number);
  '_now'?: "now";
  '_retention_days'?: "retention_days";
}
