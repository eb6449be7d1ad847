// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface DeliveryAttempt {
  'number'?: (number);
  'attempted_at'?: (string);
  'response_status'?: (number);
  'duration_ms'?: (number);
  'success'?: (boolean);
  'error'?: (string);
  'response_excerpt'?: (string);
  '_response_status'?: "response_status";
  '_error'?: "error";
  '_response_excerpt'?: "response_excerpt";
}

export interface DeliveryAttempt__Output {
  'number': (number);
  'attempted_at': (string);
  'response_status'?: (number);
  'duration_ms': (number);
  'success': (boolean);
  'error'?: (string);
  'response_excerpt'?: (string);
  '_response_status'?: "response_status";
  '_error'?: "error";
  '_response_excerpt'?: "response_excerpt";
}
