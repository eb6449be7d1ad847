import type Router from '@koa/router';
import { LegalProfile } from '@invoice-platform/common/contracts/e-invoice';
import { fromMessage } from '@invoice-platform/common/contracts/json';
import type { Workspace__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/Workspace';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import type { Authenticator } from '../http/auth.ts';
import { readJsonBody } from '../http/body.ts';
import { ResourceId, use } from '../http/schemas/common.ts';
import { compileRoute } from '../http/validation.ts';
import type { AccountsClient } from '../service/peers.ts';

export interface LegalProfileRouteDeps {
  accounts: AccountsClient;
  bodyLimit: number;
  authCache: Pick<Authenticator, 'invalidateWorkspace'>;
}

const workspaceParams = Type.Object(
  { ws: use(ResourceId, { description: 'The workspace id.' }) },
  { additionalProperties: false },
);
// The contracts' own schema, so the admin API refuses exactly what accounts and the e-invoices
// would, with paths such as body.address.country.
const setRequest = compileRoute({ params: workspaceParams, body: LegalProfile, bodyRequired: true });
const clearRequest = compileRoute({ params: workspaceParams, bodyRequired: false });

const parts = (ctx: Context, body?: unknown) => ({
  params: ctx.params as Record<string, string>,
  query: ctx.query,
  body,
  headers: {},
});

/**
 * A workspace as the admin API answers it: the accounts message, with its legal profile as the
 * JSON the PUT takes (an unset optional left out, so the answer can be sent back as it is), or
 * null when it has none.
 */
export function workspaceJson(ws: Workspace__Output): Omit<Workspace__Output, 'legal_profile'> & {
  legal_profile: LegalProfile | null;
} {
  return { ...ws, legal_profile: ws.legal_profile ? fromMessage(LegalProfile, ws.legal_profile) : null };
}

/**
 * The workspace's legal profile (docs/e-invoicing.md), the seller its e-invoices name, on the
 * admin API: PUT replaces it as a whole, DELETE removes it (answering 200 when there was none),
 * both answering the workspace. Each change moves the workspace's version on and is announced on
 * workspace.v1, so the caches holding the workspace drop it; this replica's own at once.
 */
export function registerLegalProfileRoutes(r: Router, deps: LegalProfileRouteDeps): void {
  r.put('/workspaces/:ws/legal-profile', async (ctx) => {
    const received = await readJsonBody(ctx.req, deps.bodyLimit);
    const { params, body } = setRequest.validate(parts(ctx, received));
    const ws = params.ws as string;
    const data = await deps.accounts.call('SetLegalProfile', { workspace_id: ws, profile: body as LegalProfile });
    deps.authCache.invalidateWorkspace(ws);
    ctx.body = { data: workspaceJson(data) };
  });

  r.delete('/workspaces/:ws/legal-profile', async (ctx) => {
    const { params } = clearRequest.validate(parts(ctx));
    const ws = params.ws as string;
    const data = await deps.accounts.call('SetLegalProfile', { workspace_id: ws, clear: true });
    deps.authCache.invalidateWorkspace(ws);
    ctx.body = { data: workspaceJson(data) };
  });
}
