import type { Context } from 'koa';
import { pageCssSource } from './styles.ts';

/**
 * Headers of every public customer-facing response: the invoice page, its error pages and the
 * PDF file (docs/public-page.md). The invoice id in the URL is the only key to the invoice, so
 * nothing may carry it elsewhere (no Referer to the payment provider, no shared cache, no search
 * index), and no other site may frame the page.
 */
const common: Record<string, string> = {
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
  'Cache-Control': 'private, no-store',
};

/**
 * The page: nothing loads but its own hashed style sheet, and the Pay form may post only here.
 * Browsers that apply form-action to the redirect after a form post (Chromium does) also need
 * the payment provider's origin there: `payRedirectSources` (config PAY_REDIRECT_SOURCES, https:
 * by default, since every provider's checkout is on https).
 */
export function pagePolicy(payRedirectSources: string): string {
  return [
    "default-src 'none'",
    `style-src ${pageCssSource}`,
    `form-action 'self' ${payRedirectSources}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The PDF: nothing to load and no form, only the browser's own viewer, which the policy does not
 * govern (checked with Chromium 156: the file shows under this policy; docs/public-page.md).
 */
export const pdfPolicy = ["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"].join(
  '; ',
);

export function setPageHeaders(ctx: Context, payRedirectSources: string): void {
  for (const [name, value] of Object.entries(common)) ctx.set(name, value);
  ctx.set('Content-Security-Policy', pagePolicy(payRedirectSources));
}

export function setPdfHeaders(ctx: Context): void {
  for (const [name, value] of Object.entries(common)) ctx.set(name, value);
  ctx.set('Content-Security-Policy', pdfPolicy);
}
