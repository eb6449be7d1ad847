import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** base62 text of `bytes`, zero-padded to the width of its length: 16 bytes give 22 characters. */
export function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  const width = Math.ceil((bytes.length * 8) / Math.log2(62));
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, '0');
}

/** base62 text of `bytes` random bytes; 16 bytes (128 bits) give 22 characters. */
export function randomBase62(bytes = 16): string {
  return base62(randomBytes(bytes));
}

/** Ids are unguessable (docs/architecture.md#ids): the invoice id is the capability for its public page. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(16)}`;
}
