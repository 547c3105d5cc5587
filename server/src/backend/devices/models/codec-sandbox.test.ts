import { describe, expect, it } from 'vitest';
import { CodecSandbox } from './codec-sandbox.ts';

const input = (bytes: number[], fPort = 1) => ({ bytes, fPort, recvTime: new Date('2026-12-01T08:00:00Z') });

// A box's codec in the TS013 shape: byte 0 battery, bytes 1–2 temperature ×10 (signed), byte 3 the event.
const BOX_CODEC = `
function decodeUplink(input) {
  var b = input.bytes;
  if (b.length < 4) return { errors: ['payload too short'] };
  var t = (b[1] << 8) | b[2];
  if (t & 0x8000) t -= 0x10000;
  return { data: { battery: b[0], temperature: t / 10, event: ['heartbeat', 'capture', 'trigger', 'maintain'][b[3]] }, warnings: input.fPort === 2 ? ['port 2'] : [] };
}`;

describe('the payload codec sandbox', () => {
  const sandbox = new CodecSandbox();

  it('decodes bytes with a TS013 codec and passes its errors and warnings on', async () => {
    expect(await sandbox.decode(BOX_CODEC, input([87, 0xff, 0x38, 1]))).toEqual({ data: { battery: 87, temperature: -20, event: 'capture' }, errors: [], warnings: [] });
    expect(await sandbox.decode(BOX_CODEC, input([87, 0, 215, 0], 2))).toEqual({ data: { battery: 87, temperature: 21.5, event: 'heartbeat' }, errors: [], warnings: ['port 2'] });
    expect(await sandbox.decode(BOX_CODEC, input([1]))).toMatchObject({ data: null, errors: ['payload too short'], failure: 'error' });
  });

  it('gives the codec nothing of the host: no require, process, fetch, timers or globalThis of node', async () => {
    const probe = `function decodeUplink() { return { data: { seen: [typeof require, typeof process, typeof fetch, typeof setTimeout, typeof Buffer, typeof globalThis.process].join() } }; }`;
    expect((await sandbox.decode(probe, input([]))).data).toEqual({ seen: 'undefined,undefined,undefined,undefined,undefined,undefined' });
  });

  it('names a codec that does not compile or defines no decodeUplink', async () => {
    expect(await sandbox.decode('function decodeUplink( {', input([]))).toMatchObject({ data: null, failure: 'error', errors: [expect.stringMatching(/^SyntaxError/)] });
    expect(await sandbox.decode('var x = 1;', input([]))).toMatchObject({ failure: 'error', errors: [expect.stringContaining('decodeUplink is not defined')] });
  });

  it('fails an endless loop, endless allocation and endless recursion within their limits, and decodes the next payload as usual', async () => {
    const hostile = {
      timeout: 'function decodeUplink() { for (;;) {} }',
      memory: 'function decodeUplink() { var a = []; for (;;) a.push({ x: [1, 2, 3] }); }',
      string: 'function decodeUplink() { var s = "x"; for (;;) s += s; }',
      recursion: 'function decodeUplink() { return decodeUplink(); }',
      atLoad: 'for (;;) {}',
    };
    const failures = [];
    for (const codec of Object.values(hostile)) {
      failures.push((await sandbox.decode(codec, input([1]))).failure);
      expect(await sandbox.decode(BOX_CODEC, input([50, 0, 100, 3]))).toEqual({ data: { battery: 50, temperature: 10, event: 'maintain' }, errors: [], warnings: [] });
    }
    expect(failures).toEqual(['timeout', expect.stringMatching(/^(memory|timeout)$/), 'memory', 'memory', 'timeout']);
    // The same hostile codec again: it fails again, each call on its own time.
    expect((await sandbox.decode(hostile.timeout, input([1]))).failure).toBe('timeout');
  });

  it('refuses an answer that is not an object with data', async () => {
    expect(await sandbox.decode('function decodeUplink() { return 42; }', input([]))).toMatchObject({ data: null, failure: 'error' });
    expect(await sandbox.decode('function decodeUplink() { return { data: "x".repeat(100000) }; }', input([]))).toMatchObject({ data: null, failure: 'error' });
  });
});
