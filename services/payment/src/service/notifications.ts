import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { withTimeout } from '@invoice-platform/common/mongo';
import { isPaymentProvider, type PaymentProvider } from '@invoice-platform/common/payment-providers';
import type {
  Connection,
  NotificationClaim,
  PaymentAdapter,
  ProviderReply,
  RawNotification,
  VerifiedNotification,
  VerifiedPayment,
} from '../domain/adapter.ts';
import { sameAmount } from '../domain/money.ts';
import type { CheckoutStore } from '../store/checkouts.ts';
import type { CheckoutDoc } from '../store/models.ts';
import type { Decision, EventClaim, NotificationFacts, NotificationStore } from '../store/notifications.ts';
import type { Peers } from './peers.ts';
import { asProviderFailure } from './provider-errors.ts';

export interface NotificationServiceDeps {
  checkouts: CheckoutStore;
  notifications: NotificationStore;
  peers: Peers;
  adapters: Record<PaymentProvider, PaymentAdapter>;
  providerTimeoutMs: number;
  /** How long a request holds the claim on one provider event before a retry may take it over. */
  claimLeaseMs: number;
  log: Logger;
  now?: () => Date;
}

export interface HandledNotification {
  reply: ProviderReply;
  outcome: Decision['outcome'];
  reason: string;
}

const refused = (reason: string): Decision => ({ outcome: 'refused', reason, reply: 'refused' });
const accepted = (outcome: Decision['outcome'], reason: string | null = null): Decision => ({
  outcome,
  reason,
  reply: 'accepted',
});

function verifiedFacts(v: VerifiedPayment, checkout: CheckoutDoc): NotificationFacts {
  return {
    checkout_id: checkout._id,
    workspace_id: checkout.workspace_id,
    invoice_id: checkout.invoice_id,
    status: v.status,
    provider_payment_id: v.providerPaymentId,
    provider_checkout_id: v.providerCheckoutId ?? checkout.provider_checkout_id,
    amount: v.amount,
    currency: v.currency,
  };
}

/**
 * HandleNotification (docs/payments.md "Notifications"): what a notification claims finds its
 * checkout, whose workspace's credentials verify it the provider's way; a verified payment whose
 * amount and currency match the checkout marks the invoice paid through MarkPaidByPayment, which is
 * idempotent by the provider's payment id. Every notification is recorded with what was decided,
 * and answered the way its provider expects. A failure to reach a peer or the provider is thrown
 * (the gateway answers 5xx and the provider retries); everything else is a decision.
 */
export class NotificationService {
  private readonly deps: NotificationServiceDeps;
  private readonly now: () => Date;

  constructor(deps: NotificationServiceDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
  }

  async handle(providerName: string, raw: RawNotification): Promise<HandledNotification> {
    if (!isPaymentProvider(providerName))
      throw AppError.validation([{ path: 'provider', message: 'must be a known payment provider' }]);
    const provider = providerName;
    const adapter = this.deps.adapters[provider];
    const { notifications, peers } = this.deps;

    let claim: NotificationClaim | undefined;
    try {
      claim = adapter.claim(raw);
    } catch {
      claim = undefined;
    }
    const claimed: NotificationFacts = {
      invoice_id: claim?.invoiceId ?? null,
      provider_checkout_id: claim?.providerCheckoutId ?? null,
      provider_payment_id: claim?.providerPaymentId ?? null,
    };
    const finish = async (facts: NotificationFacts, decision: Decision, extra = {}) => {
      await notifications.record(provider, { ...facts, ...extra }, decision, this.now());
      return this.answer(adapter, decision, facts);
    };
    if (!claim) return finish(claimed, refused('not a notification of this provider'));

    const checkout = await this.findCheckout(provider, claim);
    if (!checkout) return finish(claimed, refused('no checkout of this invoice or payment'));
    const known: NotificationFacts = {
      ...claimed,
      checkout_id: checkout._id,
      workspace_id: checkout.workspace_id,
      invoice_id: checkout.invoice_id,
    };

    const conn = await peers.connection(checkout.workspace_id, provider);
    if (!conn) return finish(known, refused('the gateway is not connected in the workspace'));

    const verified = await this.call(provider, () => adapter.verify(conn, raw));
    if (!verified.verified) return finish(known, refused(verified.reason));
    const facts = verifiedFacts(verified, checkout);
    if (verified.invoiceId && verified.invoiceId !== checkout.invoice_id)
      return finish(facts, refused('the notification is for another invoice'));

    if (!verified.eventId) {
      const decision = await this.act(adapter, conn, checkout, verified);
      return finish({ ...facts, ...decision.facts }, decision.decision);
    }

    const eventClaim = await notifications.claimEvent(
      provider,
      verified.eventId,
      facts,
      this.now(),
      this.deps.claimLeaseMs,
    );
    if (eventClaim.kind === 'busy')
      throw new AppError('unavailable', 'This notification is being processed. Retry shortly.');
    if (eventClaim.kind === 'seen') {
      const original = eventClaim.original;
      const decision: Decision = {
        outcome: 'duplicate',
        reason: 'replay of a notification already handled',
        reply: original.reply === 'refused' ? 'refused' : 'accepted',
      };
      return finish(facts, decision, { event_id: verified.eventId, replay_of: original._id });
    }
    return this.actOnClaim(adapter, conn, checkout, verified, facts, eventClaim.claim);
  }

  private async actOnClaim(
    adapter: PaymentAdapter,
    conn: Connection,
    checkout: CheckoutDoc,
    verified: VerifiedPayment,
    facts: NotificationFacts,
    claim: EventClaim,
  ): Promise<HandledNotification> {
    let result;
    try {
      result = await this.act(adapter, conn, checkout, verified);
    } catch (err) {
      await this.deps.notifications.release(claim).catch(() => undefined);
      throw err;
    }
    const all = { ...facts, ...result.facts };
    await this.deps.notifications.decide(claim, all, result.decision, this.now());
    return this.answer(adapter, result.decision, all);
  }

