import { addOutbox, type WithOutbox } from '@invoice-platform/common/store/outbox';
import { type Connection, Schema } from 'mongoose';
import { migrationModel } from '@invoice-platform/common/store/migrations';
import type { ApiKey } from '../domain/api-keys.ts';
import type { LegalProfile } from '../domain/legal-profile.ts';
import type { PaymentAccount } from '../domain/payment-accounts.ts';
import type { Workspace } from '../domain/workspaces.ts';

/**
 * A place an active API key holds in its workspace. Taken before the key document is inserted and
 * given back when the key is revoked, so the places are what the plan limit counts.
 */
export interface KeyPlace {
  /** The key's id. */
  id: string;
  /** When the place was taken: a place whose key document never appeared is reclaimed after a grace period. */
  at: Date;
}

/** A workspace with the places of its active keys and its workspace.* events waiting in its outbox. */
export interface WorkspaceDoc extends Omit<Workspace, 'id'>, WithOutbox {
  /** The places of the active keys; never more than the plan allows when the last one was taken. */
  active_keys: KeyPlace[];
}

/** A key and its own events (api_key.created, api_key.revoked), kept in order in its outbox. */
export interface ApiKeyDoc extends Omit<ApiKey, 'id'>, WithOutbox {
  /** SHA-256 of the raw key; empty for a reclaimed place's placeholder, which no key matches. */
  hash: string;
}

/**
 * A connected payment gateway: one document per workspace and provider, `pgw_<workspace>_<provider>`.
 * Connecting again replaces its credentials in the same document; disconnecting deletes it, and
 * the sealed credentials with it.
 */
export interface PaymentGatewayDoc {
  _id: string;
  workspace_id: string;
  provider: string;
  /** sandbox | live; absent on records from before a mode was required, which are read as sandbox. */
  mode?: string;
  /**
   * The credential fields as one JSON object, sealed (common/secret-box.ts, ACCOUNTS_SECRET_KEYS)
   * for this workspace and provider, so it opens in no other record. Absent on records made before
   * connections took credentials: those are not connected.
   */
  credentials?: string;
  /** The names of the sealed fields, in the clear, so lists never open the credentials. */
  credential_fields: string[];
  connected_at: Date;
  updated_at: Date;
}

export type PaymentAccountDoc = Omit<PaymentAccount, 'id'> & { _id: string };

const keyPlaceSchema = new Schema<KeyPlace>(
  {
    id: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false, id: false },
);

// The legal profile as the domain checked it (domain/legal-profile.ts), typed here so nothing
// else is stored; an optional field left out is not stored at all. `id: false` lets the
// electronic address keep a field named id.
const part = { _id: false, id: false };
const legalProfileSchema = new Schema<LegalProfile>(
  {
    legal_name: String,
    trading_name: String,
    vat_id: String,
    tax_registration_id: String,
    address: new Schema(
      { line1: String, line2: String, city: String, postal_code: String, region: String, country: String },
      part,
    ),
    electronic_address: new Schema({ scheme: String, id: String }, part),
    contact: new Schema({ name: String, email: String, phone: String }, part),
    e_invoice_payment_link: Boolean,
  },
  part,
);

const workspaceSchema = new Schema<WorkspaceDoc>(
  {
    _id: String,
    name: { type: String, required: true },
    plan: { type: String, required: true },
    plan_state: { type: String, required: true },
    time_zone: { type: String, required: true },
    features: { type: [String], default: [] },
    owner_email: { type: String, default: '' },
    legal_profile: { type: legalProfileSchema, default: null },
    test_mode: { type: Boolean, default: false },
    retention_years: { type: Number, default: null },
    version: { type: Number, default: 1 },
    active_keys: { type: [keyPlaceSchema], default: [] },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'workspaces', minimize: false },
);
// Admin list of workspaces, newest first, a page at a time.
workspaceSchema.index({ created_at: -1 });
addOutbox(workspaceSchema);

const apiKeySchema = new Schema<ApiKeyDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    name: { type: String, default: '' },
    prefix: { type: String, required: true },
    hash: { type: String, default: '' },
    created_at: { type: Date, required: true },
    revoked_at: { type: Date, default: null },
    last_used_at: { type: Date, default: null },
  },
  { versionKey: false, collection: 'api_keys', minimize: false },
);
// Key list of one workspace (admin), newest first. Authentication, revocation, recording a use
// and the limit check's look at the keys holding places all go by _id.
apiKeySchema.index({ workspace_id: 1, created_at: -1 });
addOutbox(apiKeySchema);

const paymentGatewaySchema = new Schema<PaymentGatewayDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    provider: { type: String, required: true },
    // No defaults: records from before credentials lack these, and the store reads them so.
    mode: { type: String },
    credentials: { type: String },
    credential_fields: { type: [String], default: undefined },
    connected_at: { type: Date, required: true },
    updated_at: { type: Date },
  },
  { versionKey: false, collection: 'payment_gateways', minimize: false },
);
// One connection per provider per workspace, and the gateway list of a workspace (at most one per
// provider, sorted in memory). Connect, disconnect, CheckPaymentSetup and the credentials lookup go
// by _id, which is made of the workspace and the provider.
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
// Account list of a workspace, newest first. The existence check by (workspace, id) goes by _id.
paymentAccountSchema.index({ workspace_id: 1, created_at: -1 });

export function registerModels(conn: Connection) {
  return {
    Workspace: conn.model<WorkspaceDoc>('Workspace', workspaceSchema),
    ApiKey: conn.model<ApiKeyDoc>('ApiKey', apiKeySchema),
    PaymentGateway: conn.model<PaymentGatewayDoc>('PaymentGateway', paymentGatewaySchema),
    PaymentAccount: conn.model<PaymentAccountDoc>('PaymentAccount', paymentAccountSchema),
    Migration: migrationModel(conn),
  };
}

export type Models = ReturnType<typeof registerModels>;
