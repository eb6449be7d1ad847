import type Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { readJsonBody } from '../http/body.ts';
import { openAsIssued, openCreditNotePdf, openInvoicePdf, type PublicPdf } from '../http/public-pdf.ts';
import { AsIssuedQuery } from '../http/schemas/archive.ts';
import { ResourceId, use } from '../http/schemas/common.ts';
import { compileRoute } from '../http/validation.ts';
import type { Authenticator } from '../http/auth.ts';
import type { AccountsClient, InvoiceClient, PdfClient } from '../service/peers.ts';
import { workspaceJson } from './legal-profile.ts';

export interface ArchiveRouteDeps {
  accounts: AccountsClient;
  /** Absent: the routes that need it answer 501. */
  invoice?: InvoiceClient;
  pdf?: PdfClient;
  bodyLimit: number;
  authCache: Pick<Authenticator, 'invalidateWorkspace'>;
}

/** The retention an operator may state, in years (accounts SetWorkspaceRetention). */
const minRetentionYears = 1;
const maxRetentionYears = 100;

const ws = use(ResourceId, { description: 'The workspace id.' });
const workspaceParams = Type.Object({ ws }, { additionalProperties: false });
const documentParams = Type.Object(
  { ws, id: use(ResourceId, { description: 'The invoice or credit note id.' }) },
  { additionalProperties: false },
);
const retentionBody = Type.Object(
  {
    retention_years: Type.Union(
      [Type.Integer({ minimum: minRetentionYears, maximum: maxRetentionYears }), Type.Null()],
      {
        description: 'Years the documents issued from now on are kept as issued; null: the default (10).',
      },
    ),
  },
  { additionalProperties: false },
);
const verifyQuery = Type.Object(
  {
    page_token: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 200 })),
  },
  { additionalProperties: false },
);
const retentionRequest = compileRoute({ params: workspaceParams, body: retentionBody, bodyRequired: true });
const documentRequest = compileRoute({ params: documentParams, query: AsIssuedQuery, bodyRequired: false });
const verifyRequest = compileRoute({ params: workspaceParams, query: verifyQuery, bodyRequired: false });

const parts = (ctx: Context, body?: unknown) => ({
  params: ctx.params as Record<string, string>,
  query: ctx.query,
  body,
  headers: ctx.headers,
});

const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The as-issued archive on the admin API (docs/money-trail.md "The as-issued archive"): the
 * workspace's retention, the documents' downloads with `?as_issued=true` as on the public API (the
 * current file without it), and one page of VerifyArchive, which `invoicectl archive verify` pages
 * through. The workspace is looked up first, so an unknown one is a 404.
 */
export function registerArchiveRoutes(r: Router, deps: ArchiveRouteDeps): void {
  const invoice = () => {
    if (!deps.invoice) throw new AppError('not_implemented', 'The invoice service is not configured.');
    return deps.invoice;
  };
  const peers = () => {
    if (!deps.pdf) throw new AppError('not_implemented', 'The pdf service is not configured.');
    return { invoice: invoice(), pdf: deps.pdf };
  };
  const workspace = async (id: string) => {
    await deps.accounts.call('GetWorkspace', { workspace_id: id });
    return id;
  };
  const document = async (ctx: Context) => {
    const { params, query } = documentRequest.validate(parts(ctx));
    return { ws: await workspace(params.ws as string), id: params.id as string, asIssued: query.as_issued === true };
  };
  const send = (ctx: Context, file: PublicPdf & { contentType?: string; sha256?: string }) => {
    file.body.once('error', () => ctx.req.socket.destroy());
    const type = file.contentType ?? 'application/pdf';
    ctx.type = type === 'application/xml' ? 'application/xml; charset=utf-8' : type;
    ctx.length = file.sizeBytes;
    ctx.set('Content-Disposition', `attachment; filename="${safeFilename(file.downloadName)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (file.sha256) ctx.set('Repr-Digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`);
    ctx.body = file.body;
  };
  const sendXml = (ctx: Context, file: { xml: string; filename: string }) => {
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${safeFilename(file.filename)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = file.xml;
  };

  r.put('/workspaces/:ws/retention', async (ctx) => {
    const received = await readJsonBody(ctx.req, deps.bodyLimit);
    const { params, body } = retentionRequest.validate(parts(ctx, received));
    const wsId = params.ws as string;
    const years = (body as { retention_years: number | null }).retention_years;
    const data = await deps.accounts.call('SetWorkspaceRetention', {
      workspace_id: wsId,
      retention_years: years ?? undefined,
    });
    deps.authCache.invalidateWorkspace(wsId);
    ctx.body = { data: workspaceJson(data) };
  });

  r.get('/workspaces/:ws/invoices/:id/pdf', async (ctx) => {
    const d = await document(ctx);
    send(ctx, d.asIssued ? await openAsIssued(peers(), d.ws, d.id, 'pdf') : await openInvoicePdf(peers(), d.ws, d.id));
  });
  r.get('/workspaces/:ws/invoices/:id/e-invoice', async (ctx) => {
    const d = await document(ctx);
    if (d.asIssued) return send(ctx, await openAsIssued(peers(), d.ws, d.id, 'e_invoice'));
    sendXml(ctx, await invoice().call('GetEInvoice', { workspace_id: d.ws, invoice_id: d.id }));
  });
  r.get('/workspaces/:ws/credit-notes/:id/pdf', async (ctx) => {
    const d = await document(ctx);
    send(
      ctx,
      d.asIssued ? await openAsIssued(peers(), d.ws, d.id, 'pdf') : await openCreditNotePdf(peers(), d.id, d.ws),
    );
  });
  r.get('/workspaces/:ws/credit-notes/:id/e-invoice', async (ctx) => {
    const d = await document(ctx);
    if (d.asIssued) return send(ctx, await openAsIssued(peers(), d.ws, d.id, 'e_invoice'));
    sendXml(ctx, await invoice().call('GetCreditNoteEInvoice', { workspace_id: d.ws, credit_note_id: d.id }));
  });

  // One page: the SHA-256 of each copy kept by a page of the workspace's invoices, recomputed.
  r.get('/workspaces/:ws/archive/verify', async (ctx) => {
    const { params, query } = verifyRequest.validate(parts(ctx));
    const wsId = await workspace(params.ws as string);
    const res = await invoice().call('VerifyArchive', {
      workspace_id: wsId,
      page_token: query.page_token as string | undefined,
      page_size: query.page_size as number,
    });
    ctx.body = {
      data: { checked: res.checked, mismatches: res.mismatches, next_page_token: res.next_page_token ?? null },
    };
  });
}
