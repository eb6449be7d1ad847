// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface DocumentParty {
  'name'?: (string);
  'email'?: (string);
  'tax_id'?: (string);
  'address_lines'?: (string)[];
  '_email'?: "email";
  '_tax_id'?: "tax_id";
}

export interface DocumentParty__Output {
  'name': (string);
  'email'?: (string);
  'tax_id'?: (string);
  'address_lines': (string)[];
  '_email'?: "email";
  '_tax_id'?: "tax_id";
}
