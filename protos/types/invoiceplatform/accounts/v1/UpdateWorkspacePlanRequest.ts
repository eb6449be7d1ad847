// Original file: protos/invoiceplatform/accounts/v1/accounts.proto


export interface UpdateWorkspacePlanRequest {
  'workspace_id'?: (string);
  'plan'?: (string);
  'plan_state'?: (string);
  '_plan'?: "plan";
  '_plan_state'?: "plan_state";
}

export interface UpdateWorkspacePlanRequest__Output {
  'workspace_id': (string);
  'plan'?: (string);
  'plan_state'?: (string);
  '_plan'?: "plan";
  '_plan_state'?: "plan_state";
}
