/**
 * The six payment providers a workspace can connect (OpenAPI `generateInvoice` payment_gateway),
 * what each needs to be connected, and which invoice currencies each can take. Accounts checks
 * connections and generate's payment_gateway against this table; the payment service's adapters
 * read the same credentials. docs/payments/<provider>.md says where each value comes from on the
 * provider's side.
 */

import { type PaymentProvider, paymentProviders } from './contracts/values.ts';

export { type PaymentProvider, paymentProviders };

export const paymentModes = ['sandbox', 'live'] as const;
export type PaymentMode = (typeof paymentModes)[number];

export interface CredentialField {
  name: string;
  /** What the dashboard shows next to the field. */
  label: string;
  required: boolean;
}

export interface ProviderSpec {
  name: PaymentProvider;
  title: string;
  credentials: CredentialField[];
  /** ISO 4217 codes the provider settles for an invoice; anything else is refused at generate. */
  currencies: readonly string[];
}

const field = (name: string, label: string, required = true): CredentialField => ({ name, label, required });

export const providerSpecs: Record<PaymentProvider, ProviderSpec> = {
  midtrans: {
    name: 'midtrans',
    title: 'Midtrans',
    // Snap charges in rupiah only; notifications are signed with the server key (SHA-512).
    credentials: [field('server_key', 'Server key'), field('client_key', 'Client key', false)],
    currencies: ['IDR'],
  },
  xendit: {
    name: 'xendit',
    title: 'Xendit',
    // Invoices API currencies; callbacks carry the account's verification token.
    credentials: [field('secret_key', 'Secret API key'), field('callback_token', 'Callback verification token')],
    currencies: ['IDR', 'PHP', 'THB', 'VND', 'MYR'],
  },
  stripe: {
    name: 'stripe',
    title: 'Stripe',
    credentials: [field('secret_key', 'Secret key'), field('webhook_secret', 'Webhook signing secret')],
    currencies: [
      'USD',
      'EUR',
      'GBP',
      'AUD',
      'CAD',
      'CHF',
      'CZK',
      'DKK',
      'HKD',
      'HUF',
      'IDR',
      'INR',
      'JPY',
      'MXN',
      'MYR',
      'NOK',
      'NZD',
      'PHP',
      'PLN',
      'RON',
      'SEK',
      'SGD',
      'THB',
      'BRL',
      'ZAR',
      'KRW',
      'VND',
      'AED',
    ],
  },
  paypal: {
    name: 'paypal',
    title: 'PayPal',
    // PayPal's REST currency codes (developer.paypal.com/reference/currency-codes).
    credentials: [
      field('client_id', 'Client ID'),
      field('client_secret', 'Client secret'),
      field('webhook_id', 'Webhook ID'),
    ],
    currencies: [
      'AUD',
      'BRL',
      'CAD',
      'CNY',
      'CZK',
      'DKK',
      'EUR',
      'HKD',
      'HUF',
      'ILS',
      'JPY',
      'MYR',
      'MXN',
      'TWD',
      'NZD',
      'NOK',
      'PHP',
      'PLN',
      'GBP',
      'SGD',
      'SEK',
      'CHF',
      'THB',
      'USD',
    ],
  },
  razorpay: {
    name: 'razorpay',
    title: 'Razorpay',
    credentials: [
      field('key_id', 'Key ID'),
      field('key_secret', 'Key secret'),
      field('webhook_secret', 'Webhook secret'),
    ],
    currencies: ['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED', 'AUD', 'CAD', 'MYR'],
  },
  mollie: {
    name: 'mollie',
    title: 'Mollie',
    // Mollie notifications carry only a payment id, fetched back with the API key.
    credentials: [field('api_key', 'API key')],
    currencies: [
      'EUR',
      'AUD',
      'CAD',
      'CHF',
      'CZK',
      'DKK',
      'GBP',
      'HKD',
      'HUF',
      'ISK',
      'JPY',
      'NOK',
      'NZD',
      'PHP',
      'PLN',
      'RON',
      'SEK',
      'SGD',
      'USD',
    ],
  },
};

export function isPaymentProvider(name: string): name is PaymentProvider {
  return (paymentProviders as readonly string[]).includes(name);
}
