import { createHmac, randomInt } from 'node:crypto';
import { DISPLAY_CODE_ALPHABET, DISPLAY_CODE_LENGTH, type DisplayLinkSecret } from '@pest/shared';

/** Seals text at rest (notify/secret-box.ts's AES-256-GCM, handed in by create-backend so the domains stay apart). */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/**
 * What the backend keeps of a link's token and short code under its display key: the pair sealed,
 * for the managers' copy again, and the code's HMAC, to find a link by the code a TV was given.
 */
export interface DisplaySecrets {
  newCode(): string;
  codeHash(code: string): string;
  seal(secret: DisplayLinkSecret): string;
  open(sealed: string): DisplayLinkSecret;
}

export function displaySecrets(key: string, sealer: Sealer): DisplaySecrets {
  return {
    newCode: () => Array.from({ length: DISPLAY_CODE_LENGTH }, () => DISPLAY_CODE_ALPHABET[randomInt(DISPLAY_CODE_ALPHABET.length)]).join(''),
    codeHash: (code) => createHmac('sha256', key).update(`display-code:${code}`).digest('hex'),
    seal: (secret) => sealer.seal(JSON.stringify({ token: secret.token, code: secret.code })),
    open: (sealed) => {
      const { token, code } = JSON.parse(sealer.open(sealed)) as DisplayLinkSecret;
      return { token, code };
    },
  };
}
