import { Type } from '@sinclair/typebox';
import { commonConfig, grpcServerConfig, loadConfig, mongoConfig } from '@invoice-platform/common/config';

const baseUrl = (fallback: string, description: string) =>
  Type.String({ default: fallback, pattern: '^(https?://.+)?$', description });

export const configSchema = Type.Object({
  ...commonConfig,
  ...grpcServerConfig,
  ...mongoConfig,
  PAYMENT_LISTEN_ADDR: Type.String({ default: '127.0.0.1:15056', description: 'host:port the gRPC server listens on' }),
  PAYMENT_DB_NAME: Type.String({ default: 'payment', description: 'Its MongoDB database' }),
  ACCOUNTS_ADDR: Type.String({
    minLength: 1,
    description: "The accounts service: GetPaymentGatewayCredentials, the workspace's connection of a provider",
  }),
  INVOICE_ADDR: Type.String({
    minLength: 1,
    description: 'The invoice service: GetPublicInvoice and MarkPaidByPayment',
  }),
  GRPC_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 10_000,
    description: 'Deadline of its calls to other services',
  }),
  PUBLIC_BASE_URL: Type.String({
    pattern: '^https?://',
    default: 'http://127.0.0.1:8080',
    description:
      "The platform's {base_url}: providers notify {base}/p/pay/{provider}/notify (the gateway's public route)",
  }),
  PAYMENT_PROVIDER_TIMEOUT_MS: Type.Integer({
    minimum: 500,
    default: 20_000,
    description: 'How long one call to a provider may take before the checkout or notification gives up (UNAVAILABLE)',
  }),
  PAYMENT_CHECKOUT_LEASE_MS: Type.Integer({
    minimum: 1000,
    default: 30_000,
    description:
      "How long a StartCheckout holds the right to create an invoice's checkout with the provider: a concurrent click waits that long, a holder that died is replaced after it (at least the provider timeout + 5 s)",
  }),
  PAYMENT_CHECKOUT_MAX_AGE_MS: Type.Integer({
    minimum: 60_000,
    default: 3 * 3_600_000,
    description: 'A checkout whose provider gives no expiry is not reused after this long',
  }),
  PAYMENT_NOTIFICATION_RETENTION_MS: Type.Integer({
    minimum: 1000,
    default: 400 * 86_400_000,
    description:
      "How long verified notifications (and their capped raw bodies) are kept: 400 days, past a year's books",
  }),
  PAYMENT_REFUSED_RETENTION_MS: Type.Integer({
    minimum: 1000,
    default: 3 * 86_400_000,
    description:
      "How long the kept sample of refused notifications, and each checkout's latest pending answer, is kept",
  }),
  PAYMENT_REFUSED_SAMPLES_PER_HOUR: Type.Integer({
    minimum: 0,
    default: 100,
    description:
      'Refused, unverified notifications kept per provider, refusal kind and hour (a tenth of it per sender); the rest are only counted',
  }),
  PAYMENT_PROVIDER_CALLS_PER_CHECKOUT: Type.Integer({
    minimum: 1,
    default: 10,
    description:
      "Provider calls (PayPal's verify API, fetch-backs) one provider checkout's verified notifications may cause per window",
  }),
  PAYMENT_UNVERIFIED_CALLS_PER_IP: Type.Integer({
    minimum: 1,
    default: 10,
    description:
      "Provider calls one sender (an IP, an IPv6 /64) may cause per window with notifications the provider does not confirm; a confirmed one is not counted, so a provider's own never run out",
  }),
  PAYMENT_PROVIDER_CALLS_WINDOW_MS: Type.Integer({
    minimum: 1000,
    default: 10 * 60_000,
    description: 'The window of the two provider-call allowances above',
  }),
  PAYMENT_PAYPAL_RECHECK_FIRST_MS: Type.Integer({
    minimum: 100,
    default: 60_000,
    description:
      "The due-work pass's first re-check of an open PayPal order after it was opened; then doubling, at most hourly",
  }),
  PAYMENT_PAYPAL_RECHECK_FOR_MS: Type.Integer({
    minimum: 60_000,
    default: 6 * 3_600_000,
    description:
      'How long after it was opened a PayPal order is still re-checked (a checkout is handed out for 3 h at most)',
  }),
  PAYMENT_RETENTION_INTERVAL_MS: Type.Integer({
    minimum: 100,
    default: 3_600_000,
    description: 'How often expired notifications are removed',
  }),
  PAYMENT_DUE_WORK_INTERVAL_MS: Type.Integer({
    minimum: 100,
    default: 15_000,
    description:
      'How often provider checkouts with work due (an expiry, a held-back or scheduled re-check) are looked at',
  }),
  // Each provider's API base. The defaults are the providers' own; tests point them at stripe-mock
  // and the fakes in deploy/local/sandbox/. Empty: the SDK picks its sandbox or live host
  // from the connection's mode (PayPal, Midtrans).
  PAYMENT_STRIPE_BASE_URL: baseUrl(
    'https://api.stripe.com',
    'Stripe API base, e.g. http://127.0.0.1:12111 for stripe-mock; in production only the default',
  ),
  PAYMENT_MOLLIE_BASE_URL: baseUrl(
    'https://api.mollie.com/v2/',
    'Mollie API base (ends in /v2/); in production only the default',
  ),
  PAYMENT_PAYPAL_BASE_URL: baseUrl(
    '',
    'PayPal REST base; empty: api-m.sandbox.paypal.com or api-m.paypal.com by mode; in production empty or api-m.paypal.com',
  ),
  PAYMENT_MIDTRANS_BASE_URL: baseUrl(
    '',
    'Midtrans base; empty: the SDK sandbox or production host by mode; in production only empty',
  ),
  PAYMENT_XENDIT_BASE_URL: baseUrl('https://api.xendit.co', 'Xendit API base; in production only the default'),
  PAYMENT_RAZORPAY_BASE_URL: baseUrl('https://api.razorpay.com', 'Razorpay API base; in production only the default'),
});

export type Config = ReturnType<typeof loadPaymentConfig>;

export function loadPaymentConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(configSchema, env);
}
