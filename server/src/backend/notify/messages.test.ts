import { describe, expect, it } from 'vitest';
import { DIGEST_NAMED, dingTalkMessage, emailMessage, wecomMessage, WECOM_MAX_BYTES, webhookBody, type AlarmNotice, type NotifiedAlarm } from './messages.ts';
import { HOSTILE, MARKUP_LEFT } from './testing/hostile-names.ts';

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
const notice = (alarms: NotifiedAlarm[], changes: Partial<AlarmNotice> = {}): AlarmNotice => ({ ruleName: '捕鼠即时通知', alarms, link: 'https://pest.example.com/equipment/alarmCenter', ...changes });

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

  describe('hostile names', () => {
    const { ruleName, ...names } = HOSTILE;
    const hostile = (id: number) => alarm(id, names);
    /** One alarm (the headline names it) and a digest (the lines do), as each channel writes them. */
    const both = (write: (n: AlarmNotice) => string) => [write(notice([hostile(1)], { ruleName })), write(notice([hostile(1), hostile(2)], { ruleName }))];
    /** The markup left once our own link is taken out. */
    const leftOver = (text: string) => {
      const theirs = text.replace('[在告警中心处理](https://pest.example.com/equipment/alarmCenter)', '');
      return MARKUP_LEFT.filter((pattern) => pattern.test(theirs)).map(String);
    };

    it('write no link, image, tag, mention or line of their own in DingTalk markdown', () => {
      for (const text of both((n) => dingTalkMessage(n).markdown.text)) {
        expect(leftOver(text)).toEqual([]);
        // Every line is one of ours: the heading, a list item, the blank line, our one link.
        expect(text.split('\n').every((line) => /^(#### |- |$|\[在告警中心处理\]\(https:\/\/pest\.example\.com\/)/.test(line))).toBe(true);
        expect(text).toContain('［点此处理告警］（http：//evil．example/x）');
        expect(text).toContain('设备离线 ＃ 伪造标题 ＞ ＠所有人 ＜font color="warning"＞紧急＜/font＞ ［在告警中心处理］（https：//evil．example/）');
      }
      expect(leftOver(dingTalkMessage(notice([hostile(1)], { ruleName })).markdown.title)).toEqual([]);
    });

    it('write no link, image, tag, mention or line of their own in WeCom markdown, whose only tags are ours', () => {
      for (const text of both((n) => wecomMessage(n).markdown.content)) {
        expect(leftOver(text)).toEqual([]);
        expect(text.replace(/<font color="warning">|<\/font>/g, '')).not.toMatch(/[<>](?!\s)/);
        expect(text.split('\n').every((line) => /^(\*\*|> |\[在告警中心处理\]\(https:\/\/pest\.example\.com\/)/.test(line))).toBe(true);
        expect(text).toContain('＊＊规则＊＊＜a href="http：//evil．example"＞点我＜/a＞＠all');
      }
    });

    it('are text in the email\'s HTML, one line each in its plain part and subject', () => {
      const [single, digest] = [notice([hostile(1)], { ruleName }), notice([hostile(1), hostile(2)], { ruleName })].map(emailMessage);
      for (const mail of [single!, digest!]) {
        // Every tag is ours: the heading, the list, the paragraph and our one link.
        expect(mail.html.match(/<(?!\/?(?:h3|ul|li|p)>|a href="https:\/\/pest\.example\.com\/equipment\/alarmCenter">|\/a>)/g)).toBeNull();
        expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;店');
        expect(mail.html).not.toMatch(/evil\.example|https?:\/\/evil/);
        expect(mail.text.split('\n').filter((line) => /^[#>[]/.test(line) || line.includes('\r'))).toEqual([]);
        expect(mail.text).not.toMatch(/evil\.example|https?:\/\/evil/);
      }
      expect(single!.subject).toBe(
        '【紧急】![图](http：//evil．example/i．png)<img src=x onerror=alert(1)>店 · [点此处理告警](http：//evil．example/x)：设备离线 # 伪造标题 > @所有人 <font color="warning">紧急</font> [在告警中心处理](https：//evil．example/)',
      );
    });

    it('reach a webhook exactly as supplied, in valid JSON', () => {
      const body = JSON.parse(JSON.stringify(webhookBody(notice([hostile(1)], { ruleName }), 'd-1'))) as { rule: string; alarms: { content: string }[] };
      expect(body.rule).toBe(ruleName);
      expect(body.alarms[0]).toMatchObject({ content: names.content, device: { name: names.deviceName, code: names.deviceCode }, store: names.storeName, organisation: names.organisationName });
    });
  });

  it('gives a webhook every alarm in full', () => {
    const body = webhookBody(notice([alarm(1), alarm(2)]), 'd-1');
    expect(body.alarms.map((a) => a.id)).toEqual([1, 2]);
    expect(body.alarms[0]).toMatchObject({ kindLabel: '触发捕鼠', device: { code: 'LR-1' }, store: '徐汇店' });
  });
});
