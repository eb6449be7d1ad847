// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface SetClockRequest {
  'now'?: (string);
  '_now'?: "now";
}

export interface SetClockRequest__Output {
  'now'?: (string);
  '_now'?: "now";
}
