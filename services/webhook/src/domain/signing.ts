import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing secrets and signatures (docs/architecture.md#webhooks, docs/contracts.md §6.8).
 * A secret is "whsec_" + base64 of 32 random bytes. Service-Signature keys its HMAC with the whole
 * secret text; the Standard Webhooks signature with the decoded bytes, as those libraries expect.
 */

export const secretPrefix = 'whsec_';

export function newSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString('base64')}`;
}

/** The visible start of a secret, e.g. "whsec_Ab3k", so an owner can tell secrets apart. */
export function secretHint(secret: string): string {
  return secret.slice(0, secretPrefix.length + 4);
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret, 'base64');
}

/** Hex HMAC-SHA256 of "{t}.{body}" keyed with the secret text (docs/architecture.md#webhooks). */
export function serviceV1(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

/** `t=<unix>,v1=<hex>[,v1=<hex>]`: one v1 per signing secret (two during a rotation). */
export function serviceSignatureHeader(secrets: string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${serviceV1(s, t, body)}`)].join(',');
}

/** Standard Webhooks: base64 HMAC-SHA256 of "{id}.{t}.{body}" keyed with the decoded secret. */
export function standardV1(secret: string, id: string, t: number, body: string): string {
  return createHmac('sha256', secretBytes(secret)).update(`${id}.${t}.${body}`).digest('base64');
}

/** `v1,<base64>[ v1,<base64>]`, space-separated as the Standard Webhooks spec has it. */
export function standardSignatureHeader(secrets: string[], id: string, t: number, body: string): string {
  return secrets.map((s) => `v1,${standardV1(s, id, t, body)}`).join(' ');
}

export interface SignedHeaders {
  'content-type': string;
  'service-event': string;
  'service-delivery': string;
  'service-signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Every header of one attempt, signed afresh at `t` (unix seconds of the service clock). */
export function signedHeaders(
  secrets: string[],
  event: { id: string; type: string },
  t: number,
  body: string,
): SignedHeaders {
  return {
    'content-type': 'application/json',
    'service-event': event.type,
    'service-delivery': event.id,
    'service-signature': serviceSignatureHeader(secrets, t, body),
    'webhook-id': event.id,
    'webhook-timestamp': String(t),
    'webhook-signature': standardSignatureHeader(secrets, event.id, t, body),
  };
}
