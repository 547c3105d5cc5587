import { describe, expect, it } from 'vitest';
import { DIGEST_NAMED, dingTalkMessage, emailMessage, wecomMessage, WECOM_MAX_BYTES, webhookBody, type NotifiedAlarm, type Notice } from './messages.ts';

const alarm = (id: number, changes: Partial<NotifiedAlarm> = {}): NotifiedAlarm => ({
  id,
  kind: 5,
  severity: 'critical',
  content: '触发捕鼠',
  deviceName: `鼠盒${id}`,
  deviceCode: `LR-${id}`,
  storeName: '徐汇店',
  organisationName: '示例餐饮',
  createTime: '2026-11-24 09:15:00',
  ...changes,
});
const notice = (alarms: NotifiedAlarm[], changes: Partial<Notice> = {}): Notice => ({ ruleName: '捕鼠即时通知', alarms, link: 'https://pest.example.com/equipment/alarmCenter', ...changes });

describe('notification messages', () => {
  it('names one alarm in the headline, in warning colour on WeCom when critical', () => {
    const { content } = wecomMessage(notice([alarm(1)])).markdown;
    expect(content.split('\n')[0]).toBe('**<font color="warning">【紧急】徐汇店 · 鼠盒1：触发捕鼠</font>**');
    expect(content).toContain('(https://pest.example.com/equipment/alarmCenter)');
    const minor = wecomMessage(notice([alarm(2, { kind: 3, severity: 'minor', content: '电量低于20%' })])).markdown.content;
    expect(minor).not.toContain('<font');
  });

  it('makes a digest of counts by kind, the first alarms and how many more', () => {
    const alarms = [...Array.from({ length: 7 }, (_, i) => alarm(i + 1)), alarm(8, { kind: 1, severity: 'major', content: '设备离线' })];
    const { title, text } = dingTalkMessage(notice(alarms)).markdown;
    expect(title).toBe('【紧急】8 条新告警');
    expect(text).toContain('分类：触发捕鼠 7、设备离线 1');
    expect(text.match(/鼠盒\d/g)).toHaveLength(DIGEST_NAMED);
    expect(text).toContain(`……另有 ${8 - DIGEST_NAMED} 条`);
  });

  it('says an escalation is one, with its minutes', () => {
    const { subject } = emailMessage(notice([alarm(1), alarm(2)], { escalatedAfterMinutes: 15 }));
    expect(subject).toBe('【紧急·升级】2 条告警超过 15 分钟无人确认');
  });

  it('keeps WeCom content within 4,096 bytes by naming fewer alarms', () => {
    const long = '很长的门店名称'.repeat(40);
    const { content } = wecomMessage(notice(Array.from({ length: 30 }, (_, i) => alarm(i, { storeName: long })))).markdown;
    expect(Buffer.byteLength(content, 'utf8')).toBeLessThanOrEqual(WECOM_MAX_BYTES);
    expect(content).toContain('另有');
  });

  it('escapes names in the email\'s HTML part and keeps a plain-text part', () => {
    const mail = emailMessage(notice([alarm(1, { storeName: '<script>店' })]));
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>店');
  });

  it('gives a webhook every alarm in full', () => {
    const body = webhookBody(notice([alarm(1), alarm(2)]), 'd-1');
    expect(body.alarms.map((a) => a.id)).toEqual([1, 2]);
    expect(body.alarms[0]).toMatchObject({ kindLabel: '触发捕鼠', device: { code: 'LR-1' }, store: '徐汇店' });
  });
});
