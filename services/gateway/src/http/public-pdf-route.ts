import Router from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from '@invoice-platform/common/logger';
import { notFound } from './errors.ts';
import { setPdfHeaders } from './public/headers.ts';
import type { PublicPdf } from './public-pdf.ts';
import type { RateLimitPolicy } from './rate-limit-policy.ts';

export interface PublicPdfRouteDeps {
  log: Logger;
  rateLimits: RateLimitPolicy;
  /** Opens an invoice's file; absent when the invoice or pdf service is not deployed (then a 404). */
  publicPdf?: (invoiceId: string) => Promise<PublicPdf>;
  /** An invoice's e-invoice XML (docs/e-invoicing.md); absent when the invoice service is not deployed. */
  publicEInvoice?: (invoiceId: string) => Promise<{ xml: string; filename: string }>;
  /** Opens a credit note's file (docs/money-trail.md); absent when the invoice or pdf service is not deployed. */
  publicCreditNotePdf?: (creditNoteId: string) => Promise<PublicPdf>;
}

/**
 * The public invoice files: {base_url}/p/invoice/{id}/pdf, streamed as the pdf service sends it,
 * and /e-invoice, the XML of an invoice that has one; and a credit note's PDF,
 * {base_url}/p/credit-note/{id}/pdf (docs/money-trail.md).
 * Customers open it without a key (the unguessable id is the capability); the IP limit still applies.
 */
export function publicPdfRouter(deps: PublicPdfRouteDeps): Router {
  const router = new Router();
  /** A public file by its capability id: any refusal (unknown, malformed, not rendered) is the same 404. */
  const servePdf = (open: ((id: string) => Promise<PublicPdf>) | undefined, logField: string) =>
    async function (ctx: Context) {
      setPdfHeaders(ctx);
      await deps.rateLimits.limitIp(ctx);
      const id = ctx.params.id ?? '';
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !open) throw notFound();
      const file = await open(id);
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="${file.downloadName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
      ctx.length = file.sizeBytes;
      // Headers are out by then: a failure mid-file can only cut the connection (the client sees
      // fewer bytes than Content-Length), never a 200 that looks complete.
      file.body.once('error', (err) => {
        // Logged as it is: the logger shortens a capability id (docs/observability.md#invoice-ids-in-logs).
        deps.log.warn({ err: err.message, [logField]: id }, 'public pdf stream failed');
        ctx.req.socket.destroy();
      });
      ctx.body = file.body;
    };
  router.get('/p/invoice/:id/pdf', servePdf(deps.publicPdf, 'invoice_id'));
  router.get('/p/credit-note/:id/pdf', servePdf(deps.publicCreditNotePdf, 'credit_note_id'));
  // The e-invoice XML the page offers beside the PDF: the same capability, the same limit.
  router.get('/p/invoice/:id/e-invoice', async (ctx) => {
    setPdfHeaders(ctx);
    await deps.rateLimits.limitIp(ctx);
    const id = ctx.params.id ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !deps.publicEInvoice) throw notFound();
    const file = await deps.publicEInvoice(id);
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    ctx.body = file.xml;
  });
  return router;
}
