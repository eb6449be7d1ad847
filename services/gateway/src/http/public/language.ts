import { type DocumentLanguage, isDocumentLanguage } from '@invoice-platform/common/i18n/words';

/**
 * The language of a page that has no invoice to take it from (unknown id, rate limit, outage):
 * the browser's most preferred of the 12 document languages (RFC 9110 Accept-Language, primary
 * subtag and q-values), English when none matches.
 */
export function negotiateLanguage(acceptLanguage: string | undefined): DocumentLanguage {
  if (!acceptLanguage) return 'en';
  let best: { lang: DocumentLanguage; q: number } | undefined;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    if (!isDocumentLanguage(primary)) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    // Ties keep the earlier entry: the browser lists its preferences in order.
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'en';
}
