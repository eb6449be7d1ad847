import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { isDevLoopback, refusal } from '../domain/addresses.ts';
import type { PostResult } from '../domain/delivery-outcome.ts';
import type { EventDoc } from '../domain/events.ts';
import { signedHeaders } from '../domain/signing.ts';

export interface ResolvedTarget {
  url: URL;
  /** The checked address the request connects to: never resolved again (no TOCTOU). */
  address: string;
  family: 4 | 6;
}

export type Resolution = { ok: true; target: ResolvedTarget } | { ok: false; error: string };

export type LookupFn = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupFn = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface TargetPolicy {
  allowInsecureLoopback: boolean;
}

/**
 * Resolves the endpoint's host and applies the address policy (docs/architecture.md#webhooks) to every
 * address it resolves to: one refused address refuses the URL, so a name cannot mix a public
 * address with an internal one. Plain http (dev flag only) must resolve to 127.0.0.1 or ::1.
 */
export async function resolveTarget(
  url: URL,
  policy: TargetPolicy,
  lookup: LookupFn = systemLookup,
): Promise<Resolution> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host);
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'error';
      return { ok: false, error: `the host ${host} could not be resolved (${code})` };
    }
    if (addresses.length === 0) return { ok: false, error: `the host ${host} has no address` };
  }
  const insecure = url.protocol === 'http:';
  for (const { address } of addresses) {
    const why = refusal(address, { allowDevLoopback: policy.allowInsecureLoopback });
    if (why) return { ok: false, error: `the host ${host} resolves to a refused address: ${why}` };
    if (insecure && !(policy.allowInsecureLoopback && isDevLoopback(address))) {
      return { ok: false, error: `plain http:// is allowed only to 127.0.0.1 or ::1, and ${host} is ${address}` };
    }
  }
  const first = addresses[0]!;
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}

export const excerptLimit = 1024;

function excerptOf(chunks: Buffer[]): string | undefined {
  if (chunks.length === 0) return undefined;
  const text = Buffer.concat(chunks).subarray(0, excerptLimit).toString('utf8');
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/\uFFFD+$/, '');
}

/**
 * One POST to the checked address, no redirects followed, no connection reuse. The status must
 * arrive within `timeoutMs` (docs/architecture.md#webhooks); at most `excerptLimit` bytes of the
 * body are kept.
 */
export function post(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  const { url, address, family } = target;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    let status: number | undefined;
    const chunks: Buffer[] = [];
    let kept = 0;
    const finish = (result: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
      req.destroy();
    };
    const req = transport.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'InvoicePlatform-Webhooks/1.0',
        },
        // The name was resolved and checked once; the connection goes to that address.
        lookup: ((_hostname: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
          if (options?.all) cb(null, [{ address, family }]);
          else cb(null, address, family);
        }) as unknown as typeof import('node:dns').lookup,
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
      },
      (res) => {
        status = res.statusCode;
        res.on('data', (chunk: Buffer) => {
          if (kept < excerptLimit) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          if (kept >= excerptLimit) finish({ status, excerpt: excerptOf(chunks) });
        });
        res.on('end', () => finish({ status, excerpt: excerptOf(chunks) }));
        res.on('error', () => finish({ status, excerpt: excerptOf(chunks) }));
      },
    );
    const timer = setTimeout(() => {
      if (status !== undefined) finish({ status, excerpt: excerptOf(chunks) });
      else finish({ error: `no response within ${timeoutMs} ms (timeout)` });
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (status !== undefined) finish({ status, excerpt: excerptOf(chunks) });
      else finish({ error: `${err.code ?? 'error'}: ${err.message}` });
    });
    req.end(body);
  });
}

/**
 * One attempt of `event` to the endpoint at `url`, signed at `at` with `secrets`: resolves, checks
 * and POSTs, so the address policy runs again at every attempt (a name may resolve elsewhere since
 * the endpoint was registered).
 */
export async function sendSigned(
  url: string,
  secrets: string[],
  event: EventDoc,
  at: Date,
  opts: TargetPolicy & { timeoutMs: number },
): Promise<PostResult> {
  const resolved = await resolveTarget(new URL(url), { allowInsecureLoopback: opts.allowInsecureLoopback });
  if (!resolved.ok) return { durationMs: 0, error: `address policy: ${resolved.error}` };
  const t = Math.floor(at.getTime() / 1000);
  const headers = signedHeaders(secrets, { id: event._id, type: event.type }, t, event.body);
  return post(resolved.target, { ...headers }, event.body, opts.timeoutMs);
}
