import { AppError } from '@invoice-platform/common/errors';
import { providerSpecs, type PaymentProvider } from '@invoice-platform/common/payment-providers';

/** The HTTP status a provider SDK's error carries (statusCode in stripe, @mollie/api-client and PayPal's SDK). */
function httpStatus(err: unknown): number | undefined {
  const e = err as { statusCode?: unknown; status?: unknown } | null;
  const status =
    typeof e?.statusCode === 'number' ? e.statusCode : typeof e?.status === 'number' ? e.status : undefined;
  return status && status >= 100 && status < 600 ? status : undefined;
}

/**
 * A failed provider call as the caller sees it: the provider refusing the workspace's credentials or
 * the request is the workspace's to fix (FAILED_PRECONDITION, no retry helps); anything else (no
 * answer, a timeout, a 5xx) is UNAVAILABLE. An AppError an adapter threw on purpose passes as is.
 * The provider's own message is kept short and never carries a credential.
 */
export function asProviderFailure(provider: PaymentProvider, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const title = providerSpecs[provider].title;
  const status = httpStatus(err);
  if (status === 401 || status === 403)
    return new AppError('application', `${title} refused the workspace's credentials (HTTP ${status}).`);
  if (status && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const message = ((err as Error).message || '').slice(0, 200);
    return new AppError(
      'application',
      `${title} refused the request (HTTP ${status})${message ? `: ${message}` : ''}.`,
    );
  }
  return new AppError('unavailable', `${title} could not be reached. Retry shortly.`);
}
