import type Router from '@koa/router';
import { LegalProfile } from '@invoice-platform/common/contracts/e-invoice';
import { fromMessage } from '@invoice-platform/common/contracts/json';
import { AppError } from '@invoice-platform/common/errors';
import type { Workspace__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/Workspace';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import type { Authenticator } from '../http/auth.ts';
import { readJsonBody } from '../http/body.ts';
import { ResourceId, use } from '../http/schemas/common.ts';
import { compileRoute } from '../http/validation.ts';
import type { AccountsClient, RecurringClient } from '../service/peers.ts';

export interface LegalProfileRouteDeps {
  accounts: AccountsClient;
  /** RECURRING_ADDR's client; absent: no series to check a change against. */
  recurring?: RecurringClient;
  bodyLimit: number;
  authCache: Pick<Authenticator, 'invalidateWorkspace'>;
}

const workspaceParams = Type.Object(
  { ws: use(ResourceId, { description: 'The workspace id.' }) },
  { additionalProperties: false },
);
// The contracts' own schema, so the admin API refuses exactly what accounts and the e-invoices
// would, with paths such as body.address.country.
const forceQuery = Type.Object(
  {
    force: Type.Optional(
      Type.Boolean({
        description: 'true: make the change even though it would stop active e-invoice series from billing.',
      }),
    ),
  },
  { additionalProperties: false },
);
const setRequest = compileRoute({ params: workspaceParams, query: forceQuery, body: LegalProfile, bodyRequired: true });
const clearRequest = compileRoute({ params: workspaceParams, query: forceQuery, bodyRequired: false });

/**
 * A change of the legal profile that would make the next follow-up of an active e-invoice series
 * fail (RecurringService.CheckLegalProfileChange) is refused, naming each series and why, unless
 * forced: the series would otherwise stop billing (docs/architecture.md#recurring).
 */
async function refuseIfBreaksSeries(
  deps: LegalProfileRouteDeps,
  ws: string,
  profile: LegalProfile | null,
  force: boolean,
): Promise<void> {
  if (force || !deps.recurring) return;
  const { refused } = await deps.recurring.call('CheckLegalProfileChange', {
    workspace_id: ws,
    legal_profile: profile ?? undefined,
  });
  if (refused.length === 0) return;
  const named = refused.map((r) => `${r.series_id} (${r.customer_name}): ${r.message}`).join('; ');
  throw new AppError(
    'application',
    `The change would make every follow-up of ${refused.length} active e-invoice series fail: ${named}. ` +
      'Keep the fields named, or pause or edit those series first; force=true (invoicectl --force) makes the change anyway.',
    { series: refused.map((r) => ({ id: r.series_id, customer_name: r.customer_name, message: r.message })) },
  );
}

const parts = (ctx: Context, body?: unknown) => ({
  params: ctx.params as Record<string, string>,
  query: ctx.query,
  body,
  headers: {},
});

/**
 * A workspace as the admin API answers it: the accounts message, with its legal profile as the
 * JSON the PUT takes (an unset optional left out, so the answer can be sent back as it is), or
 * null when it has none; retention_years only when the workspace states one (without the decoder's
 * oneof marker).
 */
export function workspaceJson(ws: Workspace__Output): Omit<Workspace__Output, 'legal_profile'> & {
  legal_profile: LegalProfile | null;
} {
  const json = { ...ws, legal_profile: ws.legal_profile ? fromMessage(LegalProfile, ws.legal_profile) : null };
  delete (json as { _retention_years?: string })._retention_years;
  return json;
}

/**
 * The workspace's legal profile (docs/e-invoicing.md), the seller its e-invoices name, on the
 * admin API: PUT replaces it as a whole, DELETE removes it (answering 200 when there was none),
 * both answering the workspace; a change that would stop an active e-invoice series from billing is
 * a 400 naming the series, unless `?force=true`. Each change moves the workspace's version on and is announced on
 * workspace.v1, so the caches holding the workspace drop it; this replica's own at once.
 */
export function registerLegalProfileRoutes(r: Router, deps: LegalProfileRouteDeps): void {
  r.put('/workspaces/:ws/legal-profile', async (ctx) => {
    const received = await readJsonBody(ctx.req, deps.bodyLimit);
    const { params, query, body } = setRequest.validate(parts(ctx, received));
    const ws = params.ws as string;
    await refuseIfBreaksSeries(deps, ws, body as LegalProfile, query.force === true);
    const data = await deps.accounts.call('SetLegalProfile', { workspace_id: ws, profile: body as LegalProfile });
    deps.authCache.invalidateWorkspace(ws);
    ctx.body = { data: workspaceJson(data) };
  });

  r.delete('/workspaces/:ws/legal-profile', async (ctx) => {
    const { params, query } = clearRequest.validate(parts(ctx));
    const ws = params.ws as string;
    await refuseIfBreaksSeries(deps, ws, null, query.force === true);
    const data = await deps.accounts.call('SetLegalProfile', { workspace_id: ws, clear: true });
    deps.authCache.invalidateWorkspace(ws);
    ctx.body = { data: workspaceJson(data) };
  });
}
