import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dingTalkSign, signedDingTalkUrl, webhookSignature } from './signing.ts';

describe('DingTalk signing', () => {
  const secret = 'SEC0123456789abcdef';
  const timestamp = 1_764_000_000_000;

  it('signs timestamp, newline, secret with HMAC-SHA256, base64 then url-encoded', () => {
    // Computed apart from the module: the documented recipe, step by step.
    const base64 = createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(`${timestamp}\n${secret}`, 'utf8')).digest().toString('base64');
    // Base64's +, / and = must arrive escaped, or DingTalk reads a + as a space; this one has + and /.
    expect(base64).toMatch(/[+/]/);
    const escaped = base64.replace(/\+/g, '%2B').replace(/\//g, '%2F').replace(/=/g, '%3D');
    expect(dingTalkSign(secret, timestamp)).toBe(escaped);
    expect(dingTalkSign(secret, timestamp + 1)).not.toBe(dingTalkSign(secret, timestamp));
  });

  it('adds timestamp and sign to the robot URL only when the channel has a secret', () => {
    const url = 'https://oapi.dingtalk.com/robot/send?access_token=T';
    expect(signedDingTalkUrl(url, null, timestamp)).toBe(url);
    const signed = new URL(signedDingTalkUrl(url, secret, timestamp));
    expect(signed.searchParams.get('access_token')).toBe('T');
    expect(signed.searchParams.get('timestamp')).toBe(String(timestamp));
    expect(signed.searchParams.get('sign')).toBe(decodeURIComponent(dingTalkSign(secret, timestamp)));
  });
});

describe('webhook signing', () => {
  it('is sha256= and the hex HMAC of timestamp, dot, raw body', () => {
    const body = JSON.stringify({ alarms: [{ id: 1, content: '触发捕鼠' }] });
    const expected = createHmac('sha256', 'whsec').update(`1764000000000.${body}`, 'utf8').digest('hex');
    expect(webhookSignature('whsec', 1_764_000_000_000, body)).toBe(`sha256=${expected}`);
    expect(webhookSignature('other', 1_764_000_000_000, body)).not.toBe(`sha256=${expected}`);
  });
});
