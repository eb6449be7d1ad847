import type Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import type { Context } from 'koa';
import type { AccountsClient } from '../service/peers.ts';

export interface PaymentRouteDeps {
  accounts: AccountsClient;
  /** The admin API's JSON body reader (an object, {} when empty). */
  body: (ctx: Context) => Promise<Record<string, unknown>>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The credentials object of a connect body: names to text values; refused otherwise, never echoed. */
function credentialsOf(value: unknown): Record<string, string> {
  const isMap =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string');
  if (!isMap)
    throw AppError.validation([
      { path: 'body.credentials', message: 'must be an object of credential field names to text values' },
    ]);
  return value as Record<string, string>;
}

/**
 * The dashboard's payment settings on the admin API, passed through to accounts: gateway
 * connections (credentials go in and never come back: responses name the fields set) and
 * payment accounts (bank details). The opened credentials (GetPaymentGatewayCredentials) are for
 * the payment service alone and have no route here.
 */
export function registerPaymentRoutes(r: Router, deps: PaymentRouteDeps): void {
  const gateways = '/workspaces/:ws/payment-gateways';

  r.get(gateways, async (ctx) => {
    ctx.body = { data: await deps.accounts.call('ListPaymentGateways', { workspace_id: ctx.params.ws }) };
  });
  // Connects, or replaces the credentials of a connected provider (201 either way: the connection
  // as it now is).
  r.post(gateways, async (ctx) => {
    const b = await deps.body(ctx);
    if (b.mode !== undefined && typeof b.mode !== 'string')
      throw AppError.validation([{ path: 'body.mode', message: 'must be sandbox or live' }]);
    const credentials = credentialsOf(b.credentials ?? {});
    ctx.status = 201;
    ctx.body = {
      data: await deps.accounts.call('ConnectPaymentGateway', {
        workspace_id: ctx.params.ws,
        provider: str(b.provider) ?? '',
        mode: str(b.mode),
        credentials,
      }),
    };
  });
  r.delete(`${gateways}/:provider`, async (ctx) => {
    ctx.body = {
      data: await deps.accounts.call('DisconnectPaymentGateway', {
        workspace_id: ctx.params.ws,
        provider: ctx.params.provider,
      }),
    };
  });

  r.get('/workspaces/:ws/payment-accounts', async (ctx) => {
    ctx.body = { data: await deps.accounts.call('ListPaymentAccounts', { workspace_id: ctx.params.ws }) };
  });
  r.post('/workspaces/:ws/payment-accounts', async (ctx) => {
    const b = await deps.body(ctx);
    ctx.status = 201;
    ctx.body = {
      data: await deps.accounts.call('CreatePaymentAccount', {
        workspace_id: ctx.params.ws,
        label: str(b.label),
        bank_name: str(b.bank_name),
        account_name: str(b.account_name),
        account_number: str(b.account_number),
      }),
    };
  });
}
