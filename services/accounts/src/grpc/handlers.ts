import { AppError } from '@invoice-platform/common/errors';
import type { UnaryHandlers } from '@invoice-platform/common/grpc';
import type { Logger } from '@invoice-platform/common/logger';
import { isPaymentProvider, paymentProviders } from '@invoice-platform/common/payment-providers';
import { apiKeyMatches, newApiKey, parseApiKey } from '../domain/api-keys.ts';
import { currencyRefusal, providerError, validateConnection } from '../domain/payment-gateways.ts';
import {
  apiAccessRefusal,
  features as knownFeatures,
  isPlan,
  isPlanState,
  newApiKeyRefusal,
  type Plan,
  type PlanState,
  planFeatures,
  recurringLossReason,
  validateTimeZone,
} from '../domain/plans.ts';
import { workspaceEvent, type WorkspaceProfile, type WorkspaceUpdatedData } from '../events/workspace-events.ts';
import type {
  AccountsRepository,
  ApiKey,
  PaymentAccount,
  PaymentGateway,
  Workspace,
  WorkspaceChanges,
} from '../store/repository.ts';

const maxNameLength = 200;

export interface AccountsDeps {
  repo: AccountsRepository;
  keyLimits: Record<Plan, number>;
  /** Wakes the outbox relays after a write that queued events. */
  notifyOutbox: () => void;
  log: Logger;
  now?: () => Date;
}

function iso(d: Date | null | undefined): string | undefined {
  return d ? new Date(d).toISOString() : undefined;
}

