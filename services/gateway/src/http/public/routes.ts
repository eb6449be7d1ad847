import Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { isPaymentProvider } from '@invoice-platform/common/payment-providers';
import type { Context } from 'koa';
import { readRawBody } from '../body.ts';
import type { PublicPageBackend } from './backend.ts';
import { setPageHeaders } from './headers.ts';
import { negotiateLanguage } from './language.ts';
import { type MessagePageKind, renderInvoicePage, renderMessagePage } from './render.ts';
import { buildInvoicePageView, publicBasePath } from './view.ts';

export interface PublicPageOptions {
  backend: PublicPageBackend;
  log: Logger;
  /** {base_url}: the Pay form posts under its path, and the provider sends the customer back to the page under it. */
  publicBaseUrl: string;
  /** CSP sources the Pay form's redirect may go to (config PAY_REDIRECT_SOURCES). */
  payRedirectSources: string;
  /** Largest notification body read, in bytes. */
  bodyLimit: number;
  /** Counts a page request against its IP (the API's limit); throws rate_limited or unavailable. */
  limitPage: (ctx: Context) => Promise<void>;
  /** Counts a notification against its IP in a scope of its own; throws like limitPage. */
  limitNotify: (ctx: Context) => Promise<void>;
  /** The notification's sender as the limits count it, relayed to the payment service. */
  senderOf: (ctx: Context) => string;
}

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Kinds a refused StartCheckout comes back as: the invoice cannot be paid now (payment.proto). */
const refusals = new Set(['application', 'conflict', 'unprocessable', 'validation', 'forbidden']);

function sendHtml(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

/**
 * The public invoice page {base_url}/p/invoice/{id}, its Pay form and the payment providers'
 * notification routes (docs/public-page.md). No authentication: the unguessable invoice id is
 * the capability. Everything a browser opens answers HTML with the page headers, errors included.
 */
export function publicPageRouter(opts: PublicPageOptions): Router {
  const base = opts.publicBaseUrl.replace(/\/+$/, '');
  const basePath = publicBasePath(base);
  const router = new Router();

  function sendMessage(ctx: Context, status: number, kind: MessagePageKind): void {
    sendHtml(ctx, status, renderMessagePage(negotiateLanguage(ctx.get('Accept-Language') || undefined), kind));
  }

  function sendFailure(ctx: Context, err: unknown): void {
    if (AppError.isKind(err, 'not_found')) return sendMessage(ctx, 404, 'not_found');
    if (AppError.isKind(err, 'rate_limited')) {
      const retry = err.details?.retry_after;
      if (typeof retry === 'number') ctx.set('Retry-After', String(retry));
      return sendMessage(ctx, 429, 'rate_limited');
    }
    const expected = AppError.isKind(err, 'unavailable') || AppError.isKind(err, 'not_implemented');
    if (expected) opts.log.warn({ err: (err as Error).message, path: ctx.path }, 'public page unavailable');
    else opts.log.error({ err, method: ctx.method, path: ctx.path }, 'public page failed');
    sendMessage(ctx, expected ? 503 : 500, 'unavailable');
  }

  /** Headers first, so every answer carries them; then the IP limit and the id check, then `handler`. */
  const page =
    (handler: (ctx: Context, id: string) => Promise<void>) =>
    async (ctx: Context): Promise<void> => {
      setPageHeaders(ctx, opts.payRedirectSources);
      try {
        await opts.limitPage(ctx);
        const id = ctx.params.id ?? '';
        if (!idPattern.test(id)) throw new AppError('not_found', 'No such invoice.');
        await handler(ctx, id);
      } catch (err) {
        sendFailure(ctx, err);
      }
    };

  const payPath = (id: string) => `${basePath}/p/invoice/${id}/pay`;

  async function showInvoice(ctx: Context, id: string, status: number, refusal?: 'pay_refused' | 'pay_unavailable') {
    const { invoice, workspace } = await opts.backend.invoice(id);
    const view = buildInvoicePageView(invoice, workspace, opts.publicBaseUrl);
    const message = refusal ? { text: view.words[refusal] } : undefined;
    sendHtml(ctx, status, renderInvoicePage(view, payPath(id), message));
  }

  router.get(
    '/p/invoice/:id',
    page((ctx, id) => showInvoice(ctx, id, 200)),
  );

  // A plain form post (no script on the page): the payment service opens or reuses the checkout
  // and the browser follows a 303 to the provider, which later sends the customer back here.
  router.post(
    '/p/invoice/:id/pay',
    page(async (ctx, id) => {
      let redirectUrl: string;
      try {
        ({ redirect_url: redirectUrl } = await opts.backend.startCheckout(id, `${base}/p/invoice/${id}`));
        if (!/^https?:\/\//i.test(redirectUrl)) throw new AppError('internal', 'the checkout URL is not http(s)');
      } catch (err) {
        if (AppError.isKind(err, 'not_found')) throw err;
        const refused = err instanceof AppError && refusals.has(err.kind);
        opts.log.warn(
          { invoice_id: id, kind: err instanceof AppError ? err.kind : 'internal', err: (err as Error).message },
          'checkout not started',
        );
        // The page again, as it is now (it may have been paid meanwhile), with why Pay did nothing.
        await showInvoice(ctx, id, refused ? 409 : 503, refused ? 'pay_refused' : 'pay_unavailable');
        return;
      }
      ctx.status = 303;
      ctx.redirect(redirectUrl);
    }),
  );

  // Providers post their notifications here (and a GET is relayed too, for one that pings). The
  // body goes on as bytes, never parsed: signatures are computed over the exact bytes received.
  const notify = async (ctx: Context): Promise<void> => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    await opts.limitNotify(ctx);
    const provider = ctx.params.provider ?? '';
    if (!isPaymentProvider(provider)) throw new AppError('not_found', 'No such payment provider.');
    const body = await readRawBody(ctx.req, opts.bodyLimit);
    const raw = ctx.req.rawHeaders;
    const headers: { name: string; value: string }[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) headers.push({ name: raw[i]!.toLowerCase(), value: raw[i + 1]! });
    const reply = await opts.backend.handleNotification({
      provider,
      body,
      headers,
      query: ctx.querystring,
      client_ip: opts.senderOf(ctx),
    });
    if (!Number.isInteger(reply.http_status) || reply.http_status < 200 || reply.http_status > 599) {
      throw new AppError('internal', `the payment service answered HTTP status ${reply.http_status}`);
    }
    opts.log.info(
      { provider, outcome: reply.outcome, reason: reply.reason || undefined, http_status: reply.http_status },
      'payment notification relayed',
    );
    ctx.status = reply.http_status;
    ctx.set('Content-Type', reply.content_type || 'text/plain; charset=utf-8');
    ctx.body = reply.body;
  };
  router.post('/p/pay/:provider/notify', notify);
  router.get('/p/pay/:provider/notify', notify);

  return router;
}
