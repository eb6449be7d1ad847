// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface WebhookEndpoint {
  'id'?: (string);
  'workspace_id'?: (string);
  'url'?: (string);
  'event_types'?: (string)[];
  'enabled'?: (boolean);
  'disabled_reason'?: (string);
  'disabled_at'?: (string);
  'description'?: (string);
  'secret_hint'?: (string);
  'previous_secret_expires_at'?: (string);
  'last_success_at'?: (string);
  'last_failure_at'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  '_disabled_reason'?: "disabled_reason";
  '_disabled_at'?: "disabled_at";
  '_description'?: "description";
  '_previous_secret_expires_at'?: "previous_secret_expires_at";
  '_last_success_at'?: "last_success_at";
  '_last_failure_at'?: "last_failure_at";
}

export interface WebhookEndpoint__Output {
  'id': (string);
  'workspace_id': (string);
  'url': (string);
  'event_types': (string)[];
  'enabled': (boolean);
  'disabled_reason'?: (string);
  'disabled_at'?: (string);
  'description'?: (string);
  'secret_hint': (string);
  'previous_secret_expires_at'?: (string);
  'last_success_at'?: (string);
  'last_failure_at'?: (string);
  'created_at': (string);
  'updated_at': (string);
  '_disabled_reason'?: "disabled_reason";
  '_disabled_at'?: "disabled_at";
  '_description'?: "description";
  '_previous_secret_expires_at'?: "previous_secret_expires_at";
  '_last_success_at'?: "last_success_at";
  '_last_failure_at'?: "last_failure_at";
}
