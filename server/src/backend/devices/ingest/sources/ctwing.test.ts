import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCtwingPush } from './ctwing.ts';
import { isIgnored } from './fields.ts';

/** CTWing pushes as recorded by public integrations (see ctwing.ts): a transparent and a 物模型 data report, an online report. */
const sample = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8'));
const arrived = new Date('2024-05-01T08:00:00Z');

describe('CTWing subscription pushes', () => {
  it('reads a transparent product’s data report: APPdata as the payload', () => {
    expect(parseCtwingPush(sample('ctwing-data-report-appdata.json'), arrived)).toEqual({
      ok: true,
      uplinks: [
        {
          source: 'ctwing',
          kind: 'up',
          imei: '862592051651472',
          payload: Buffer.from('AQFWMS4wAAAAACMAAAAH/wAlODYyNTkyMDUxNjUxNDcyAAEAMjUAODAAAAAAAAABAQAAAAEAAASD', 'base64'),
          at: new Date(1650554828842),
          // upPacketSN / upDataSN are -1: the push's timestamp names it instead.
          dedupKey: 'ctwing:up:862592051651472:1650554828842',
        },
      ],
    });
  });

  it('reads a 物模型 product’s properties as the decoded reading', () => {
    const parsed = parseCtwingPush(sample('ctwing-data-report-properties.json'), arrived);
    expect(parsed.ok && parsed.uplinks[0]).toEqual({
      source: 'ctwing',
      kind: 'up',
      imei: '161941770261953',
      decoded: { time: 1619524019000, longitude: -174, latitude: -86 },
      at: new Date(1619524024049),
      dedupKey: 'ctwing:up:161941770261953:1619524024049',
    });
  });

  it('unwraps the older {serviceId, serviceData} payload', () => {
    const body = { ...sample('ctwing-data-report-properties.json'), payload: { serviceId: 'notification', serviceData: { Battery_Level: 100, Alarm_Status: 2 } } };
    const parsed = parseCtwingPush(body);
    expect(parsed.ok && parsed.uplinks[0]?.decoded).toEqual({ Battery_Level: 100, Alarm_Status: 2 });
  });

  it('keys a report by IMEI and sequence numbers when it has them', () => {
    const parsed = parseCtwingPush({ ...sample('ctwing-data-report-appdata.json'), upPacketSN: 17, upDataSN: '3' });
    expect(parsed.ok && parsed.uplinks[0]?.dedupKey).toBe('ctwing:up:862592051651472:17:3');
  });

  it('finds the IMEI at the end of deviceId (productId + IMEI) when IMEI is empty', () => {
    const body = { ...sample('ctwing-data-report-appdata.json'), IMEI: '', productId: '17080670', deviceId: '17080670863434085574173' };
    const parsed = parseCtwingPush(body);
    expect(parsed.ok && parsed.uplinks[0]?.imei).toBe('863434085574173');
  });

  it('reads online and offline reports when the deviceId names the IMEI', () => {
    const online = { ...sample('ctwing-online.json'), productId: '17080670', deviceId: '17080670863434085574173' };
    expect(parseCtwingPush(online, arrived)).toEqual({
      ok: true,
      uplinks: [{ source: 'ctwing', kind: 'online', imei: '863434085574173', at: new Date(1619523036482), dedupKey: 'ctwing:online:863434085574173:1619523036482' }],
    });
    const offline = parseCtwingPush({ ...online, eventType: 0 });
    expect(offline.ok && offline.uplinks[0]?.kind).toBe('offline');
  });

  it('refuses an online report whose deviceId names no IMEI (the recorded one)', () => {
    const parsed = parseCtwingPush(sample('ctwing-online.json'));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain('IMEI');
  });

  it('ignores command responses and event reports', () => {
    const response = {
      timestamp: 1589444233258,
      tenantId: '10461180',
      taskId: 1,
      result: { resultDetail: '', resultCode: 'DELIVERED' },
      protocol: 'lwm2m',
      productId: '10053421',
      messageType: 'commandResponse',
      deviceId: '44d0b9e48d404094bbbcf889e4e64ece',
    };
    expect(isIgnored(parseCtwingPush(response))).toBe(true);
    expect(isIgnored(parseCtwingPush({ ...response, messageType: 'eventReport' }))).toBe(true);
    expect(isIgnored(parseCtwingPush({ ...response, messageType: 'somethingElse' }))).toBe(false);
  });

  it('refuses malformed pushes with a reason, and never throws', () => {
    const report = sample('ctwing-data-report-appdata.json');
    const bad: unknown[] = [
      null,
      'dataReport',
      { ...report, messageType: undefined },
      { ...report, IMEI: '86259205165147' },
      { ...report, IMEI: 862592051651472 },
      { ...report, payload: undefined },
      { ...report, payload: { APPdata: 'not base64!' } },
      { ...report, payload: { APPdata: '' } },
      { ...report, payload: {} },
      { ...report, payload: { APPdata: Buffer.alloc(1025).toString('base64') } },
      { ...report, upPacketSN: 'seven' },
      { ...report, upDataSN: 2 ** 40 },
      { ...sample('ctwing-online.json'), eventType: 2 },
      new Proxy({}, { get: () => { throw new Error('boom'); } }),
    ];
    for (const [index, body] of bad.entries()) {
      const parsed = parseCtwingPush(body);
      expect(parsed.ok, `case ${index}`).toBe(false);
      expect(!parsed.ok && parsed.reason.length).toBeGreaterThan(0);
    }
  });

  it('takes the arrival time when the timestamp is missing or absurd', () => {
    for (const timestamp of [undefined, 'now', 1e20, -5, 1650554828.842]) {
      const parsed = parseCtwingPush({ ...sample('ctwing-data-report-appdata.json'), timestamp }, arrived);
      expect(parsed.ok && parsed.uplinks[0]?.at).toEqual(arrived);
    }
  });
});
