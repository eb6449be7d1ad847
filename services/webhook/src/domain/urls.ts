import { isIP } from 'node:net';
import type { FieldError } from '@invoice-platform/common/errors';

export const maxUrlLength = 2048;

export interface UrlRules {
  /** WEBHOOK_ALLOW_INSECURE_LOOPBACK: plain http is allowed (its host must then resolve to loopback). */
  allowInsecureLoopback: boolean;
}

export type UrlCheck = { ok: true; url: URL; host: string; insecure: boolean } | { ok: false; error: FieldError };

const fail = (message: string): UrlCheck => ({ ok: false, error: { path: 'url', message } });

/**
 * The syntactic half of the endpoint URL rules (docs/architecture.md#webhooks); the address half runs
 * after DNS resolution (addresses.ts). `host` is the bare hostname or IP literal to resolve.
 */
export function checkEndpointUrl(raw: string, rules: UrlRules): UrlCheck {
  const text = (raw ?? '').trim();
  if (!text) return fail('is required');
  if (text.length > maxUrlLength) return fail(`must be at most ${maxUrlLength} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('must be an absolute URL such as https://example.com/webhooks');
  }
  const insecure = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(insecure && rules.allowInsecureLoopback)) {
    return fail(
      insecure
        ? 'must use https:// (plain http:// is not allowed)'
        : `must use https://, not ${url.protocol.replace(/:$/, '')}://`,
    );
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (insecure && !['127.0.0.1', '::1', 'localhost'].includes(host.toLowerCase())) {
    return fail('must use https:// (plain http:// is allowed only to 127.0.0.1 or ::1 in development)');
  }
  if (url.username || url.password) return fail('must not contain credentials (user:password@)');
  if (url.hash) return fail('must not contain a #fragment');
  if (!host) return fail('must name a host');
  if (!isIP(host) && !/^[A-Za-z0-9.-]+$/.test(host)) return fail('has an invalid host name');
  return { ok: true, url, host, insecure };
}
