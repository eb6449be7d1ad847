import { AppError } from '@invoice-platform/common/errors';
import { isPaymentProvider, paymentProviders } from '@invoice-platform/common/payment-providers';
import type { Logger } from '@invoice-platform/common/logger';
import type { PaymentAccount } from '../domain/payment-accounts.ts';
import {
  currencyRefusal,
  type GatewayCredentials,
  type PaymentGateway,
  providerError,
  sandboxRefusal,
  validateConnection,
} from '../domain/payment-gateways.ts';
import { maxNameLength } from '../domain/workspaces.ts';
import type { PaymentAccountStore } from '../store/payment-accounts.ts';
import type { PaymentGatewayStore } from '../store/payment-gateways.ts';
import type { WorkspaceStore } from '../store/workspaces.ts';

export interface PaymentSetupServiceDeps {
  workspaces: WorkspaceStore;
  gateways: PaymentGatewayStore;
  paymentAccounts: PaymentAccountStore;
  log: Logger;
  now?: () => Date;
  /** NODE_ENV=production: sandbox connections only in test workspaces. */
  production?: boolean;
}

/** The one-time pass binding v1-sealed credentials to their connection, by its id in `migrations`. */
export const resealV1Migration = 'gateway_credentials_sealed_v2';

function checkProvider(provider: string): void {
  const refusal = providerError(provider);
  if (refusal) throw AppError.validation([refusal]);
}

/** Connected payment gateways, bank payment accounts, and the check generate runs against them. */
export class PaymentSetupService {
  private readonly deps: PaymentSetupServiceDeps;

  constructor(deps: PaymentSetupServiceDeps) {
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  async connectGateway(req: {
    workspace_id: string;
    provider: string;
    mode?: string;
    credentials?: Record<string, string>;
  }): Promise<PaymentGateway> {
    const { workspaces, gateways, log } = this.deps;
    const connection = validateConnection(req);
    const workspace = await workspaces.get(req.workspace_id);
    const refusal = sandboxRefusal(connection.mode, {
      production: this.deps.production === true,
      testWorkspace: workspace.test_mode,
    });
    if (refusal) throw new AppError('application', refusal, { errors: [{ path: 'mode', message: refusal }] });
    const gateway = await gateways.connect(
      req.workspace_id,
      connection.provider,
      connection.mode,
      connection.credentials,
      this.now(),
    );
    log.info(
      {
        workspace_id: gateway.workspace_id,
        provider: gateway.provider,
        mode: gateway.mode,
        credential_fields: gateway.credential_fields,
      },
      'payment gateway connected',
    );
    return gateway;
  }

  async disconnectGateway(workspaceId: string, provider: string): Promise<PaymentGateway> {
    const { workspaces, gateways, log } = this.deps;
    checkProvider(provider);
    await workspaces.get(workspaceId);
    const gateway = await gateways.disconnect(workspaceId, provider);
    if (!gateway) throw new AppError('not_found', `Payment gateway ${provider} is not connected in this workspace.`);
    log.info({ workspace_id: workspaceId, provider }, 'payment gateway disconnected');
    return gateway;
  }

  async listGateways(workspaceId: string): Promise<PaymentGateway[]> {
    await this.deps.workspaces.get(workspaceId);
    return this.deps.gateways.list(workspaceId);
  }

  /**
   * Binds the credentials still sealed in the v1 format to their connection (common/secret-box.ts),
   * once per database: main.ts awaits it before serving, and GetPaymentGatewayCredentials refuses
   * v1 from then on. Done is recorded in `migrations`, so later starts cost one lookup, not a pass
   * over every connection; replicas starting at once may both run it (each re-seal is a
   * compare-and-set on the old text). Credentials that do not open are logged and left to be
   * connected again: recording done regardless keeps a v1 value planted later from ever being
   * re-sealed into the record it was planted in.
   */
  async resealV1Credentials(): Promise<void> {
    const { gateways, log } = this.deps;
    if (await gateways.migrationDone(resealV1Migration)) return;
    const { resealed, unopened } = await gateways.resealV1Credentials();
    for (const { id, reason } of unopened) {
      log.error({ gateway_id: id, reason }, 'v1 gateway credentials did not open; connect the gateway again');
    }
    await gateways.markMigrationDone(resealV1Migration, this.now());
    log.info({ resealed, unopened: unopened.length }, 'v1 gateway credentials re-sealed');
  }

  async gatewayCredentials(workspaceId: string, provider: string): Promise<GatewayCredentials> {
    checkProvider(provider);
    const opened = await this.deps.gateways.openCredentials(workspaceId, provider);
    if (!opened) throw new AppError('not_found', `Payment gateway ${provider} is not connected in this workspace.`);
    return opened;
  }

  async createAccount(req: {
    workspace_id: string;
    label?: string;
    bank_name?: string;
    account_name?: string;
    account_number?: string;
  }): Promise<PaymentAccount> {
    await this.deps.workspaces.get(req.workspace_id);
    const clip = (s: string | undefined) => (s ?? '').slice(0, maxNameLength);
    return this.deps.paymentAccounts.create({
      workspace_id: req.workspace_id,
      label: clip(req.label),
      bank_name: clip(req.bank_name),
      account_name: clip(req.account_name),
      account_number: clip(req.account_number),
      created_at: this.now(),
    });
  }

  async listAccounts(workspaceId: string): Promise<PaymentAccount[]> {
    await this.deps.workspaces.get(workspaceId);
    return this.deps.paymentAccounts.list(workspaceId);
  }

  /** What stops an invoice from using this gateway, account and currency: two lists, empty when nothing does. */
  async check(req: {
    workspace_id: string;
    payment_gateway?: string;
    payment_account?: string;
    currency?: string;
  }): Promise<{ gateway_errors: string[]; account_errors: string[] }> {
    const { gateways, paymentAccounts } = this.deps;
    const gateway_errors: string[] = [];
    const account_errors: string[] = [];
    const provider = req.payment_gateway;
    const [gateway, account] = await Promise.all([
      provider !== undefined && isPaymentProvider(provider) ? gateways.find(req.workspace_id, provider) : null,
      req.payment_account !== undefined ? paymentAccounts.find(req.workspace_id, req.payment_account) : null,
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
  }
}
