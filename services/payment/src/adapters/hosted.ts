import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import { randomBase62 } from '@invoice-platform/common/ids';
import { providerSpecs, type PaymentProvider } from '@invoice-platform/common/payment-providers';
import type * as contract from '../domain/adapter.ts';

/**
 * What the adapters of the hosted-page providers (Midtrans, Xendit, Razorpay) share: an SDK whose
 * host a test replaces, a JSON notification whose numbers must not pass through a binary float, the
 * same acknowledgement, and the same reading of a failed SDK call.
 */

const DEFAULT_TIMEOUT_MS = 15_000;

export interface HostedAdapterOptions {
  /**
   * Replaces the origin of the provider's API (the adapter's class comment names it), e.g. a local
   * fake in tests; empty or unset: the provider's own.
   */
  baseUrl?: string;
  timeoutMs?: number;
}

export abstract class HostedAdapter implements contract.PaymentAdapter {
  abstract readonly provider: PaymentProvider;
  /** Without a trailing slash; undefined: the SDK's own host. */
  protected readonly baseUrl: string | undefined;
  protected readonly timeoutMs: number;

  constructor(options: HostedAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : undefined;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  abstract createCheckout(conn: contract.Connection, input: contract.CheckoutInput): Promise<contract.Checkout>;
  abstract readonly confirmCallsProvider: boolean;
  abstract parse(n: contract.RawNotification): contract.ParsedNotification | undefined;
  abstract authenticate(
    conn: contract.Connection,
    parsed: contract.ParsedNotification,
    n: contract.RawNotification,
  ): string | undefined;
  abstract confirm(
    conn: contract.Connection,
    parsed: contract.ParsedNotification,
    n: contract.RawNotification,
  ): Promise<contract.VerifiedNotification>;

  /** The connection's credentials `fields`; without any of them no checkout can be opened. */
  protected credentials<F extends string>(conn: contract.Connection, fields: F[], what: string): Record<F, string> {
    const found = {} as Record<F, string>;
    for (const field of fields) {
      const value = conn.credentials[field];
      if (!value)
        throw new AppError('application', `The ${providerSpecs[this.provider].title} connection has no ${what}.`);
      found[field] = value;
    }
    return found;
  }

  /**
   * The secret the connection verifies notifications with (credential `field`, called `what`) and
   * the notification's `header` that proves it, or why the notification cannot be verified.
   */
  protected proof(
    conn: contract.Connection,
    n: contract.RawNotification,
    secret: { field: string; what: string; header: string },
  ): { secret: string; given: string } | { reason: string } {
    const value = conn.credentials[secret.field];
    if (!value) return { reason: `the connection has no ${secret.what}` };
    const given = n.headers[secret.header];
    if (!given) return { reason: `the ${secret.header} header is missing` };
    return { secret: value, given };
  }

  reply(kind: contract.ReplyKind): contract.ProviderReply {
    // These providers retry a notification answered with anything but a 2xx (Razorpay disables the
    // webhook after a day of failures); a refused one never passes, so it is acknowledged too.
    return { status: 200, contentType: 'application/json', body: JSON.stringify({ status: kind }) };
  }
}

/**
 * A failed SDK call: a refused request (bad key, bad field) will not pass on retry; no answer, a
 * 429 or a 5xx may. `httpStatus` is undefined (or not an integer) when the provider did not answer.
 */
export function sdkFailure(provider: PaymentProvider, httpStatus: number | undefined, errorCode?: unknown): AppError {
  const title = providerSpecs[provider].title;
  if (httpStatus === undefined || !Number.isInteger(httpStatus) || httpStatus >= 500 || httpStatus === 429) {
    return new AppError('unavailable', `${title} could not be reached.`, { provider });
  }
  const what = httpStatus === 401 || httpStatus === 403 ? "the workspace's credentials" : 'the request';
  return new AppError('application', `${title} refused ${what} (HTTP ${httpStatus}).`, {
    provider,
    http_status: httpStatus,
    ...(typeof errorCode === 'string' ? { error_code: errorCode } : {}),
  });
}

/**
 * An invoice amount split for the provider's form: the decimals the provider takes in `currency`
 * (from its table), the whole part without leading zeros and the fraction without trailing ones;
 * undefined when the amount is not a plain decimal. A currency the provider does not take is refused.
 */
export function amountParts(
  provider: PaymentProvider,
  decimalsByCurrency: Readonly<Record<string, number>>,
  amount: string,
  currency: string,
): { decimals: number; whole: string; fraction: string } | undefined {
  const decimals = decimalsByCurrency[currency];
  if (decimals === undefined) {
    const taken = Object.keys(decimalsByCurrency).join(', ');
    throw new AppError('application', `${providerSpecs[provider].title} takes ${taken}, not ${currency}.`);
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return undefined;
  return { decimals, whole: match[1]!.replace(/^0+(?=\d)/, ''), fraction: (match[2] ?? '').replace(/0+$/, '') };
}

/**
 * A provider reference for a new checkout: the invoice id and a random suffix. Such a provider
 * refuses a reference it has seen before, so a second checkout for the same invoice (after the
 * first expired) needs a new one; the invoice id stays readable in the merchant's dashboard.
 */
export function suffixedReference(invoiceId: string): string {
  return `${invoiceId}-${randomBase62(5)}`;
}

/** The invoice id in a reference made by suffixedReference, or undefined for any other. */
export function invoiceIdOfReference(reference: string): string | undefined {
  return /^(.+)-[0-9A-Za-z]{7}$/.exec(reference)?.[1];
}

/**
 * Whether a presented secret or signature equals the expected one, in time that depends on neither
 * (nor on their lengths): the digests are compared, never the texts. An empty secret proves nothing.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}
