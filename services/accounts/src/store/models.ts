import { type OutboxEntry, outboxFields } from '@invoice-platform/common/outbox';
import { type Connection, Schema } from 'mongoose';

export interface WorkspaceDoc {
  _id: string;
  name: string;
  plan: string;
  plan_state: string;
  time_zone: string;
  features: string[];
  owner_email: string;
  active_key_count: number;
  version: number;
  created_at: Date;
  updated_at: Date;
  outbox?: OutboxEntry[];
  outbox_pending?: boolean;
}

export interface ApiKeyDoc {
  _id: string;
  workspace_id: string;
  name: string;
  prefix: string;
  hash: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  outbox?: OutboxEntry[];
  outbox_pending?: boolean;
}

export interface PaymentGatewayDoc {
  _id: string;
  workspace_id: string;
  provider: string;
  connected_at: Date;
}

export interface PaymentAccountDoc {
  _id: string;
  workspace_id: string;
  label: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  created_at: Date;
}

const workspaceSchema = new Schema<WorkspaceDoc>(
  {
    _id: String,
    name: { type: String, required: true },
    plan: { type: String, required: true },
    plan_state: { type: String, required: true },
    time_zone: { type: String, required: true },
    features: { type: [String], default: [] },
    owner_email: { type: String, default: '' },
    active_key_count: { type: Number, default: 0 },
    version: { type: Number, default: 1 },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
    ...outboxFields,
  },
  { versionKey: false, collection: 'workspaces' },
);
// Admin list of workspaces, newest first.
workspaceSchema.index({ created_at: -1 });
// Outbox relay scan for documents with unpublished events.
workspaceSchema.index({ outbox_pending: 1 });

const apiKeySchema = new Schema<ApiKeyDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    name: { type: String, default: '' },
    prefix: { type: String, required: true },
    hash: { type: String, required: true },
    created_at: { type: Date, required: true },
    revoked_at: { type: Date, default: null },
    last_used_at: { type: Date, default: null },
    ...outboxFields,
  },
  { versionKey: false, collection: 'api_keys' },
);
// Key list of one workspace (admin), newest first.
apiKeySchema.index({ workspace_id: 1, created_at: -1 });
// Outbox relay scan.
apiKeySchema.index({ outbox_pending: 1 });

const paymentGatewaySchema = new Schema<PaymentGatewayDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    provider: { type: String, required: true },
    connected_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'payment_gateways' },
);
// One connection per provider per workspace; also serves "is this gateway connected" lookups.
paymentGatewaySchema.index({ workspace_id: 1, provider: 1 }, { unique: true });

const paymentAccountSchema = new Schema<PaymentAccountDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    label: { type: String, default: '' },
    bank_name: { type: String, default: '' },
    account_name: { type: String, default: '' },
    account_number: { type: String, default: '' },
    created_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'payment_accounts' },
);
// Account list of a workspace, and existence checks by (workspace, id).
paymentAccountSchema.index({ workspace_id: 1, created_at: -1 });

export function registerModels(conn: Connection) {
  return {
    Workspace: conn.model<WorkspaceDoc>('Workspace', workspaceSchema),
    ApiKey: conn.model<ApiKeyDoc>('ApiKey', apiKeySchema),
    PaymentGateway: conn.model<PaymentGatewayDoc>('PaymentGateway', paymentGatewaySchema),
    PaymentAccount: conn.model<PaymentAccountDoc>('PaymentAccount', paymentAccountSchema),
  };
}

export type Models = ReturnType<typeof registerModels>;
