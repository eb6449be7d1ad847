import { createHash } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { meter } from '@invoice-platform/common/metrics';
import { sameAmount } from '@invoice-platform/common/money';
import { withTimeout } from '@invoice-platform/common/timeouts';
import { isPaymentProvider, type PaymentProvider } from '@invoice-platform/common/payment-providers';
import type {
  Connection,
  ParsedNotification,
  PaymentAdapter,
  ProviderReply,
  RawNotification,
  VerifiedNotification,
  VerifiedPayment,
} from '../domain/adapter.ts';
import { amountToCharge, canTakePayment } from '../domain/checkouts.ts';
import { rawBodyCap, type RefusalKind, refusedUnverified, senderKey, unknownSender } from '../domain/notifications.ts';
import type { ProviderCheckoutDoc } from '../domain/records.ts';
import type { CheckoutStore } from '../store/checkouts.ts';
import type { Decision, EventClaim, NotificationFacts, NotificationStore } from '../store/notifications.ts';
import type { ProviderCheckoutStore } from '../store/provider-checkouts.ts';
import type { SenderCall, SenderStore } from '../store/senders.ts';
import type { Peers } from './peers.ts';
import { asProviderFailure } from './provider-errors.ts';

export interface NotificationLimits {
  /** Provider calls (verify API, fetch-back) of verified notifications per provider checkout and window. */
  callsPerCheckout: number;
  /** Provider calls of notifications their provider did not confirm, per sender and window. */
  unverifiedCallsPerSender: number;
  callsWindowMs: number;
  /** Refused, unverified notifications kept per provider, refusal kind and hour (a tenth of it per sender). */
  refusedSamplesPerHour: number;
}

export interface NotificationServiceDeps {
  checkouts: CheckoutStore;
  providerCheckouts: ProviderCheckoutStore;
  notifications: NotificationStore;
  senders: SenderStore;
  peers: Peers;
  adapters: Record<PaymentProvider, PaymentAdapter>;
  providerTimeoutMs: number;
  /** How long a request holds the claim on one provider event before a retry may take it over. */
  claimLeaseMs: number;
  limits: NotificationLimits;
  /** Work became due on a provider checkout (an expiry): the due-work pass should run now. */
  onDueWork: () => void;
  log: Logger;
  now?: () => Date;
}

export interface HandledNotification {
  reply: ProviderReply;
  outcome: Decision['outcome'];
  reason: string;
}

const handledCounter = meter().createCounter('invoice_platform.payment.notifications', {
  description:
    'Payment provider notifications handled, by provider and outcome; a refusal carries its kind (refusal), ' +
    'counted whether or not a sample of it was kept.',
});

const refused = (refusal: RefusalKind, reason: string): Decision => ({
  outcome: 'refused',
  reason,
  refusal,
  reply: 'refused',
});
const accepted = (outcome: Decision['outcome'], reason: string | null = null): Decision => ({
  outcome,
  reason,
  refusal: null,
  reply: 'accepted',
});

/** A verified payment's facts as the record keeps them, on the provider checkout it was found by. */
function verifiedFacts(v: VerifiedPayment, ref: ProviderCheckoutDoc, raw: RawNotification | null): NotificationFacts {
  return {
    checkout_id: ref.checkout_id,
    workspace_id: ref.workspace_id,
    invoice_id: ref.invoice_id,
    status: v.status,
    provider_payment_id: v.providerPaymentId,
    provider_checkout_id: ref.provider_checkout_id,
    amount: v.amount,
    currency: v.currency,
    raw: raw ? raw.body.subarray(0, rawBodyCap).toString('utf8') : null,
  };
}

