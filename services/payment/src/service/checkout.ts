import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { withTimeout } from '@invoice-platform/common/timeouts';
import { isPaymentProvider, providerSpecs, type PaymentProvider } from '@invoice-platform/common/payment-providers';
import { leaseHeld } from '@invoice-platform/common/store/leases';
import type { Connection, PaymentAdapter } from '../domain/adapter.ts';
import {
  amountToCharge,
  checkoutExpiry,
  decideCheckout,
  isZeroAmount,
  nextRecheckAt,
  notifyUrl,
  payableStatus,
  type RecheckSchedule,
} from '../domain/checkouts.ts';
import type { CheckoutStore, CheckoutSubject, CreatingLease } from '../store/checkouts.ts';
import type { ProviderCheckoutStore } from '../store/provider-checkouts.ts';
import { asProviderFailure } from './provider-errors.ts';
import type { Peers, PublicInvoice } from './peers.ts';

export interface CheckoutServiceDeps {
  checkouts: CheckoutStore;
  providerCheckouts: ProviderCheckoutStore;
  peers: Peers;
  adapters: Record<PaymentProvider, PaymentAdapter>;
  publicBaseUrl: string;
  leaseMs: number;
  maxAgeMs: number;
  providerTimeoutMs: number;
  /** When the due-work pass re-checks the checkouts of a provider that re-checks them (PayPal). */
  recheck: RecheckSchedule;
  /** Work became due on a provider checkout (a replaced one to expire): the due-work pass should run now. */
  onDueWork: () => void;
  log: Logger;
  now?: () => Date;
}

export interface StartedCheckout {
  redirectUrl: string;
  provider: PaymentProvider;
  reused: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * StartCheckout (docs/payments.md "The flow"): checks the invoice can be paid online, then sends the
 * customer to the invoice's one checkout with its provider: the stored one while it can still be
 * paid for the invoice's current amount, else a new one. Concurrent clicks on a fresh invoice race
 * for the insert of its checkout; the unique index picks one, which asks the provider, and the
 * others wait for that and reuse it, so the provider is asked once. Every provider checkout opened
 * is recorded (provider_checkouts) before the checkout points to it, and one that is replaced is
 * expired at the provider by the due-work pass, so a notification about any of them still finds
 * its invoice and a replaced one stops taking payments wherever the provider allows it.
 */
export class CheckoutService {
  private readonly deps: CheckoutServiceDeps;
  private readonly now: () => Date;

  constructor(deps: CheckoutServiceDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
  }

  async start(invoiceId: string, returnUrl: string): Promise<StartedCheckout> {
    const { peers, checkouts, leaseMs } = this.deps;
    const invoice = await peers.invoiceById(invoiceId);
    if (!invoice) throw new AppError('not_found', 'No invoice with this id.');
    const { provider, amount, currency } = payable(invoice);
    const conn = await peers.connection(invoice.workspace_id, provider);
    if (!conn) throw new AppError('application', `The invoice's payment gateway (${provider}) is no longer connected.`);
    const subject: CheckoutSubject = {
      invoiceId: invoice.id,
      provider,
      workspaceId: invoice.workspace_id,
      amount,
      currency,
    };
    // A waiter gives up once the holder it waits for would have lost its lease anyway.
    const waitUntil = Date.now() + leaseMs + 1000;
    for (let round = 0; ; round++) {
      // Each round follows a change someone else made; this many means something is wrong.
      if (round > 1000) throw new AppError('unavailable', 'The checkout could not be opened. Retry shortly.');
      const now = this.now();
      const stored = await checkouts.find(invoice.id, provider);
      let lease: CreatingLease | null;
      if (!stored) {
        lease = await checkouts.insertCreating(subject, now, leaseMs);
      } else {
        const decision = decideCheckout(stored, { amount, currency }, now, leaseHeld(stored, now));
        if (decision === 'reuse') return { redirectUrl: stored.redirect_url!, provider, reused: true };
        if (decision === 'wait') {
          if (Date.now() > waitUntil)
            throw new AppError('unavailable', 'The checkout is still being opened. Retry shortly.');
          await sleep(100 + Math.random() * 100);
          continue;
        }
        lease = await checkouts.takeOver(stored, subject, now, leaseMs);
        // The one it replaces is never handed out again: it is expired at the provider.
        if (lease && stored.provider_checkout_id && (await this.replaced(provider, stored.provider_checkout_id, now)))
          this.deps.onDueWork();
      }
      // Null: another click inserted or took it over first; the next round reuses or waits for its checkout.
      if (!lease) continue;
      const made = await this.create(lease, invoice, subject, conn, returnUrl);
      if (made) return { redirectUrl: made, provider, reused: false };
    }
  }

