// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DocumentPaymentAccount {
  'id'?: (string);
  'label'?: (string);
  'bank_name'?: (string);
  'account_name'?: (string);
  'account_number'?: (string);
}

export interface DocumentPaymentAccount__Output {
  'id': (string);
  'label': (string);
  'bank_name': (string);
  'account_name': (string);
  'account_number': (string);
}
