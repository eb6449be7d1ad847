// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface DeleteEndpointResponse {
  'deleted'?: (boolean);
  'cancelled_deliveries'?: (number);
}

export interface DeleteEndpointResponse__Output {
  'deleted': (boolean);
  'cancelled_deliveries': (number);
}
