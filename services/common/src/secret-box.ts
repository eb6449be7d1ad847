import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets a service must read back (webhook signing secrets, payment gateway credentials), at rest.
 * A hash would not do, as it does for API keys: the service signs with the secret or hands it to a
 * provider's SDK. It keeps AES-256-GCM ciphertext instead, so a copy of the database (a backup, a
 * replica, a dump) gives nobody the secrets.
 *
 * Keys come from a key ring in the service's config (WEBHOOK_SECRET_KEYS, ACCOUNTS_SECRET_KEYS),
 * "id:base64key[,id:base64key...]": the first seals, all open. An operator rotates by putting a
 * new key first; every change of a stored secret re-seals it with that key, and an old key can go
 * once no stored secret names it. The key id travels in the stored text:
 * "sealed:v1:<key id>:<iv>:<tag>:<ciphertext>" (base64url), and is the GCM additional data.
 */

const prefix = 'sealed:v1:';

/** What a config schema checks a key ring against, and the words it reports a bad one with. */
export const keyRingPattern = '^[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=)*$';
export const keyRingDescription = 'id:<base64 of 32 random bytes>, comma-separated, the first sealing';

export class SecretBoxError extends Error {}

export class SecretBox {
  private readonly keys: Map<string, Buffer>;
  private readonly sealingKeyId: string;
  private readonly ringName: string;

  /**
   * `keyring` as in keyRingPattern (the config schema has already checked its shape); `ringName`
   * is the setting it came from, so an error tells the operator which key ring lacks a key.
   */
  constructor(keyring: string, ringName = 'the key ring') {
    const entries = keyring.split(',').map((part) => {
      const [id, b64] = part.split(':');
      const key = Buffer.from(b64 ?? '', 'base64');
      if (!id || key.length !== 32) throw new SecretBoxError('each key must be "id:" + base64 of 32 bytes');
      return [id, key] as const;
    });
    this.keys = new Map(entries);
    if (this.keys.size !== entries.length) throw new SecretBoxError('key ids must be distinct');
    this.sealingKeyId = entries[0]![0];
    this.ringName = ringName;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.sealingKeyId)!, iv);
    cipher.setAAD(Buffer.from(this.sealingKeyId));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url'));
    return `${prefix}${this.sealingKeyId}:${parts.join(':')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith(prefix)) throw new SecretBoxError('not a sealed secret');
    const [keyId, iv, tag, ct] = sealed.slice(prefix.length).split(':');
    const key = this.keys.get(keyId ?? '');
    if (!key) throw new SecretBoxError(`no key "${keyId}" in ${this.ringName} to open a stored secret`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'));
      decipher.setAAD(Buffer.from(keyId!));
      decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct ?? '', 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(`a stored secret does not open with key "${keyId}" (altered, or the wrong key)`);
    }
  }
}

/** A fresh key ring of one key, as up.sh writes for local use. */
export function newKeyring(id = 'k1'): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}