  private replaced(provider: PaymentProvider, providerCheckoutId: string, now: Date): Promise<boolean> {
    return this.deps.providerCheckouts.replace(provider, providerCheckoutId, now);
  }

  /** Asks the provider for the checkout the lease is for; null when the lease was lost meanwhile. */
  private async create(
    lease: CreatingLease,
    invoice: PublicInvoice,
    subject: CheckoutSubject,
    conn: Connection,
    returnUrl: string,
  ): Promise<string | null> {
    const { adapters, checkouts, providerCheckouts, publicBaseUrl, providerTimeoutMs, maxAgeMs, leaseMs, log } =
      this.deps;
    const provider = subject.provider as PaymentProvider;
    const adapter = adapters[provider];
    let made;
    try {
      made = await withTimeout(
        adapter.createCheckout(conn, {
          invoiceId: invoice.id,
          invoiceNumber: invoice.invoice_number,
          amount: subject.amount,
          currency: subject.currency,
          customerName: invoice.customer_name,
          customerEmail: invoice.customer_email || undefined,
          returnUrl,
          notifyUrl: notifyUrl(publicBaseUrl, provider),
        }),
        providerTimeoutMs,
      );
    } catch (err) {
      await checkouts.abandon(lease, this.now());
      const failure = asProviderFailure(provider, err);
      log.warn(
        { provider, invoice_id: invoice.id, kind: failure.kind, err: failure.message },
        'the provider did not open a checkout',
      );
      throw failure;
    }
    const now = this.now();
    // Recorded before the checkout points to it, as an orphan to expire unless adopted below: a
    // process that dies in between leaves no payable checkout that nobody looks after.
    await providerCheckouts.insertOpened(
      {
        provider,
        providerCheckoutId: made.providerCheckoutId,
        checkoutId: lease.doc._id,
        invoiceId: invoice.id,
        workspaceId: subject.workspaceId,
        amount: subject.amount,
        currency: subject.currency,
      },
      now,
      new Date(now.getTime() + leaseMs),
    );
    const opened = await checkouts.finishCreating(
      lease,
      {
        providerCheckoutId: made.providerCheckoutId,
        redirectUrl: made.redirectUrl,
        expiresAt: checkoutExpiry(made.expiresAt, now, maxAgeMs),
      },
      now,
    );
    if (!opened) {
      // The lease ran out while the provider answered and someone else replaced this checkout:
      // theirs is the one kept, and ours is never handed out (and is expired at the provider).
      log.warn({ provider, invoice_id: invoice.id }, 'a checkout lease ran out before the provider answered');
      if (await providerCheckouts.replace(provider, made.providerCheckoutId, now)) this.deps.onDueWork();
      return null;
    }
    // PayPal: the pass re-checks the order from now on, so an approval whose notification is held
    // back or lost is still captured.
    const recheckAt = adapter.recheckOpen ? nextRecheckAt(now, 0, now, this.deps.recheck) : null;
    await providerCheckouts.adopt(provider, made.providerCheckoutId, now, recheckAt);
    log.info(
      {
        provider,
        invoice_id: invoice.id,
        checkout_id: opened._id,
        replaced: lease.replaced?.provider_checkout_id ?? null,
      },
      'checkout opened',
    );
    return made.redirectUrl;
  }
}

/**
 * What the invoice must be for a checkout: unpaid or overdue, not archived, something due, with a
 * gateway that takes its currency. The checkout charges the amount due (amountToCharge), so one
 * opened before a payment was recorded or a credit note issued is for another amount and is
 * replaced (decideCheckout), never reused.
 */
function payable(invoice: PublicInvoice): { provider: PaymentProvider; amount: string; currency: string } {
  const provider = invoice.payment_gateway ?? '';
  if (!provider) throw new AppError('application', 'The invoice has no payment gateway.');
  if (!isPaymentProvider(provider)) throw new AppError('application', `Unknown payment gateway ${provider}.`);
  if (!payableStatus(invoice.invoice_status))
    throw new AppError(
      'application',
      `The invoice is ${invoice.invoice_status}; only unpaid and overdue invoices can be paid.`,
    );
  if (invoice.is_archived) throw new AppError('application', 'The invoice is archived and cannot be paid.');
  const amount = amountToCharge(invoice);
  const currency = (invoice.currency ?? '').toUpperCase();
  if (!amount || !currency) throw new AppError('application', 'The invoice has no amount to pay.');
  if (isZeroAmount(amount)) throw new AppError('application', 'Nothing is due on the invoice.');
  if (!providerSpecs[provider].currencies.includes(currency))
    throw new AppError('application', `${providerSpecs[provider].title} does not take ${currency}.`);
  return { provider, amount, currency };
}
