// Original file: protos/invoiceplatform/payment/v1/payment.proto


export interface HandleNotificationResponse {
  'http_status'?: (number);
  'content_type'?: (string);
  'body'?: (Buffer | Uint8Array | string);
  'outcome'?: (string);
  'reason'?: (string);
}

export interface HandleNotificationResponse__Output {
  'http_status': (number);
  'content_type': (string);
  'body': (Buffer);
  'outcome': (string);
  'reason': (string);
}
