// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface ClockState {
  'now'?: (string);
  'frozen'?: (boolean);
}

export interface ClockState__Output {
  'now': (string);
  'frozen': (boolean);
}
