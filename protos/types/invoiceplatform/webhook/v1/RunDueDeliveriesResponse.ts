// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface RunDueDeliveriesResponse {
  'attempted'?: (number);
  'succeeded'?: (number);
  'failed'?: (number);
  'deactivated_endpoint_ids'?: (string)[];
}

export interface RunDueDeliveriesResponse__Output {
  'attempted': (number);
  'succeeded': (number);
  'failed': (number);
  'deactivated_endpoint_ids': (string)[];
}
