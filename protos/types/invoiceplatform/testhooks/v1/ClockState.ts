// Original file: protos/invoiceplatform/testhooks/v1/testhooks.proto


export interface ClockState {
  'now'?: (string);
  'frozen'?: (boolean);
}

export interface ClockState__Output {
  'now': (string);
  'frozen': (boolean);
}
