import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Channel secrets (robot signing keys, webhook HMAC keys) at rest: AES-256-GCM under a key from
 * NOTIFY_SECRET_KEY or the data dir, so a database dump or a backup alone does not hand out the
 * keys that sign messages to a customer's systems. GCM's tag refuses a value altered or sealed
 * under another key instead of returning garbage.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('not a sealed secret');
      const bytes = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
