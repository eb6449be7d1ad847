// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface SetClockRequest {
  'now'?: (string);
  '_now'?: "now";
}

export interface SetClockRequest__Output {
  'now'?: (string);
  '_now'?: "now";
}
