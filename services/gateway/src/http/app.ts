import Router from '@koa/router';
import type { Logger } from '@invoice-platform/common/logger';
import Koa from 'koa';
import { apiGuard } from './api-guard.ts';
import { apiRouter, type Handlers } from './api-router.ts';
import type { Authenticator } from './auth.ts';
import { docsRouter } from './docs-pages.ts';
import { settleUnreadBody } from './body.ts';
import { errorMiddleware, notFound } from './errors.ts';
import { httpMetrics } from './metrics.ts';
import { probesRouter } from './probes.ts';
import type { PublicPageBackend } from './public/backend.ts';
import { publicPageRouter } from './public/routes.ts';
import type { PublicPdf } from './public-pdf.ts';
import { publicPdfRouter } from './public-pdf-route.ts';
import type { RateLimitPolicy } from './rate-limit-policy.ts';
import type { RouteSpec } from './schemas/routes.ts';

export interface PublicAppDeps {
  log: Logger;
  routes: RouteSpec[];
  handlers: Handlers;
  auth: Authenticator;
  rateLimits: RateLimitPolicy;
  bodyLimit: number;
  openapi: () => object;
  /** The Kafka event contract served at /asyncapi.json. */
  asyncapi: () => object;
  /** True when this gateway can serve its own requests (docs/health.md); peers are not asked. */
  readiness: () => Promise<boolean>;
  /** The public invoice file {base_url}/p/invoice/{id}/pdf; the unguessable id is the capability. */
  publicPdf?: (invoiceId: string) => Promise<PublicPdf>;
  /** The public e-invoice XML {base_url}/p/invoice/{id}/e-invoice, when the invoice has one. */
  publicEInvoice?: (invoiceId: string) => Promise<{ xml: string; filename: string }>;
  /** A credit note's public file {base_url}/p/credit-note/{id}/pdf; its unguessable id is the capability. */
  publicCreditNotePdf?: (creditNoteId: string) => Promise<PublicPdf>;
  /** The public invoice page, its Pay form and the providers' notification routes (docs/public-page.md). */
  invoicePage?: {
    backend: PublicPageBackend;
    /** The public {base_url}. */
    publicBaseUrl: string;
    /** CSP sources the Pay form's redirect to a provider may go to. */
    payRedirectSources: string;
  };
}

/** The public port: probes, the contracts and the API reference, the public file and page, then the API. */
export function createPublicApp(deps: PublicAppDeps): Koa {
  const app = new Koa();
  app.proxy = false;
  // Every router below, for the metrics' route templates.
  const routers: Router[] = [];
  const mount = (router: Router): Router => {
    routers.push(router);
    app.use(router.routes());
    return router;
  };
  // Outermost: it runs once the answer is set, before Koa sends it.
  app.use(settleUnreadBody(4 * deps.bodyLimit));
  app.use(httpMetrics(routers));
  app.use(errorMiddleware(deps.log));

  mount(probesRouter(deps.readiness));
  mount(docsRouter(deps));
  mount(publicPdfRouter(deps));
  if (deps.invoicePage) {
    mount(
      publicPageRouter({
        ...deps.invoicePage,
        log: deps.log,
        bodyLimit: deps.bodyLimit,
        limitPage: (ctx) => deps.rateLimits.limitIp(ctx),
        limitNotify: (ctx) => deps.rateLimits.limitNotify(ctx),
        senderOf: (ctx) => deps.rateLimits.senderKey(ctx),
      }),
    );
  }

  const guard = apiGuard(deps);
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? guard(ctx, next) : next()));
  const api = mount(apiRouter(deps));
  app.use(api.allowedMethods({ throw: true }));
  app.use(() => {
    throw notFound();
  });
  return app;
}
