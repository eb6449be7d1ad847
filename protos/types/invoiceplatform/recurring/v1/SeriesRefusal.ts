// Original file: protos/invoiceplatform/recurring/v1/recurring.proto


export interface SeriesRefusal {
  'series_id'?: (string);
  'customer_name'?: (string);
  'message'?: (string);
}

export interface SeriesRefusal__Output {
  'series_id': (string);
  'customer_name': (string);
  'message': (string);
}
