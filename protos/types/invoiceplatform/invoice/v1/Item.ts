// Original file: protos/invoiceplatform/invoice/v1/types.proto


export interface Item {
  'description'?: (string);
  'quantity'?: (string);
  'price'?: (string);
  'discount'?: (string);
  'unit'?: (string);
  'tax_rate'?: (string);
  'unit_code'?: (string);
  'tax_category'?: (string);
  'tax_exemption_reason'?: (string);
  '_discount'?: "discount";
  '_unit'?: "unit";
  '_tax_rate'?: "tax_rate";
  '_unit_code'?: "unit_code";
  '_tax_category'?: "tax_category";
  '_tax_exemption_reason'?: "tax_exemption_reason";
}

export interface Item__Output {
  'description': (string);
  'quantity': (string);
  'price': (string);
  'discount'?: (string);
  'unit'?: (string);
  'tax_rate'?: (string);
  'unit_code'?: (string);
  'tax_category'?: (string);
  'tax_exemption_reason'?: (string);
  '_discount'?: "discount";
  '_unit'?: "unit";
  '_tax_rate'?: "tax_rate";
  '_unit_code'?: "unit_code";
  '_tax_category'?: "tax_category";
  '_tax_exemption_reason'?: "tax_exemption_reason";
}
