import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import type { PaymentAdapter } from '../domain/adapter.ts';
import { MidtransAdapter } from './midtrans.ts';
import { MollieAdapter } from './mollie.ts';
import { PaypalAdapter } from './paypal.ts';
import { RazorpayAdapter } from './razorpay.ts';
import { StripeAdapter } from './stripe.ts';
import { XenditAdapter } from './xendit.ts';

export interface AdapterSettings {
  /** Each provider's API base (config PAYMENT_<PROVIDER>_BASE_URL); empty: the SDK's own host by mode. */
  baseUrls: Record<PaymentProvider, string>;
  /** One provider call's limit, for the SDKs that take one (the service bounds every call too). */
  timeoutMs: number;
}

/** One adapter per provider, each on the provider's official SDK (docs/payments.md). */
export function createAdapters(settings: AdapterSettings): Record<PaymentProvider, PaymentAdapter> {
  const { baseUrls, timeoutMs } = settings;
  return {
    stripe: new StripeAdapter({ baseUrl: baseUrls.stripe, timeoutMs }),
    mollie: new MollieAdapter({ baseUrl: baseUrls.mollie }),
    paypal: new PaypalAdapter({ baseUrl: baseUrls.paypal, timeoutMs }),
    midtrans: new MidtransAdapter({ baseUrl: baseUrls.midtrans, timeoutMs }),
    xendit: new XenditAdapter({ baseUrl: baseUrls.xendit }),
    razorpay: new RazorpayAdapter({ baseUrl: baseUrls.razorpay, timeoutMs }),
  };
}
