// Original file: protos/invoiceplatform/payment/v1/payment.proto


export interface StartCheckoutResponse {
  'redirect_url'?: (string);
  'provider'?: (string);
  'reused'?: (boolean);
}

export interface StartCheckoutResponse__Output {
  'redirect_url': (string);
  'provider': (string);
  'reused': (boolean);
}