  /** What a verified notification does: nothing, close the checkout, or mark the invoice paid. */
  private async act(
    adapter: PaymentAdapter,
    conn: Connection,
    checkout: CheckoutDoc,
    verified: VerifiedPayment,
  ): Promise<{ decision: Decision; facts: NotificationFacts }> {
    const { checkouts, peers } = this.deps;
    const provider = adapter.provider;
    const providerCheckoutId = verified.providerCheckoutId ?? checkout.provider_checkout_id;
    if (verified.status === 'pending') return { decision: accepted('pending'), facts: {} };
    if (verified.status === 'failed') {
      if (providerCheckoutId) await checkouts.settle(checkout._id, providerCheckoutId, 'closed', this.now());
      return { decision: accepted('failed'), facts: {} };
    }

    if (verified.currency.toUpperCase() !== checkout.currency || !sameAmount(verified.amount, checkout.amount))
      return {
        decision: refused(
          `paid ${verified.amount} ${verified.currency}, the checkout is for ${checkout.amount} ${checkout.currency}`,
        ),
        facts: {},
      };
    const invoice = await peers.invoiceById(checkout.invoice_id);
    if (!invoice) return { decision: refused('unknown invoice'), facts: {} };
    if (invoice.invoice_status === 'cancelled') return { decision: refused('the invoice is cancelled'), facts: {} };
    if (
      (invoice.currency ?? '').toUpperCase() !== checkout.currency ||
      !sameAmount(invoice.amount ?? '', checkout.amount)
    )
      return { decision: refused('the invoice amount changed since the checkout was opened'), facts: {} };

    let payment = verified;
    if (payment.status === 'approved') {
      if (!adapter.settle) return { decision: refused('an approved payment this provider cannot take'), facts: {} };
      const settled = await this.call(provider, () => adapter.settle!(conn, verified));
      if (!settled.verified) return { decision: refused(settled.reason), facts: {} };
      payment = settled;
      if (payment.status === 'failed' && providerCheckoutId)
        await checkouts.settle(checkout._id, providerCheckoutId, 'closed', this.now());
      if (payment.status !== 'paid')
        return {
          decision: accepted(payment.status === 'failed' ? 'failed' : 'pending'),
          facts: { status: payment.status, provider_payment_id: payment.providerPaymentId },
        };
    }
    const paidFacts: NotificationFacts = { status: 'paid', provider_payment_id: payment.providerPaymentId };

    let marked;
    try {
      marked = await peers.markPaid({
        workspace_id: checkout.workspace_id,
        invoice_id: checkout.invoice_id,
        payment_gateway: provider,
        provider_payment_id: payment.providerPaymentId,
        // The checkout's own text of the amount: it matched the payment above, in the invoice's form.
        amount: checkout.amount,
        currency: checkout.currency,
        paid_at: payment.paidAt?.toISOString(),
      });
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return { decision: refused('unknown invoice'), facts: paidFacts };
      if (
        AppError.isKind(err, 'application') ||
        AppError.isKind(err, 'unprocessable') ||
        AppError.isKind(err, 'validation')
      )
        return { decision: refused(err.message), facts: paidFacts };
      throw err;
    }
    if (!marked.payment_recorded)
      return { decision: accepted('duplicate', 'payment already recorded'), facts: paidFacts };
    if (marked.invoice_status === 'cancelled')
      return { decision: refused('the invoice is cancelled'), facts: paidFacts };
    if (providerCheckoutId) await checkouts.settle(checkout._id, providerCheckoutId, 'paid', this.now());
    this.deps.log.info(
      {
        provider,
        invoice_id: checkout.invoice_id,
        provider_payment_id: payment.providerPaymentId,
        status_changed: marked.status_changed,
      },
      'invoice paid online',
    );
    return {
      decision: accepted('paid', marked.status_changed ? null : `the invoice was already ${marked.invoice_status}`),
      facts: paidFacts,
    };
  }

  /** The checkout a notification is about: by the provider's checkout id, else by the invoice it names. */
  private async findCheckout(provider: PaymentProvider, claim: NotificationClaim): Promise<CheckoutDoc | null> {
    const { checkouts } = this.deps;
    if (claim.providerCheckoutId) {
      const byId = await checkouts.findByProviderCheckoutId(provider, claim.providerCheckoutId);
      if (byId) return byId;
    }
    return claim.invoiceId ? checkouts.find(claim.invoiceId, provider) : null;
  }

  private async call(provider: PaymentProvider, fn: () => Promise<VerifiedNotification>) {
    try {
      return await withTimeout(fn(), this.deps.providerTimeoutMs);
    } catch (err) {
      const failure = asProviderFailure(provider, err);
      // Verification that the provider refused (a 4xx) is a refusal, not an outage: no retry helps.
      if (failure.kind === 'application') return { verified: false as const, reason: failure.message };
      throw failure;
    }
  }

  private answer(adapter: PaymentAdapter, decision: Decision, facts: NotificationFacts): HandledNotification {
    const level = decision.outcome === 'refused' ? 'warn' : 'info';
    this.deps.log[level](
      {
        provider: adapter.provider,
        outcome: decision.outcome,
        reason: decision.reason,
        invoice_id: facts.invoice_id ?? null,
        provider_payment_id: facts.provider_payment_id ?? null,
      },
      'payment notification handled',
    );
    return { reply: adapter.reply(decision.reply), outcome: decision.outcome, reason: decision.reason ?? '' };
  }
}
