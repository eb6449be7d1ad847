import { newId } from '@invoice-platform/common/ids';
import {
  heldBy,
  type Lease,
  leaseFor,
  newLeaseToken,
  noLease,
  releaseHeld,
  takeFree,
} from '@invoice-platform/common/store/leases';
import { insertOnce, isDuplicateKey } from '@invoice-platform/common/store/unique';
import { senderShare } from '../domain/notifications.ts';
import type { NotificationDoc, NotificationOutcome } from '../domain/records.ts';
import type { Models, StoredNotification } from './models.ts';
import { operator } from '@invoice-platform/common/store/operators';

/** How long records are kept (config PAYMENT_NOTIFICATION_RETENTION_MS, PAYMENT_REFUSED_RETENTION_MS). */
export interface Retention {
  verifiedMs: number;
  refusedMs: number;
}

/** What is known of a notification when it is recorded. */
export type NotificationFacts = Partial<
  Pick<
    NotificationDoc,
    | 'checkout_id'
    | 'workspace_id'
    | 'invoice_id'
    | 'status'
    | 'provider_payment_id'
    | 'provider_checkout_id'
    | 'amount'
    | 'currency'
    | 'kind'
    | 'sender'
    | 'body_bytes'
    | 'body_sha256'
    | 'raw'
  >
>;

export interface Decision {
  outcome: Exclude<NotificationOutcome, 'processing'>;
  reason: string | null;
  /** A refusal's kind (domain/notifications.ts refusals), null otherwise. */
  refusal: string | null;
  reply: 'accepted' | 'refused';
}

/** The claim to act on one provider event (a lease on its record), held until `decide` or `release`. */
export type EventClaim = Lease<Pick<NotificationDoc, '_id'>>;

export type ClaimResult =
  | { kind: 'claimed'; claim: EventClaim }
  /** Decided before: the replay changes nothing and is answered as the original was. */
  | { kind: 'seen'; original: NotificationDoc }
  /** Another request is acting on the same event right now. */
  | { kind: 'busy' };

function blank(provider: string, now: Date): StoredNotification {
  return {
    _id: '',
    provider,
    event_id: null,
    replay_of: null,
    outcome: 'processing',
    reason: null,
    refusal: null,
    kind: null,
    reply: null,
    ...noLease(),
    checkout_id: null,
    workspace_id: null,
    invoice_id: null,
    sender: null,
    status: null,
    provider_payment_id: null,
    provider_checkout_id: null,
    amount: null,
    currency: null,
    body_bytes: 0,
    body_sha256: null,
    raw: null,
    received_at: now,
    decided_at: null,
    expires_at: now,
  };
}

/** The longest text a record keeps of any field (a reason, a provider's id is far shorter). */
const maxFieldLength = 300;

/** Every text field bounded, whatever an adapter or a provider handed over. */
function bounded(facts: NotificationFacts): NotificationFacts {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(facts))
    out[key] = typeof value === 'string' && key !== 'raw' ? value.slice(0, maxFieldLength) : value;
  return out as NotificationFacts;
}

/**
 * The notifications collection. A verified notification with the provider's event id is claimed
 * by inserting it under `${provider}:${event id}` (the _id is the unique key): exactly one request
 * acts on an event, a replay finds the decided record, and a holder that died (its lease ran out)
 * is taken over by the provider's next retry (leases: common/store/leases.ts). A holder that fails
 * releases its claim, so the provider's retry is acted on again instead of being taken for a
 * replay.
 */
export class NotificationStore {
  private readonly models: Models;
  private readonly retention: Retention;
  /** Per provider and refusal kind, the hour whose sample this process found full: a flood then costs no write. */
  private readonly fullHours = new Map<string, string>();
  /** The senders whose share of a kind's sample this process found taken, this hour (bounded). */
  private readonly fullShares = new Set<string>();
  private fullSharesHour = '';

  constructor(models: Models, retention: Retention) {
    this.models = models;
    this.retention = retention;
  }

  /**
   * Refusals, and pending answers (nothing changed, nothing to keep books of), are kept the short
   * retention; what changed something (paid, failed, a duplicate of a payment) the long one.
   */
  private expiresAt(now: Date, outcome: NotificationOutcome): Date {
    const short = outcome === 'refused' || outcome === 'pending';
    return new Date(now.getTime() + (short ? this.retention.refusedMs : this.retention.verifiedMs));
  }

  async claimEvent(
    provider: string,
    eventId: string,
    facts: NotificationFacts,
    now: Date,
    leaseMs: number,
  ): Promise<ClaimResult> {
    const id = `${provider}:${eventId}`;
    const token = newLeaseToken();
    const claim: EventClaim = { doc: { _id: id }, token };
    const doc: StoredNotification = {
      ...blank(provider, now),
      ...bounded(facts),
      _id: id,
      event_id: eventId,
      ...leaseFor(token, now, leaseMs),
      expires_at: this.expiresAt(now, 'processing'),
    };
    // A claim released between our insert and our read is gone again: a few rounds settle it.
    for (let round = 0; round < 3; round++) {
      if (await insertOnce(this.models.Notification, doc)) return { kind: 'claimed', claim };
      // One still processing whose holder's lease ran out (it died) is taken over by this request.
      const taken = await takeFree(this.models.Notification, { _id: id, outcome: 'processing' }, token, now, leaseMs, {
        received_at: now,
      });
      if (taken) return { kind: 'claimed', claim };
      const original = await this.models.Notification.findById(id).lean<NotificationDoc>().exec();
      if (original) return original.outcome === 'processing' ? { kind: 'busy' } : { kind: 'seen', original };
    }
    return { kind: 'busy' };
  }

