import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox('key material');

  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = box.seal('SECxyz-签名密钥');
    expect(sealed).not.toContain('SECxyz');
    expect(box.open(sealed)).toBe('SECxyz-签名密钥');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a value sealed under another key or altered', () => {
    const sealed = box.seal('secret');
    expect(() => createSecretBox('other key').open(sealed)).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
