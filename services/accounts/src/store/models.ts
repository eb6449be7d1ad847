import { registerOutbox } from '@invoice-platform/common/outbox';
import { type Connection, Schema } from 'mongoose';

export interface WorkspaceDoc {
  _id: string;
  name: string;
  plan: string;
  plan_state: string;
  time_zone: string;
  features: string[];
  owner_email: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface ApiKeyDoc {
  _id: string;
  workspace_id: string;
  name: string;
  prefix: string;
  hash: string;
  created_at: Date;
  revoked_at: Date | null;
}

/**
 * When a key was last used, kept apart from the key: FerretDB v1 applies an update as a
 * read-modify-write of the whole document, so recording a use on the key itself could write back
 * the revoked_at it read before a concurrent revocation, and the revoked key would work again.
 */
export interface ApiKeyUsageDoc {
  _id: string;
  last_used_at: Date;
}

/**
 * One document per occupied active-key slot (1..plan limit). Taking a slot is an insert under a
 * unique id, which every MongoDB-wire server makes atomic, so parallel key creations can never
 * exceed the limit.
 */
export interface ApiKeySlotDoc {
  _id: string;
  workspace_id: string;
  key_id: string;
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
    version: { type: Number, default: 1 },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'workspaces' },
);
// Admin list of workspaces, newest first.
workspaceSchema.index({ created_at: -1 });

const apiKeySchema = new Schema<ApiKeyDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    name: { type: String, default: '' },
    prefix: { type: String, required: true },
    hash: { type: String, required: true },
    created_at: { type: Date, required: true },
    revoked_at: { type: Date, default: null },
  },
  { versionKey: false, collection: 'api_keys' },
);
// Key list of one workspace (admin), newest first.
apiKeySchema.index({ workspace_id: 1, created_at: -1 });

const apiKeyUsageSchema = new Schema<ApiKeyUsageDoc>(
  {
    _id: String,
    last_used_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'api_key_usage' },
);

const apiKeySlotSchema = new Schema<ApiKeySlotDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    key_id: { type: String, required: true },
  },
  { versionKey: false, collection: 'api_key_slots' },
);
// Count of a workspace's occupied slots.
apiKeySlotSchema.index({ workspace_id: 1 });
// Freeing the slot of a revoked key.
apiKeySlotSchema.index({ key_id: 1 });

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
    ApiKeyUsage: conn.model<ApiKeyUsageDoc>('ApiKeyUsage', apiKeyUsageSchema),
    ApiKeySlot: conn.model<ApiKeySlotDoc>('ApiKeySlot', apiKeySlotSchema),
    Outbox: registerOutbox(conn),
    PaymentGateway: conn.model<PaymentGatewayDoc>('PaymentGateway', paymentGatewaySchema),
    PaymentAccount: conn.model<PaymentAccountDoc>('PaymentAccount', paymentAccountSchema),
  };
}

export type Models = ReturnType<typeof registerModels>;