  /** Records what was decided about a claimed event; false when the claim had been lost meanwhile. */
  async decide(claim: EventClaim, facts: NotificationFacts, decision: Decision, now: Date): Promise<boolean> {
    return releaseHeld(
      this.models.Notification,
      claim,
      {
        $set: {
          ...bounded(facts),
          outcome: decision.outcome,
          reason: decision.reason?.slice(0, maxFieldLength) ?? null,
          refusal: decision.refusal,
          reply: decision.reply,
          decided_at: now,
          expires_at: this.expiresAt(now, decision.outcome),
        },
      },
      { outcome: 'processing' },
    );
  }

  /** Gives a claimed event up after a failure (a peer or the provider unavailable), so its retry is acted on. */
  async release(claim: EventClaim): Promise<void> {
    await this.models.Notification.deleteOne({ _id: claim.doc._id, ...heldBy(claim.token), outcome: 'processing' });
  }

  /**
   * Records a notification that is not a claimed event: unverified, without an event id, or a replay.
   * A pending answer without an event id (a fetch-back, a re-check: anyone may ask for one as
   * often as the limits allow) replaces the provider checkout's previous one, so each provider
   * checkout keeps one at most.
   */
  async record(
    provider: string,
    facts: NotificationFacts & { event_id?: string | null; replay_of?: string | null },
    decision: Decision,
    now: Date,
  ): Promise<void> {
    const doc: StoredNotification = {
      ...blank(provider, now),
      ...bounded(facts),
      _id: newId('ntf'),
      outcome: decision.outcome,
      reason: decision.reason?.slice(0, maxFieldLength) ?? null,
      refusal: decision.refusal,
      reply: decision.reply,
      decided_at: now,
      expires_at: this.expiresAt(now, decision.outcome),
    };
    if (decision.outcome !== 'pending' || facts.event_id || !facts.provider_checkout_id) {
      await this.models.Notification.create(doc);
      return;
    }
    doc._id = `pending:${provider}:${doc.provider_checkout_id}`;
    // Two rounds: two upserts racing on a first insert leave one a duplicate key; its retry replaces.
    for (let round = 0; ; round++) {
      try {
        await this.models.Notification.replaceOne({ _id: doc._id }, doc, { upsert: true }).exec();
        return;
      } catch (err) {
        if (round > 0 || !isDuplicateKey(err)) throw err;
      }
    }
  }

  /**
   * Whether one more refused notification of `provider` and refusal `kind`, from `sender`, may be
   * kept this hour: at most `perHour` of each kind are, so a flood of refusals costs a counter,
   * not storage; each kind has its own sample, so a flood of one kind (malformed bodies) leaves
   * the others' kept; and one sender takes at most its share (senderShare) of a kind's, so no
   * single sender uses a sample up. Conditional $incs (or the hour's first inserts) decide it.
   */
  async takeRefusalSample(
    provider: string,
    kind: string,
    sender: string,
    now: Date,
    perHour: number,
  ): Promise<boolean> {
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const stamp = hour.toISOString();
    const sample = `${provider}:${kind}`;
    const id = `${sample}:${stamp}`;
    if (this.fullHours.get(sample) === id) return false;
    if (this.fullSharesHour !== stamp || this.fullShares.size > 10_000) {
      this.fullShares.clear();
      this.fullSharesHour = stamp;
    }
    const share = `${sample}:${sender}:${stamp}`;
    if (this.fullShares.has(share)) return false;
    // The sender's share first: a sender past it costs the kind's counter nothing. Only this hour needs it.
    if (!(await this.takeCount(share, senderShare(perHour), new Date(hour.getTime() + 3_600_000)))) {
      this.fullShares.add(share);
      return false;
    }
    if (await this.takeCount(id, perHour, new Date(hour.getTime() + 3_600_000 + this.retention.refusedMs))) return true;
    this.fullHours.set(sample, id);
    return false;
  }

  /** Takes one of `cap` on the counter `id` (inserted by its first take); false when the cap is reached. */
  private async takeCount(id: string, cap: number, expires: Date): Promise<boolean> {
    for (let round = 0; round < 2; round++) {
      const res = await this.models.RefusalSample.updateOne(
        { _id: id, kept: operator({ $lt: cap }) },
        { $inc: { kept: 1 } },
      ).exec();
      if (res.modifiedCount === 1) return true;
      if (cap > 0 && (await insertOnce(this.models.RefusalSample, { _id: id, kept: 1, expires_at: expires })))
        return true;
      // The counter exists: full, or inserted by someone else just now (one more round).
    }
    return false;
  }

  /**
   * The retention pass: removes up to `limit` records whose time has come (notifications, past
   * hours' sample counters, senders' past windows), oldest first, through the expires_at indexes.
   * How many went.
   */
  async deleteExpired(now: Date, limit: number): Promise<number> {
    let deleted = 0;
    for (const model of [this.models.Notification, this.models.RefusalSample, this.models.SenderCalls] as const) {
      const ids = (
        await (model as typeof this.models.Notification)
          .find({ expires_at: operator({ $lte: now }) }, { _id: 1 })
          .sort({ expires_at: 1 })
          .limit(limit)
          .lean<{ _id: string }[]>()
          .exec()
      ).map((d) => d._id);
      if (ids.length === 0) continue;
      const res = await (model as typeof this.models.Notification)
        .deleteMany({ _id: operator({ $in: ids }), expires_at: operator({ $lte: now }) })
        .exec();
      deleted += res.deletedCount ?? 0;
    }
    return deleted;
  }

  /** An invoice's notifications, oldest first. */
  async forInvoice(invoiceId: string): Promise<NotificationDoc[]> {
    return this.models.Notification.find({ invoice_id: invoiceId })
      .sort({ received_at: 1 })
      .lean<NotificationDoc[]>()
      .exec();
  }
}
