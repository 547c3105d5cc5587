import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isIgnored } from './fields.ts';
import { isUnauthorised, oneNetVerificationReply, parseOneNetPush, verifyOneNetSignature } from './onenet.ts';

/**
 * OneNET's manual documents the push's fields but shows no complete body, so the samples are
 * built from it: the older envelope (msg an object, msg_signature) and the newer one (msg as
 * JSON text holding a batch, signature, time, id), signed with TOKEN as the manual says.
 */
const sample = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8'));
const TOKEN = 'pestToken2024';
const arrived = new Date('2024-05-01T08:00:00Z');
/** Base64(MD5(token + nonce + msg)), computed here independently of the parser. */
const sign = (token: string, nonce: string, msg: string) => createHash('md5').update(token + nonce + msg).digest('base64');
const signedText = (msg: string, nonce = 'n0nce123') => ({ msg, nonce, signature: sign(TOKEN, nonce, msg), id: 'push-1' });

describe('OneNET signatures', () => {
  it('verifies Base64(MD5(token + nonce + msg)), and fails with a wrong token', () => {
    const signature = sign(TOKEN, 'abcdefgh', 'hello');
    expect(verifyOneNetSignature(TOKEN, 'abcdefgh', 'hello', signature)).toBe(true);
    expect(verifyOneNetSignature('wrongToken', 'abcdefgh', 'hello', signature)).toBe(false);
    expect(verifyOneNetSignature(TOKEN, 'abcdefgh', 'hello!', signature)).toBe(false);
    expect(verifyOneNetSignature('', '', 'hello', sign('', '', 'hello'))).toBe(false);
  });

  it('accepts a signature whose + a query string turned into a space, or that is still URL-encoded', () => {
    const msg = Array.from({ length: 50 }, (_, i) => `m${i}`).find((m) => sign(TOKEN, 'abcdefgh', m).includes('+'))!;
    const signature = sign(TOKEN, 'abcdefgh', msg);
    expect(verifyOneNetSignature(TOKEN, 'abcdefgh', msg, signature.replace(/\+/g, ' '))).toBe(true);
    expect(verifyOneNetSignature(TOKEN, 'abcdefgh', msg, encodeURIComponent(signature))).toBe(true);
    expect(verifyOneNetSignature(TOKEN, 'abcdefgh', msg, signature.replace(/=+$/, ''))).toBe(true);
  });

  it('answers the URL verification with msg only when signed with the token', () => {
    const query = { msg: 'd8Fk2p', nonce: 'Qw3rTy12', signature: sign(TOKEN, 'Qw3rTy12', 'd8Fk2p') };
    expect(oneNetVerificationReply(query, TOKEN)).toBe('d8Fk2p');
    expect(oneNetVerificationReply(query, 'otherToken')).toBeUndefined();
    expect(oneNetVerificationReply({ msg: 'd8Fk2p' }, TOKEN)).toBeUndefined();
    expect(oneNetVerificationReply('msg=d8Fk2p', TOKEN)).toBeUndefined();
  });
});

