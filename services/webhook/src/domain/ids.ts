import { createHash } from 'node:crypto';
import { base62 } from '@invoice-platform/common/ids';

/**
 * The delivery of an event to an endpoint made by the fan-out: derived from the pair, so a fan-out
 * repeated after a crash or a redelivered event inserts the same id and cannot send twice.
 * 128 bits of SHA-256, base62, like the random ids (`whd_…`).
 */
export function fanOutDeliveryId(eventId: string, endpointId: string): string {
  const digest = createHash('sha256').update(`${eventId}\n${endpointId}`).digest();
  return `whd_${base62(digest.subarray(0, 16))}`;
}