/** A time the record can hold, or undefined (a provider's unreadable time is no time). */
function validTime(date: Date | undefined): string | undefined {
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/**
 * HandleNotification (docs/payments.md "Notifications"). A notification is parsed by its provider's
 * schema, found by the provider checkout it names (any this platform ever opened, replaced ones
 * included), authenticated with the workspace's credentials, and confirmed by the provider (its
 * signed body, its verify API, or its own record fetched back); only what is confirmed is acted
 * on. Every refusal is answered alike, whatever matched. A verified payment is recorded through
 * MarkPaidByPayment, idempotent by the provider's payment id, which marks the invoice paid when it
 * is payable. A failure to reach a peer or the provider is thrown (the gateway answers 5xx and the
 * provider retries); everything else is a decision.
 */
export class NotificationService {
  private readonly deps: NotificationServiceDeps;
  private readonly now: () => Date;

  constructor(deps: NotificationServiceDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
  }

  /** `clientIp`: the sender as the gateway's limits count it (payment.proto: client_ip). */
  async handle(providerName: string, raw: RawNotification, clientIp = ''): Promise<HandledNotification> {
    if (!isPaymentProvider(providerName))
      throw AppError.validation([{ path: 'provider', message: 'must be a known payment provider' }]);
    const provider = providerName;
    const adapter = this.deps.adapters[provider];
    const { notifications, providerCheckouts, peers, limits } = this.deps;
    const body: NotificationFacts = {
      sender: senderKey(clientIp),
      body_bytes: raw.body.length,
      body_sha256: createHash('sha256').update(raw.body).digest('hex'),
    };

    let parsed: ParsedNotification | undefined;
    try {
      parsed = adapter.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (!parsed) return this.refuseUnverified(adapter, body, 'malformed', 'not a notification of this provider');
    const claimed: NotificationFacts = { ...body, kind: parsed.kind, provider_checkout_id: parsed.providerCheckoutId };

    const ref = await providerCheckouts.find(provider, parsed.providerCheckoutId);
    if (!ref) return this.refuseUnverified(adapter, claimed, 'unknown_checkout', 'no checkout of ours has this id');
    const known: NotificationFacts = {
      ...claimed,
      checkout_id: ref.checkout_id,
      workspace_id: ref.workspace_id,
      invoice_id: ref.invoice_id,
    };

    const conn = await peers.connection(ref.workspace_id, provider);
    if (!conn)
      return this.refuseUnverified(adapter, known, 'not_connected', 'the gateway is not connected in the workspace');
    let notAuthentic: string | undefined;
    try {
      notAuthentic = adapter.authenticate(conn, parsed, raw);
    } catch {
      notAuthentic = 'the notification could not be authenticated';
    }
    if (notAuthentic) return this.refuseUnverified(adapter, known, 'not_authentic', notAuthentic);

    // A provider call made for a notification is charged to its sender until the provider confirms
    // it, and to the provider checkout only once it did: forged notifications cost their sender's
    // allowance, never the checkout's, so they cannot hold a genuine one back.
    let senderCall: SenderCall | null = null;
    if (adapter.confirmCallsProvider) {
      const now = this.now();
      const window = limits.callsWindowMs;
      let limited: string | undefined;
      if (!(await providerCheckouts.hasCallLeft(ref._id, now, limits.callsPerCheckout, window)))
        limited = 'too many provider calls for this checkout just now';
      else {
        senderCall = await this.deps.senders.take(body.sender!, now, limits.unverifiedCallsPerSender, window);
        if (!senderCall) limited = 'too many unconfirmed notifications from this sender just now';
      }
      if (limited) {
        // Held back, not lost: the provider's record is read once the window is over.
        if (adapter.fetch) await providerCheckouts.scheduleRecheck(ref._id, new Date(now.getTime() + window));
        return this.refuseUnverified(adapter, known, 'limited', limited);
      }
    }
    let verified: VerifiedNotification;
    try {
      verified = await this.call(provider, () => adapter.confirm(conn, parsed, raw));
    } catch (err) {
      // Nobody could tell (an outage): the provider retries, and its sender owes nothing for it.
      if (senderCall) await this.deps.senders.giveBack(senderCall).catch(() => undefined);
      throw err;
    }
    if (!verified.verified) return this.refuseUnverified(adapter, known, 'not_confirmed', verified.reason);
    if (senderCall) {
      await this.deps.senders.giveBack(senderCall);
      await providerCheckouts.takeCall(ref._id, this.now(), limits.callsPerCheckout, limits.callsWindowMs);
    }

    const facts = { ...known, ...verifiedFacts(verified, ref, raw), kind: parsed.kind };
    const mismatch = this.checkFor(ref, verified);
    if (mismatch) return this.finish(adapter, facts, refused('mismatch', mismatch));

    if (!verified.eventId) {
      const result = await this.act(adapter, conn, ref, verified);
      return this.finish(adapter, { ...facts, ...result.facts }, result.decision);
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
        refusal: null,
        reply: original.reply === 'refused' ? 'refused' : 'accepted',
      };
      return this.finish(adapter, { ...facts, raw: null }, decision, {
        event_id: verified.eventId,
        replay_of: original._id,
      });
    }
    return this.actOnClaim(adapter, conn, ref, verified, facts, eventClaim.claim);
  }

  /**
   * The provider checkout's payment as the provider reports it now, fetched back by the due-work
   * pass: a notification a limit held back, or (PayPal) an order re-checked on its schedule, so an
   * approval whose notification was held back or lost is still captured. Acted on like any verified
   * notification, and recorded. What was decided; null when the provider cannot be asked.
   */
  async recheck(ref: ProviderCheckoutDoc): Promise<Decision['outcome'] | null> {
    const provider = ref.provider as PaymentProvider;
    const adapter = this.deps.adapters[provider];
    if (!adapter.fetch) return null;
    const conn = await this.deps.peers.connection(ref.workspace_id, provider);
    if (!conn) return null;
    const fetch = adapter.fetch.bind(adapter);
    const verified = await this.call(provider, () => fetch(conn, ref.provider_checkout_id));
    const base: NotificationFacts = {
      kind: 'recheck',
      checkout_id: ref.checkout_id,
      workspace_id: ref.workspace_id,
      invoice_id: ref.invoice_id,
      provider_checkout_id: ref.provider_checkout_id,
    };
    if (!verified.verified) {
      await this.finish(adapter, base, refused('not_confirmed', verified.reason));
      return 'refused';
    }
    const facts = { ...base, ...verifiedFacts(verified, ref, null), kind: 'recheck' };
    const mismatch = this.checkFor(ref, verified);
    const result = mismatch
      ? { decision: refused('mismatch', mismatch), facts: {} }
      : await this.act(adapter, conn, ref, verified);
    await this.finish(adapter, { ...facts, ...result.facts }, result.decision);
    return result.decision.outcome;
  }

  /**
   * The provider's payment of an approved checkout that was taken since (its order captured by the
   * due-work pass's re-check), as the provider reports it now; null when it was not, or when the
   * provider cannot be asked.
   */
  private async capturedMeanwhile(
    adapter: PaymentAdapter,
    conn: Connection,
    ref: ProviderCheckoutDoc,
  ): Promise<VerifiedPayment | null> {
    if (!adapter.fetch) return null;
    const fetch = adapter.fetch.bind(adapter);
    const now = await this.call(adapter.provider, () => fetch(conn, ref.provider_checkout_id));
    if (!now.verified || now.status !== 'paid' || this.checkFor(ref, now)) return null;
    return now;
  }

  /** Why a verified notification is not about this provider checkout, or undefined. */
  private checkFor(ref: ProviderCheckoutDoc, verified: VerifiedPayment): string | undefined {
    if (verified.providerCheckoutId && verified.providerCheckoutId !== ref.provider_checkout_id)
      return 'the notification is for another checkout';
    if (verified.invoiceId && verified.invoiceId !== ref.invoice_id) return 'the notification is for another invoice';
    return undefined;
  }

  private async actOnClaim(
    adapter: PaymentAdapter,
    conn: Connection,
    ref: ProviderCheckoutDoc,
    verified: VerifiedPayment,
    facts: NotificationFacts,
    claim: EventClaim,
  ): Promise<HandledNotification> {
    let result;
    try {
      result = await this.act(adapter, conn, ref, verified);
    } catch (err) {
      await this.deps.notifications.release(claim).catch(() => undefined);
      throw err;
    }
    const all = { ...facts, ...result.facts };
    await this.deps.notifications.decide(claim, all, result.decision, this.now());
    return this.answer(adapter, result.decision, all);
  }

  /**
   * What a verified notification does: nothing (pending), end the provider checkout (failed), or
   * record the payment. Money already taken is recorded whatever became of the checkout or the
   * invoice since (a replaced checkout, an invoice paid by hand or cancelled): the invoice service
   * marks the invoice paid only when it is payable. Money not yet taken (PayPal's approval) is
   * taken only for an invoice that can still take it.
   */
  private async act(
    adapter: PaymentAdapter,
    conn: Connection,
    ref: ProviderCheckoutDoc,
    verified: VerifiedPayment,
  ): Promise<{ decision: Decision; facts: NotificationFacts }> {
    const { checkouts, providerCheckouts, peers } = this.deps;
    const provider = adapter.provider;
    if (verified.status === 'pending') return { decision: accepted('pending'), facts: {} };
    if (verified.status === 'failed') {
      await providerCheckouts.settle(ref._id, 'closed', this.now());
      await checkouts.settle(ref.checkout_id, ref.provider_checkout_id, 'closed', this.now());
      return { decision: accepted('failed'), facts: {} };
    }
    if (verified.currency.toUpperCase() !== ref.currency || !sameAmount(ref.currency, verified.amount, ref.amount))
      return {
        decision: refused(
          'mismatch',
          `paid ${verified.amount} ${verified.currency}, the checkout is for ${ref.amount} ${ref.currency}`,
        ),
        facts: {},
      };

    let payment = verified;
    if (payment.status === 'approved') {
      if (!adapter.settle)
        return { decision: refused('not_payable', 'an approved payment this provider cannot take'), facts: {} };
      // Captured and recorded before: a repeated approval of the same order changes nothing.
      if (ref.state === 'paid')
        return { decision: accepted('duplicate', 'this approval was captured and recorded before'), facts: {} };
      const invoice = await peers.invoiceById(ref.invoice_id);
      const cannot = invoice
        ? canTakePayment(
            {
              invoice_status: invoice.invoice_status,
              is_archived: invoice.is_archived,
              amount: amountToCharge(invoice),
              currency: invoice.currency ?? '',
            },
            ref,
          )
        : 'unknown invoice';
      if (cannot) {
        // The due-work pass re-checks open orders: it may have captured this one, and paid the
        // invoice with it, a moment before this approval came in. PayPal's own record of the order
        // tells; a captured order is recorded like any payment (a duplicate when the re-check did).
        const captured = await this.capturedMeanwhile(adapter, conn, ref);
        if (!captured) return { decision: refused('not_payable', `${cannot}; nothing was captured`), facts: {} };
        payment = captured;
      } else {
        const settle = adapter.settle.bind(adapter);
        const settled = await this.call(provider, () => settle(conn, verified));
        if (!settled.verified) return { decision: refused('not_confirmed', settled.reason), facts: {} };
        payment = settled;
      }
      if (payment.status === 'failed') {
        await providerCheckouts.settle(ref._id, 'closed', this.now());
        await checkouts.settle(ref.checkout_id, ref.provider_checkout_id, 'closed', this.now());
      }
      if (payment.status !== 'paid')
        return {
          decision: accepted(payment.status === 'failed' ? 'failed' : 'pending'),
          facts: { status: payment.status, provider_payment_id: payment.providerPaymentId },
        };
    }
    const paidFacts: NotificationFacts = { status: 'paid', provider_payment_id: payment.providerPaymentId };
    // docs/payments.md "Test mode": a sandbox connection's payment, or one the provider itself calls
    // a test (Stripe's livemode false), never makes a live invoice paid; the invoice service lists it.
    const testPayment = conn.mode === 'sandbox' || verified.testPayment === true || payment.testPayment === true;

    let marked;
    try {
      marked = await peers.markPaid({
        workspace_id: ref.workspace_id,
        invoice_id: ref.invoice_id,
        payment_gateway: provider,
        provider_payment_id: payment.providerPaymentId,
        // The provider checkout's own text of the amount: it matched the payment above.
        amount: ref.amount,
        currency: ref.currency,
        paid_at: validTime(payment.paidAt),
        test_payment: testPayment,
      });
    } catch (err) {
      if (AppError.isKind(err, 'not_found'))
        return { decision: refused('invoice_refused', 'unknown invoice'), facts: paidFacts };
      if (
        AppError.isKind(err, 'application') ||
        AppError.isKind(err, 'unprocessable') ||
        AppError.isKind(err, 'validation')
      )
        return { decision: refused('invoice_refused', err.message), facts: paidFacts };
      throw err;
    }
    if (!marked.payment_recorded)
      return { decision: accepted('duplicate', 'payment already recorded'), facts: paidFacts };
    const now = this.now();
    await providerCheckouts.settle(ref._id, 'paid', now);
    await checkouts.finishPaid(ref.checkout_id, ref.provider_checkout_id, now);
    // Whatever else is still open for this invoice at the provider must not take a second payment.
    if ((await providerCheckouts.replaceOthers(ref.checkout_id, ref._id, now)) > 0) this.deps.onDueWork();
    this.deps.log.info(
      {
        provider,
        invoice_id: ref.invoice_id,
        checkout_id: ref.checkout_id,
        provider_payment_id: payment.providerPaymentId,
        invoice_status: marked.invoice_status,
        status_changed: marked.status_changed,
        test_payment: testPayment,
      },
      'online payment recorded',
    );
    let reason: string | null = null;
    if (marked.test_payment_only) reason = `a test payment, listed; the live invoice stays ${marked.invoice_status}`;
    else if (!marked.status_changed) reason = `recorded; the invoice was already ${marked.invoice_status}`;
    return { decision: accepted('paid', reason), facts: paidFacts };
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

  /**
   * A refusal decided before the notification was verified: counted always, but recorded and
   * logged only within the hourly sample, so a flood costs a counter, not storage or log lines.
   * Its answer is the provider's refused reply, the same whatever did or did not match.
   */
  private async refuseUnverified(
    adapter: PaymentAdapter,
    facts: NotificationFacts,
    kind: RefusalKind,
    reason: string,
  ): Promise<HandledNotification> {
    const decision = refused(kind, reason);
    const { notifications, limits } = this.deps;
    const now = this.now();
    const sender = facts.sender ?? unknownSender;
    handledCounter.add(1, { provider: adapter.provider, outcome: 'refused', refusal: kind });
    if (await notifications.takeRefusalSample(adapter.provider, kind, sender, now, limits.refusedSamplesPerHour)) {
      await notifications.record(adapter.provider, { ...facts, raw: null }, decision, now);
      this.deps.log.warn(
        { provider: adapter.provider, refusal: kind, reason, sender, checkout_id: facts.checkout_id ?? null },
        'payment notification refused',
      );
    }
    return { reply: adapter.reply('refused'), outcome: 'refused', reason };
  }

  private async finish(
    adapter: PaymentAdapter,
    facts: NotificationFacts,
    decision: Decision,
    extra: { event_id?: string; replay_of?: string } = {},
  ): Promise<HandledNotification> {
    if (decision.refusal && refusedUnverified(decision.refusal as RefusalKind))
      return this.refuseUnverified(adapter, facts, decision.refusal as RefusalKind, decision.reason ?? '');
    await this.deps.notifications.record(adapter.provider, { ...facts, ...extra }, decision, this.now());
    return this.answer(adapter, decision, facts);
  }

  private answer(adapter: PaymentAdapter, decision: Decision, facts: NotificationFacts): HandledNotification {
    handledCounter.add(1, {
      provider: adapter.provider,
      outcome: decision.outcome,
      ...(decision.refusal ? { refusal: decision.refusal } : {}),
    });
    const level = decision.outcome === 'refused' ? 'warn' : 'info';
    this.deps.log[level](
      {
        provider: adapter.provider,
        outcome: decision.outcome,
        refusal: decision.refusal,
        reason: decision.reason,
        checkout_id: facts.checkout_id ?? null,
        invoice_id: facts.invoice_id ?? null,
        provider_payment_id: facts.provider_payment_id ?? null,
      },
      'payment notification handled',
    );
    return {
      reply: adapter.reply(decision.reply),
      outcome: decision.outcome,
      reason: decision.reason ?? '',
    };
  }
}
