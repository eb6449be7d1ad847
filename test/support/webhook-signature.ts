import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * docs/architecture.md#webhooks as a receiver runs it, for the tests' own checks of what the
 * webhook service signs (services/webhook/src/domain/signing.ts signs; nothing there verifies, as
 * the service never receives a delivery). Returns why it fails, or undefined.
 */
export function verifyServiceSignature(
  header: string,
  body: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): string | undefined {
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) t = Number(value);
    else if (key === 'v1' && value) v1.push(value);
  }
  if (t === undefined || v1.length === 0) return 'malformed signature header';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const match = v1.some((sig) => {
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!match) return 'no matching signature';
  if (nowSeconds - t > toleranceSeconds) return 'timestamp too old';
  return undefined;
}
