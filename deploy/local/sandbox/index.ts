/**
 * Every provider's fake, started the same way (README.md): `await startFake[provider](opts)`.
 */
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import { startFakeMidtrans } from './midtrans.ts';
import { startFakeMollie } from './mollie.ts';
import { startFakePaypal } from './paypal.ts';
import { startFakeRazorpay } from './razorpay.ts';
import { startFakeStripe } from './stripe.ts';
import type { StartFakeProvider } from './types.ts';
import { startFakeXendit } from './xendit.ts';

export type * from './types.ts';

export const startFake: Record<PaymentProvider, StartFakeProvider> = {
  stripe: startFakeStripe,
  mollie: startFakeMollie,
  paypal: startFakePaypal,
  midtrans: startFakeMidtrans,
  xendit: startFakeXendit,
  razorpay: startFakeRazorpay,
};
