import type { Connection, PaymentAdapter, RawNotification, VerifiedNotification } from '../../src/domain/adapter.ts';

/**
 * An adapter's whole verification of a notification, in the order the service runs it (parse by
 * the provider's schema, the local authentication, then the provider's confirmation), for tests of
 * one adapter against its fake.
 */
export async function verifyNotification(
  adapter: PaymentAdapter,
  conn: Connection,
  raw: RawNotification,
): Promise<VerifiedNotification> {
  const parsed = adapter.parse(raw);
  if (!parsed) return { verified: false, reason: 'not a notification of this provider' };
  const notAuthentic = adapter.authenticate(conn, parsed, raw);
  if (notAuthentic) return { verified: false, reason: notAuthentic };
  return adapter.confirm(conn, parsed, raw);
}
