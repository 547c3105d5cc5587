import { describe, expect, it } from 'vitest';
import { base64ToHex, parsePayload } from './payloadBytes.ts';

describe('parsePayload', () => {
  it('reads even-length hex digits as hex, spaces and case ignored', () => {
    expect(parsePayload('01 5A ff', 10)).toEqual({ ok: true, format: 'hex', bytes: Uint8Array.of(1, 0x5a, 0xff), base64: 'AVr/', hex: '015aff' });
  });

  it('reads anything else that is base64 as base64', () => {
    expect(parsePayload('AVr/', 10)).toMatchObject({ ok: true, format: 'base64', hex: '015aff', base64: 'AVr/' });
    expect(parsePayload('AQ==', 10)).toMatchObject({ ok: true, format: 'base64', hex: '01' });
  });

  it('takes a text that is both (even-length hex digits) as hex', () => {
    expect(parsePayload('0102', 10)).toMatchObject({ format: 'hex', hex: '0102' });
    expect(parsePayload('0x0A12', 10)).toMatchObject({ format: 'hex', hex: '0a12' });
  });

  it('says when the text is neither, is empty, or is too long', () => {
    expect(parsePayload('01-02', 10)).toEqual({ ok: false, problem: 'unreadable' });
    expect(parsePayload('abc', 10)).toEqual({ ok: false, problem: 'unreadable' });
    expect(parsePayload('AQ=', 10)).toEqual({ ok: false, problem: 'unreadable' });
    expect(parsePayload('  ', 10)).toEqual({ ok: false, problem: 'empty' });
    expect(parsePayload('010203', 2)).toEqual({ ok: false, problem: 'tooLong' });
  });
});

describe('base64ToHex', () => {
  it('shows stored base64 as hex', () => {
    expect(base64ToHex('AVr/')).toBe('015aff');
    expect(base64ToHex('')).toBe('');
  });
});
