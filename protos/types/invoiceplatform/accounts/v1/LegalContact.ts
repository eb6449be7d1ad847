// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface LegalContact {
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  '_name'?: "name";
  '_email'?: "email";
  '_phone'?: "phone";
}

export interface LegalContact__Output {
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  '_name'?: "name";
  '_email'?: "email";
  '_phone'?: "phone";
}
