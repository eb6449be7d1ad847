// Original file: protos/invoiceplatform/payment/v1/payment.proto


export interface StartCheckoutRequest {
  'invoice_id'?: (string);
  'return_url'?: (string);
}

export interface StartCheckoutRequest__Output {
  'invoice_id': (string);
  'return_url': (string);
}
