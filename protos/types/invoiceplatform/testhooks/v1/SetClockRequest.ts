// Original file: protos/invoiceplatform/testhooks/v1/testhooks.proto


export interface SetClockRequest {
  'now'?: (string);
  '_now'?: "now";
}

export interface SetClockRequest__Output {
  'now'?: (string);
  '_now'?: "now";
}
