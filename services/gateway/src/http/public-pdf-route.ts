import Router from '@koa/router';
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
}

/**
 * The public invoice files: {base_url}/p/invoice/{id}/pdf, streamed as the pdf service sends it,
 * and /e-invoice, the XML of an invoice that has one.
 * Customers open it without a key (the unguessable id is the capability); the IP limit still applies.
 */
export function publicPdfRouter(deps: PublicPdfRouteDeps): Router {
  const router = new Router();
  router.get('/p/invoice/:id/pdf', async (ctx) => {
    setPdfHeaders(ctx);
    await deps.rateLimits.limitIp(ctx);
    const id = ctx.params.id ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !deps.publicPdf) throw notFound();
    const file = await deps.publicPdf(id);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="${file.downloadName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    ctx.length = file.sizeBytes;
    // Headers are out by then: a failure mid-file can only cut the connection (the client sees
    // fewer bytes than Content-Length), never a 200 that looks complete.
    file.body.once('error', (err) => {
      deps.log.warn({ err: err.message, invoice_id: id }, 'public pdf stream failed');
      ctx.req.socket.destroy();
    });
    ctx.body = file.body;
  });
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
