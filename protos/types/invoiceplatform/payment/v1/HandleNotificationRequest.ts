// Original file: protos/invoiceplatform/payment/v1/payment.proto

import type { Header as _invoiceplatform_payment_v1_Header, Header__Output as _invoiceplatform_payment_v1_Header__Output } from '../../../invoiceplatform/payment/v1/Header.ts';

export interface HandleNotificationRequest {
  'provider'?: (string);
  'body'?: (Buffer | Uint8Array | string);
  'headers'?: (_invoiceplatform_payment_v1_Header)[];
  'query'?: (string);
  'client_ip'?: (string);
}

export interface HandleNotificationRequest__Output {
  'provider': (string);
  'body': (Buffer);
  'headers': (_invoiceplatform_payment_v1_Header__Output)[];
  'query': (string);
  'client_ip': (string);
}
