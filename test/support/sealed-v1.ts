import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * `plain` sealed as common/secret-box.ts's v1 format did, before sealed secrets were bound to
 * their record: the GCM additional data is the key id alone. With the first key of `keyring`.
 * Tests use it to stand for a value written before the upgrade.
 */
export function sealV1(keyring: string, plain: string): string {
  const [id, b64] = keyring.split(',')[0]!.split(':') as [string, string];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(b64, 'base64'), iv);
  cipher.setAAD(Buffer.from(id));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `sealed:v1:${id}:${[iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url')).join(':')}`;
}