export function accountsHandlers(deps: AccountsDeps): UnaryHandlers {
  const { repo, keyLimits } = deps;
  const now = deps.now ?? (() => new Date());

  const encodeWorkspace = (ws: Workspace) => ({
    id: ws.id,
    name: ws.name,
    plan: ws.plan,
    plan_state: ws.plan_state,
    time_zone: ws.time_zone,
    features: ws.features,
    active_api_key_limit: keyLimits[ws.plan as Plan] ?? 0,
    created_at: iso(ws.created_at),
    updated_at: iso(ws.updated_at),
    version: String(ws.version),
    owner_email: ws.owner_email,
  });
  const profile = (ws: Workspace): WorkspaceProfile => ({
    id: ws.id,
    name: ws.name,
    plan: ws.plan,
    plan_state: ws.plan_state,
    time_zone: ws.time_zone,
    features: ws.features,
    version: ws.version,
  });
  const encodeKey = (k: ApiKey) => ({
    id: k.id,
    workspace_id: k.workspace_id,
    name: k.name,
    prefix: k.prefix,
    created_at: iso(k.created_at),
    revoked_at: iso(k.revoked_at),
    last_used_at: iso(k.last_used_at),
  });
  // Names of the credential fields only: no method but GetPaymentGatewayCredentials returns a value.
  const encodeGateway = (g: PaymentGateway) => ({
    id: g.id,
    workspace_id: g.workspace_id,
    provider: g.provider,
    mode: g.mode,
    credential_fields: g.credential_fields,
    connected_at: iso(g.connected_at),
    updated_at: iso(g.updated_at),
  });
  const checkProvider = (provider: string) => {
    const refusal = providerError(provider);
    if (refusal) throw AppError.validation([refusal]);
  };
  const encodeAccount = (a: PaymentAccount) => ({ ...a, created_at: iso(a.created_at) });

  /** Changes the plan fields with their workspace.updated event (compare-and-set in the repository). */
  async function changeWorkspace(id: string, change: (ws: Workspace) => WorkspaceChanges) {
    const at = now();
    const updated = await repo.changeWorkspace(
      id,
      (ws) => {
        const changes = change(ws);
        const after = { ...ws, ...changes, version: ws.version + 1 };
        const data: WorkspaceUpdatedData = {
          workspace: profile(after),
          previous_plan: ws.plan,
          previous_plan_state: ws.plan_state,
        };
        const reason = recurringLossReason(
          ws as { plan: Plan; plan_state: PlanState; features: string[] },
          after as { plan: Plan; plan_state: PlanState; features: string[] },
        );
        if (reason) data.reason = reason;
        return { changes, event: workspaceEvent('workspace.updated', id, after.version, data, at) };
      },
      at,
    );
    deps.notifyOutbox();
    return encodeWorkspace(updated);
  }

  return {
    async AuthenticateApiKey(req: { raw_key: string }) {
      const keyId = parseApiKey(req.raw_key ?? '');
      if (!keyId) throw new AppError('forbidden', 'The API key is malformed.');
      const key = await repo.findApiKeyWithHash(keyId);
      if (!key || !apiKeyMatches(req.raw_key, key.hash)) throw new AppError('forbidden', 'The API key is invalid.');
      if (key.revoked_at) throw new AppError('forbidden', 'The API key has been revoked.');
      const ws = await repo.getWorkspace(key.workspace_id);
      const refusal = apiAccessRefusal(ws as Workspace & { plan: Plan; plan_state: PlanState });
      if (refusal) throw new AppError('forbidden', refusal);
      repo
        .recordKeyUse(key.id, now())
        .catch((err: unknown) => deps.log.warn({ err }, 'api key last_used_at update failed'));
      return { workspace: encodeWorkspace(ws), key_id: key.id };
    },

    async GetWorkspace(req: { workspace_id: string }) {
      return encodeWorkspace(await repo.getWorkspace(req.workspace_id));
    },

    async CreateWorkspace(req: { name: string; plan: string; time_zone: string; owner_email: string }) {
      const errors = [];
      const name = (req.name ?? '').trim();
      if (!name || name.length > maxNameLength)
        errors.push({ path: 'name', message: `is required, at most ${maxNameLength} characters` });
      const plan = req.plan || 'professional';
      if (!isPlan(plan))
        errors.push({ path: 'plan', message: 'must be one of: free, professional, specialist, business, enterprise' });
      let timeZone = 'UTC';
      try {
        timeZone = validateTimeZone(req.time_zone || 'UTC');
      } catch (err) {
        if (err instanceof AppError)
          errors.push({ path: 'time_zone', message: 'must be an IANA time zone such as Asia/Jakarta' });
      }
      if (errors.length > 0 || !isPlan(plan)) throw AppError.validation(errors);
      const at = now();
      const fields = {
        name,
        plan,
        plan_state: 'active',
        time_zone: timeZone,
        features: planFeatures(plan),
        owner_email: req.owner_email ?? '',
        created_at: at,
        updated_at: at,
      };
      const ws = await repo.createWorkspace(fields, (id) =>
        workspaceEvent('workspace.created', id, 1, { workspace: profile({ id, ...fields, version: 1 }) }, at),
      );
      deps.notifyOutbox();
      return encodeWorkspace(ws);
    },

    async ListWorkspaces(req: { page: number; page_size: number }) {
      const page = Math.max(1, req.page || 1);
      const pageSize = Math.min(100, Math.max(1, req.page_size || 25));
      const { workspaces, total } = await repo.listWorkspaces(page, pageSize);
      return { workspaces: workspaces.map(encodeWorkspace), total };
    },

    async UpdateWorkspacePlan(req: { workspace_id: string; plan?: string; plan_state?: string }) {
      const errors = [];
      if (req.plan !== undefined && !isPlan(req.plan))
        errors.push({ path: 'plan', message: 'must be one of: free, professional, specialist, business, enterprise' });
      if (req.plan_state !== undefined && !isPlanState(req.plan_state))
        errors.push({ path: 'plan_state', message: 'must be one of: active, suspended, expired' });
      if (req.plan === undefined && req.plan_state === undefined)
        errors.push({ path: 'plan', message: 'plan or plan_state is required' });
      if (errors.length > 0) throw AppError.validation(errors);
      return changeWorkspace(req.workspace_id, (ws) => {
        const changes: WorkspaceChanges = {};
        if (req.plan !== undefined && req.plan !== ws.plan) {
          changes.plan = req.plan;
          changes.features = planFeatures(req.plan as Plan);
        }
        if (req.plan_state !== undefined) changes.plan_state = req.plan_state;
        return changes;
      });
    },

    async SetWorkspaceFeatures(req: { workspace_id: string; features: string[] }) {
      const unknown = (req.features ?? []).filter((f) => !(knownFeatures as readonly string[]).includes(f));
      if (unknown.length > 0)
        throw AppError.validation([
          { path: 'features', message: `unknown features: ${unknown.join(', ')}; known: ${knownFeatures.join(', ')}` },
        ]);
      return changeWorkspace(req.workspace_id, () => ({ features: [...new Set(req.features)] }));
    },

    async CreateApiKey(req: { workspace_id: string; name: string }) {
      const key = newApiKey();
      const at = now();
      const created = await repo.createApiKey(
        {
          id: key.keyId,
          workspace_id: req.workspace_id,
          name: (req.name ?? '').slice(0, maxNameLength),
          prefix: key.prefix,
          hash: key.hash,
        },
        (ws, activeKeys) => {
          const refusal = newApiKeyRefusal(ws.plan as Plan, keyLimits[ws.plan as Plan] ?? 0, activeKeys);
          if (refusal) throw refusal;
        },
        workspaceEvent(
          'api_key.created',
          req.workspace_id,
          1,
          { workspace_id: req.workspace_id, key_id: key.keyId },
          at,
        ),
        at,
      );
      deps.notifyOutbox();
      return { api_key: encodeKey(created), raw_key: key.raw };
    },

    async ListApiKeys(req: { workspace_id: string; include_revoked: boolean }) {
      await repo.getWorkspace(req.workspace_id);
      return { api_keys: (await repo.listApiKeys(req.workspace_id, req.include_revoked)).map(encodeKey) };
    },

    async RevokeApiKey(req: { workspace_id: string; key_id: string }) {
      const at = now();
      const { key, changed } = await repo.revokeApiKey(
        req.workspace_id,
        req.key_id,
        workspaceEvent(
          'api_key.revoked',
          req.workspace_id,
          2,
          { workspace_id: req.workspace_id, key_id: req.key_id },
          at,
        ),
        at,
      );
      if (changed) deps.notifyOutbox();
      return encodeKey(key);
    },

    async ConnectPaymentGateway(req: {
      workspace_id: string;
      provider: string;
      mode?: string;
      credentials?: Record<string, string>;
    }) {
      const connection = validateConnection(req);
      await repo.getWorkspace(req.workspace_id);
      const gateway = await repo.connectGateway(
        req.workspace_id,
        connection.provider,
        connection.mode,
        connection.credentials,
        now(),
      );
      deps.log.info(
        {
          workspace_id: gateway.workspace_id,
          provider: gateway.provider,
          mode: gateway.mode,
          credential_fields: gateway.credential_fields,
        },
        'payment gateway connected',
      );
      return encodeGateway(gateway);
    },

    async DisconnectPaymentGateway(req: { workspace_id: string; provider: string }) {
      checkProvider(req.provider);
      await repo.getWorkspace(req.workspace_id);
      const gateway = await repo.disconnectGateway(req.workspace_id, req.provider);
      if (!gateway)
        throw new AppError('not_found', `Payment gateway ${req.provider} is not connected in this workspace.`);
      deps.log.info({ workspace_id: req.workspace_id, provider: req.provider }, 'payment gateway disconnected');
      return encodeGateway(gateway);
    },

    async ListPaymentGateways(req: { workspace_id: string }) {
      await repo.getWorkspace(req.workspace_id);
      return { gateways: (await repo.listGateways(req.workspace_id)).map(encodeGateway) };
    },

    async GetPaymentGatewayCredentials(req: { workspace_id: string; provider: string }) {
      checkProvider(req.provider);
      const opened = await repo.openGatewayCredentials(req.workspace_id, req.provider);
      if (!opened)
        throw new AppError('not_found', `Payment gateway ${req.provider} is not connected in this workspace.`);
      return opened;
    },

    async CreatePaymentAccount(req: {
      workspace_id: string;
      label: string;
      bank_name: string;
      account_name: string;
      account_number: string;
    }) {
      await repo.getWorkspace(req.workspace_id);
      const clip = (s: string | undefined) => (s ?? '').slice(0, maxNameLength);
      return encodeAccount(
        await repo.createPaymentAccount({
          workspace_id: req.workspace_id,
          label: clip(req.label),
          bank_name: clip(req.bank_name),
          account_name: clip(req.account_name),
          account_number: clip(req.account_number),
          created_at: now(),
        }),
      );
    },

    async ListPaymentAccounts(req: { workspace_id: string }) {
      await repo.getWorkspace(req.workspace_id);
      return { accounts: (await repo.listPaymentAccounts(req.workspace_id)).map(encodeAccount) };
    },

    async CheckPaymentSetup(req: {
      workspace_id: string;
      payment_gateway?: string;
      payment_account?: string;
      currency?: string;
    }) {
      const gateway_errors: string[] = [];
      const account_errors: string[] = [];
      const provider = req.payment_gateway;
      const [gateway, account] = await Promise.all([
        provider !== undefined && isPaymentProvider(provider) ? repo.findGateway(req.workspace_id, provider) : null,
        req.payment_account !== undefined ? repo.findPaymentAccount(req.workspace_id, req.payment_account) : null,
      ]);
      if (provider !== undefined) {
        if (!isPaymentProvider(provider)) {
          gateway_errors.push(`payment gateway ${provider} is not one of: ${paymentProviders.join(', ')}`);
        } else {
          if (gateway === null) gateway_errors.push(`payment gateway ${provider} is not connected in this workspace`);
          else if (gateway === 'legacy')
            gateway_errors.push(`payment gateway ${provider} has no credentials in this workspace; connect it again`);
          // Reported beside a missing connection too, so one answer names everything to fix.
          const refusal = req.currency ? currencyRefusal(provider, req.currency) : undefined;
          if (refusal) gateway_errors.push(refusal);
        }
      }
      if (req.payment_account !== undefined && !account) {
        account_errors.push(`payment account ${req.payment_account} does not exist in this workspace`);
      }
      return { gateway_errors, account_errors };
    },
  };
}
