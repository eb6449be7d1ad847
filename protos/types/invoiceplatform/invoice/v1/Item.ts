// Original file: protos/invoiceplatform/invoice/v1/types.proto


export interface Item {
  'description'?: (string);
  'quantity'?: (string);
  'price'?: (string);
  'discount'?: (string);
  'unit'?: (string);
  'tax_rate'?: (string);
  '_discount'?: "discount";
  '_unit'?: "unit";
  '_tax_rate'?: "tax_rate";
}

export interface Item__Output {
  'description': (string);
  'quantity': (string);
  'price': (string);
  'discount'?: (string);
  'unit'?: (string);
  'tax_rate'?: (string);
  '_discount'?: "discount";
  '_unit'?: "unit";
  '_tax_rate'?: "tax_rate";
}