describe('OneNET pushes', () => {
  it('reads an older push: msg an object, a hex value as the payload', () => {
    expect(parseOneNetPush(sample('onenet-push-object.json'), TOKEN, arrived)).toEqual({
      ok: true,
      uplinks: [
        {
          source: 'onenet',
          kind: 'up',
          imei: '868474041234567',
          payload: Buffer.from([0x01, 0x64, 0x0a, 0x1e]),
          at: new Date(1700000000123),
          dedupKey: 'onenet:up:868474041234567:3200_0_5750:1700000000123',
        },
      ],
    });
  });

  it('reads a newer, batched push: a number is its data stream’s reading, status 0 is offline', () => {
    expect(parseOneNetPush(sample('onenet-push-text.json'), TOKEN, arrived)).toEqual({
      ok: true,
      uplinks: [
        {
          source: 'onenet',
          kind: 'up',
          imei: '868474041234567',
          decoded: { '3303_0_5700': 23.5 },
          at: new Date(1700000060000),
          dedupKey: 'onenet:up:868474041234567:3303_0_5700:1700000060000',
        },
        { source: 'onenet', kind: 'offline', imei: '868474041234567', at: new Date(1700000065000), dedupKey: 'onenet:offline:868474041234567:1700000065000' },
      ],
    });
  });

  it('tells a bad signature (401) from a malformed body (400)', () => {
    for (const body of [sample('onenet-push-object.json'), sample('onenet-push-text.json')]) {
      const wrong = parseOneNetPush(body, 'wrongToken');
      expect(wrong).toEqual({ ok: false, reason: 'signature', unauthorised: true });
      expect(isUnauthorised(wrong)).toBe(true);
    }
    const unsigned = { ...sample('onenet-push-text.json'), signature: undefined };
    expect(isUnauthorised(parseOneNetPush(unsigned, TOKEN))).toBe(true);
    const tampered = sample('onenet-push-object.json');
    (tampered.msg as Record<string, unknown>).value = '01640a1f';
    expect(isUnauthorised(parseOneNetPush(tampered, TOKEN))).toBe(true);

    const malformed = parseOneNetPush(signedText('not json'), TOKEN);
    expect(malformed.ok).toBe(false);
    expect(isUnauthorised(malformed)).toBe(false);
  });

  it('refuses safe-mode (AES) pushes: not implemented', () => {
    const parsed = parseOneNetPush({ enc_msg: 'q1w2e3', msg_signature: 'x', nonce: 'abcdefgh' }, TOKEN);
    expect(!parsed.ok && parsed.reason).toContain('AES');
    expect(isUnauthorised(parsed)).toBe(false);
  });

  it('ignores a push of command results only', () => {
    const parsed = parseOneNetPush(signedText(JSON.stringify({ type: 7, imei: '868474041234567', cmd_id: 'c1', cmd_type: 1, at: 1700000000000 })), TOKEN);
    expect(isIgnored(parsed)).toBe(true);
  });

  it('refuses malformed messages with a reason, and never throws', () => {
    const point = { type: 1, imei: '868474041234567', ds_id: '3200_0_5750', at: 1700000000000, value: '0a0b' };
    const bad: unknown[] = [
      null,
      'msg',
      { nonce: 'abcdefgh', signature: 'x' },
      signedText('[]'),
      signedText(JSON.stringify({ ...point, imei: undefined, dev_id: 523456789 })),
      signedText(JSON.stringify({ ...point, imei: '86847404123456' })),
      signedText(JSON.stringify({ ...point, type: 3 })),
      signedText(JSON.stringify({ ...point, value: 'zz' })),
      signedText(JSON.stringify({ ...point, value: 'ab'.repeat(1025) })),
      signedText(JSON.stringify({ ...point, value: null })),
      signedText(JSON.stringify({ ...point, value: 5, ds_id: undefined })),
      signedText(JSON.stringify({ type: 2, imei: '868474041234567', status: 3 })),
      signedText(JSON.stringify([point, { ...point, type: 'x' }])),
      signedText(JSON.stringify({ messageType: 'notify', notifyType: 'property', deviceName: 'd1', data: {} })),
      new Proxy({}, { get: () => { throw new Error('boom'); } }),
    ];
    for (const [index, body] of bad.entries()) {
      const parsed = parseOneNetPush(body, TOKEN);
      expect(parsed.ok, `case ${index}`).toBe(false);
      expect(isUnauthorised(parsed), `case ${index}`).toBe(false);
      expect(!parsed.ok && parsed.reason.length).toBeGreaterThan(0);
    }
  });

  it('keys by the push id and takes the arrival time when a message has no time', () => {
    const parsed = parseOneNetPush(signedText(JSON.stringify({ type: 2, imei: '868474041234567', status: 1 })), TOKEN, arrived);
    expect(parsed.ok && parsed.uplinks[0]).toMatchObject({ kind: 'online', at: arrived, dedupKey: 'onenet:push-1:0' });
  });
});
