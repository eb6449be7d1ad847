// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface PostalAddress {
  'line1'?: (string);
  'line2'?: (string);
  'city'?: (string);
  'postal_code'?: (string);
  'region'?: (string);
  'country'?: (string);
  '_line2'?: "line2";
  '_region'?: "region";
}

export interface PostalAddress__Output {
  'line1': (string);
  'line2'?: (string);
  'city': (string);
  'postal_code': (string);
  'region'?: (string);
  'country': (string);
  '_line2'?: "line2";
  '_region'?: "region";
}
