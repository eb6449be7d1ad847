/**
 * What the payment service answers and records about a notification (docs/payments.md
 * "Notifications"). Pure values; the service decides, the store records.
 */

/**
 * The kinds of refusal, a fixed list: the record's `refusal` field and the metric's attribute. The
 * provider is answered the same for every one of them (its adapter's refused reply), so the answer
 * tells a sender nothing about what exists.
 */
export const refusalKinds = [
  /** Not this provider's notification by its schema (an operator object, a wrong type, too long, …). */
  'malformed',
  /** No provider checkout of ours has the id it names. */
  'unknown_checkout',
  /** The workspace no longer has the provider connected. */
  'not_connected',
  /** The signature, token or headers do not hold. */
  'not_authentic',
  /**
   * An allowance of provider calls is used up for now: the sender's, for notifications their
   * provider did not confirm, or the provider checkout's, for confirmed ones.
   */
  'limited',
  /** The provider did not confirm it (verify API, fetch-back). */
  'not_confirmed',
  /** Verified, but for another checkout, invoice, amount or currency than ours. */
  'mismatch',
  /** An approval the invoice cannot take (paid, cancelled, archived): nothing is captured. */
  'not_payable',
  /** The invoice service refused to record it. */
  'invoice_refused',
] as const;
export type RefusalKind = (typeof refusalKinds)[number];

/** Kinds decided before the notification was verified: only a capped sample of these is kept. */
export function refusedUnverified(kind: RefusalKind): boolean {
  return ['malformed', 'unknown_checkout', 'not_connected', 'not_authentic', 'limited', 'not_confirmed'].includes(kind);
}

/** The longest raw body kept with a verified notification (for support); longer ones are cut. */
export const rawBodyCap = 16 * 1024;

/**
 * How many of a refusal kind's hourly sample (`perHour`) one sender may take: a tenth (at least
 * one), so no single sender uses up the sample, and every kind has a sample of its own, so a flood
 * of one kind (malformed bodies, say) leaves the others kept.
 */
export function senderShare(perHour: number): number {
  return perHour <= 0 ? 0 : Math.max(1, Math.ceil(perHour / 10));
}

/** The sender of a notification the gateway relayed without one (another caller): all such share one allowance. */
export const unknownSender = 'unknown';

/** A relayed sender as the records and counters key it: an IP or an IPv6 /64, bounded; anything else is unknown. */
export function senderKey(clientIp: string | undefined): string {
  return clientIp && /^[0-9A-Fa-f:.]{2,39}(\/64)?$/.test(clientIp) ? clientIp : unknownSender;
}
