// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface ClockState {
  'now'?: (string);
  'frozen'?: (boolean);
}

export interface ClockState__Output {
  'now': (string);
  'frozen': (boolean);
}
