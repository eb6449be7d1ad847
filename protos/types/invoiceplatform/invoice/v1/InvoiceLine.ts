// Original file: protos/invoiceplatform/invoice/v1/types.proto


export interface InvoiceLine {
  'description'?: (string);
  'quantity'?: (string);
  'price'?: (string);
  'discount'?: (string);
  'unit'?: (string);
  'tax_rate'?: (string);
  'line_amount'?: (string);
  'discount_share'?: (string);
  'effective_tax_rate'?: (string);
  '_discount'?: "discount";
  '_unit'?: "unit";
  '_tax_rate'?: "tax_rate";
}

export interface InvoiceLine__Output {
  'description': (string);
  'quantity': (string);
  'price': (string);
  'discount'?: (string);
  'unit'?: (string);
  'tax_rate'?: (string);
  'line_amount': (string);
  'discount_share': (string);
  'effective_tax_rate': (string);
  '_discount'?: "discount";
  '_unit'?: "unit";
  '_tax_rate'?: "tax_rate";
}
