// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface ListDeliveriesRequest {
  'workspace_id'?: (string);
  'endpoint_id'?: (string);
  'event_id'?: (string);
  'event_type'?: (string);
  'status'?: (string);
  'invoice_id'?: (string);
  'page'?: (number);
  'page_size'?: (number);
  '_endpoint_id'?: "endpoint_id";
  '_event_id'?: "event_id";
  '_event_type'?: "event_type";
  '_status'?: "status";
  '_invoice_id'?: "invoice_id";
}

export interface ListDeliveriesRequest__Output {
  'workspace_id': (string);
  'endpoint_id'?: (string);
  'event_id'?: (string);
  'event_type'?: (string);
  'status'?: (string);
  'invoice_id'?: (string);
  'page': (number);
  'page_size': (number);
  '_endpoint_id'?: "endpoint_id";
  '_event_id'?: "event_id";
  '_event_type'?: "event_type";
  '_status'?: "status";
  '_invoice_id'?: "invoice_id";
}
