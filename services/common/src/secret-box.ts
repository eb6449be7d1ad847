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
 * "sealed:v2:<key id>:<iv>:<tag>:<ciphertext>" (base64url).
 *
 * A sealed secret is bound to what it belongs to. The GCM additional data covers the format version,
 * the key id and the caller's context (accounts: the connection's workspace and provider; webhook:
 * the endpoint's workspace and id and which of its secrets), each part prefixed with its length so
 * that no two different lists of parts give the same bytes. Encryption alone would not stop someone
 * who can write the database from moving one owner's sealed text into another's record, where it
 * would open: workspace A's payments verified and opened with B's provider account. Bound, such a
 * text does not open there, and the caller gets the same error as for an altered text.
 *
 * Texts of v1 ("sealed:v1:…", additional data the key id only) bind nothing. `open` refuses them:
 * each service re-seals its stored v1 texts bound, once, at start (`resealV1`), and from then on
 * a v1 text in the database can only be a planted copy of someone else's secret.
 */

const v1Prefix = 'sealed:v1:';
const prefix = 'sealed:v2:';

/**
 * What a secret is sealed for: the names of its owner, in a fixed order (e.g. workspace id and
 * provider). The same context must be given to open it.
 */
export type SealContext = readonly string[];

/** What a config schema checks a key ring against, and the words it reports a bad one with. */
export const keyRingPattern = '^[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=)*$';
export const keyRingDescription = 'id:<base64 of 32 random bytes>, comma-separated, the first sealing';

export class SecretBoxError extends Error {}

/** True for a text in the unbound v1 format, which only the one-time re-seal reads. */
export function isV1Sealed(text: string): boolean {
  return text.startsWith(v1Prefix);
}

/** Length-prefixed parts (4-byte big-endian length, then the UTF-8 bytes): one list, one encoding. */
function additionalData(parts: readonly string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return [length, bytes];
    }),
  );
}

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

  /** Seals `plain` with the ring's first key, bound to `context`. */
  seal(plain: string, context: SealContext): string {
    // An empty context would bind the secret to nothing, which is what v2 exists to prevent.
    if (context.length === 0) throw new SecretBoxError('a secret is sealed for a context');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.sealingKeyId)!, iv);
    cipher.setAAD(additionalData(['v2', this.sealingKeyId, ...context]));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url'));
    return `${prefix}${this.sealingKeyId}:${parts.join(':')}`;
  }

  /**
   * Opens a v2 text sealed for `context`. A text sealed for another context, altered, or sealed
   * with other key bytes throws the same error naming the key; a v1 text is refused.
   */
  open(sealed: string, context: SealContext): string {
    if (isV1Sealed(sealed)) {
      const keyId = sealed.slice(v1Prefix.length).split(':')[0];
      throw new SecretBoxError(
        `a stored secret sealed with key "${keyId}" is in the unbound v1 format, which is no longer opened`,
      );
    }
    if (!sealed.startsWith(prefix)) throw new SecretBoxError('not a sealed secret');
    const [keyId = '', ...rest] = sealed.slice(prefix.length).split(':');
    return this.decrypt(keyId, rest, ['v2', keyId, ...context]);
  }

  /**
   * Opens a v1 text (additional data the key id only) and seals it afresh, with the ring's first
   * key, bound to `context`. Only a service's one-time re-seal of its stored secrets calls this,
   * with the context of the record the text was read from: after that pass nothing reads v1.
   */
  resealV1(sealed: string, context: SealContext): string {
    if (!isV1Sealed(sealed)) throw new SecretBoxError('not a v1 sealed secret');
    const [keyId = '', ...rest] = sealed.slice(v1Prefix.length).split(':');
    return this.seal(this.decrypt(keyId, rest, null), context);
  }

  /** `parts` is iv, tag and ciphertext; `aad` null is v1's, the key id alone. */
  private decrypt(keyId: string, parts: string[], aad: string[] | null): string {
    const key = this.keys.get(keyId);
    if (!key) throw new SecretBoxError(`no key "${keyId}" in ${this.ringName} to open a stored secret`);
    const [iv, tag, ct] = parts;
    try {
      if (parts.length !== 3) throw new SecretBoxError('malformed');
      // The full 16-byte tag only: GCM would otherwise check a truncated one.
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'), { authTagLength: 16 });
      decipher.setAAD(aad ? additionalData(aad) : Buffer.from(keyId));
      decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct!, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        `a stored secret does not open with key "${keyId}" (altered, the wrong key, or sealed for another record)`,
      );
    }
  }
}

/** A fresh key ring of one key, as up.sh writes for local use. */
export function newKeyring(id = 'k1'): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}
