import { LegalProfile } from '@invoice-platform/common/contracts/e-invoice';
import { fromMessage } from '@invoice-platform/common/contracts/json';
import { iso } from '@invoice-platform/common/contracts/wire';
import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { AccountsServiceDefinition } from '@invoice-platform/protos/invoiceplatform/accounts/v1/AccountsService';
import type { ApiKey as ApiKeyMessage } from '@invoice-platform/protos/invoiceplatform/accounts/v1/ApiKey';
import type { PaymentAccount as PaymentAccountMessage } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentAccount';
import type { PaymentGateway as PaymentGatewayMessage } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentGateway';
import type { Workspace as WorkspaceMessage } from '@invoice-platform/protos/invoiceplatform/accounts/v1/Workspace';
import type { ApiKey } from '../domain/api-keys.ts';
import type { PaymentAccount } from '../domain/payment-accounts.ts';
import type { PaymentGateway } from '../domain/payment-gateways.ts';
import type { Plan } from '../domain/plans.ts';
import { workspaceProfile } from '../domain/workspace-events.ts';
import type { Workspace } from '../domain/workspaces.ts';
import type { ApiKeyService } from '../service/api-keys.ts';
import type { PaymentSetupService } from '../service/payment-setup.ts';
import type { WorkspaceService } from '../service/workspaces.ts';

export interface AccountsServices {
  workspaces: WorkspaceService;
  apiKeys: ApiKeyService;
  payments: PaymentSetupService;
  /** Shown on every workspace as its active_api_key_limit. */
  keyLimits: Record<Plan, number>;
}

function encodeKey(k: ApiKey): ApiKeyMessage {
  return {
    id: k.id,
    workspace_id: k.workspace_id,
    name: k.name,
    prefix: k.prefix,
    created_at: iso(k.created_at),
    revoked_at: iso(k.revoked_at),
    last_used_at: iso(k.last_used_at),
  };
}

// Names of the credential fields only: no method but GetPaymentGatewayCredentials returns a value.
function encodeGateway(g: PaymentGateway): PaymentGatewayMessage {
  return {
    id: g.id,
    workspace_id: g.workspace_id,
    provider: g.provider,
    mode: g.mode,
    credential_fields: g.credential_fields,
    connected_at: iso(g.connected_at),
    updated_at: iso(g.updated_at),
  };
}

function encodeAccount(a: PaymentAccount): PaymentAccountMessage {
  return { ...a, created_at: iso(a.created_at) };
}

/** The AccountsService RPCs: each decodes its request, calls a use case, and encodes the answer. */
export function accountsHandlers(services: AccountsServices): TypedHandlers<AccountsServiceDefinition> {
  const { workspaces, apiKeys, payments, keyLimits } = services;

  const encodeWorkspace = (ws: Workspace): WorkspaceMessage => ({
    ...workspaceProfile(ws),
    active_api_key_limit: keyLimits[ws.plan as Plan] ?? 0,
    created_at: iso(ws.created_at),
    updated_at: iso(ws.updated_at),
    version: String(ws.version),
    owner_email: ws.owner_email,
    legal_profile: ws.legal_profile,
    test_mode: ws.test_mode,
    retention_years: ws.retention_years ?? undefined,
  });

  return {
    async AuthenticateApiKey(req) {
      const { workspace, keyId } = await apiKeys.authenticate(req.raw_key ?? '');
      return { workspace: encodeWorkspace(workspace), key_id: keyId };
    },

    async GetWorkspace(req) {
      return encodeWorkspace(await workspaces.get(req.workspace_id));
    },

    async CreateWorkspace(req) {
      return encodeWorkspace(await workspaces.create(req));
    },

    async ListWorkspaces(req) {
      const { items, total } = await workspaces.list(req.page, req.page_size);
      return { workspaces: items.map(encodeWorkspace), total };
    },

    async UpdateWorkspacePlan(req) {
      return encodeWorkspace(await workspaces.updatePlan(req));
    },

    async SetWorkspaceFeatures(req) {
      return encodeWorkspace(await workspaces.setFeatures(req.workspace_id, req.features));
    },

    async SetWorkspaceTestMode(req) {
      return encodeWorkspace(await workspaces.setTestMode(req.workspace_id, req.test_mode));
    },

    async SetWorkspaceRetention(req) {
      return encodeWorkspace(await workspaces.setRetention(req.workspace_id, req.retention_years ?? null));
    },

    async SetLegalProfile(req) {
      // As JSON: without the decoder's oneof markers, an optional field unset is left out.
      const profile = req.profile ? fromMessage(LegalProfile, req.profile) : null;
      return encodeWorkspace(
        await workspaces.setLegalProfile({ workspace_id: req.workspace_id, profile, clear: req.clear }),
      );
    },

    async CreateApiKey(req) {
      const { key, raw } = await apiKeys.create(req.workspace_id, req.name);
      return { api_key: encodeKey(key), raw_key: raw };
    },

    async ListApiKeys(req) {
      return { api_keys: (await apiKeys.list(req.workspace_id, req.include_revoked)).map(encodeKey) };
    },

    async RevokeApiKey(req) {
      return encodeKey(await apiKeys.revoke(req.workspace_id, req.key_id));
    },

    async ConnectPaymentGateway(req) {
      return encodeGateway(await payments.connectGateway(req));
    },

    async DisconnectPaymentGateway(req) {
      return encodeGateway(await payments.disconnectGateway(req.workspace_id, req.provider));
    },

    async ListPaymentGateways(req) {
      return { gateways: (await payments.listGateways(req.workspace_id)).map(encodeGateway) };
    },

    async GetPaymentGatewayCredentials(req) {
      return payments.gatewayCredentials(req.workspace_id, req.provider);
    },

    async CreatePaymentAccount(req) {
      return encodeAccount(await payments.createAccount(req));
    },

    async ListPaymentAccounts(req) {
      return { accounts: (await payments.listAccounts(req.workspace_id)).map(encodeAccount) };
    },

    async CheckPaymentSetup(req) {
      return payments.check(req);
    },
  };
}
