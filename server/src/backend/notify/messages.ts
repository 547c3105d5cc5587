import { ALARM_KIND_LABELS, ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, type AlarmKind, type AlarmSeverity } from '@pest/shared';
import { escapeHtml, htmlValue } from './escape-html.ts';
import { markdownValue } from './escape-markdown.ts';
import { plainValue } from './escape-plain.ts';
import { contractLines, contractWebhookBody, type ContractNotice } from './contract-messages.ts';

/** One alarm as a message names it. */
export interface NotifiedAlarm {
  id: number;
  kind: Exclude<AlarmKind, 6>;
  severity: AlarmSeverity;
  content: string;
  deviceName: string;
  deviceCode: string;
  storeName: string;
  organisationName: string;
  /** China wall time, 'yyyy-MM-dd HH:mm:ss'. */
  createTime: string;
}

/** What one alarm delivery says: one alarm, a digest of several, or an escalation of some nobody acknowledged. */
export interface AlarmNotice {
  ruleName: string;
  /** Escalation: still unacknowledged after this many minutes. */
  escalatedAfterMinutes?: number;
  /** Oldest first. */
  alarms: NotifiedAlarm[];
  /** 告警中心's address, where the reader acts on them. */
  link: string;
}

/** What a delivery says: about alarms, or a contract near its end (contract-messages.ts). */
export type Notice = AlarmNotice | ContractNotice;

/** WeCom refuses markdown content over 4,096 bytes (UTF-8). */
export const WECOM_MAX_BYTES = 4096;
/** A digest names this many alarms, then counts the rest. */
export const DIGEST_NAMED = 5;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * How a channel's format writes a value a person or a device supplied (names, codes, contents, the
 * rule's name). Our own words and markup around them are never passed through it.
 */
export type Escape = (value: string) => string;

function headline(notice: AlarmNotice, value: Escape): string {
  const count = notice.alarms.length;
  const worst = ALARM_SEVERITIES.find((severity) => notice.alarms.some((alarm) => alarm.severity === severity))!;
  const label = ALARM_SEVERITY_LABELS[worst];
  if (notice.escalatedAfterMinutes !== undefined) return `【${label}·升级】${count} 条告警超过 ${notice.escalatedAfterMinutes} 分钟无人确认`;
  const [only] = notice.alarms;
  if (count === 1) return `【${label}】${value(only!.storeName)} · ${value(only!.deviceName)}：${value(only!.content)}`;
  return `【${label}】${count} 条新告警`;
}

/** Counts by kind, e.g. 触发捕鼠 3、设备离线 1, most first. */
function kindCounts(alarms: readonly NotifiedAlarm[]): string {
  const counts = new Map<string, number>();
  for (const alarm of alarms) counts.set(ALARM_KIND_LABELS[alarm.kind], (counts.get(ALARM_KIND_LABELS[alarm.kind]) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ${n}`).join('、');
}

const alarmLine = (alarm: NotifiedAlarm, value: Escape) =>
  `${alarm.createTime.slice(5, 16)} ${value(alarm.organisationName)} / ${value(alarm.storeName)} · ${value(alarm.deviceName)}（${value(alarm.deviceCode)}）：${value(alarm.content)}`;

/** The lines every channel shows, values escaped for its format: headline, counts, the first alarms, how many more, the rule. */
function lines(notice: Notice, value: Escape, named = DIGEST_NAMED): { head: string; body: string[] } {
  if ('contract' in notice) return contractLines(notice, value);
  const shown = notice.alarms.slice(0, named).map((alarm) => alarmLine(alarm, value));
  const more = notice.alarms.length - shown.length;
  const body = [
    ...(notice.alarms.length > 1 ? [`分类：${kindCounts(notice.alarms)}`] : []),
    ...shown,
    ...(more > 0 ? [`……另有 ${more} 条`] : []),
    `规则：${value(notice.ruleName)}`,
  ];
  return { head: headline(notice, value), body };
}

const isCritical = (notice: Notice) => 'alarms' in notice && notice.alarms.some((alarm) => alarm.severity === 'critical');
/** Where the message sends its reader: 告警中心 for alarms, 合同 for a contract. */
const actionText = (notice: Notice) => ('contract' in notice ? '查看合同' : '在告警中心处理');

/** WeCom group robot markdown; critical in warning colour. Fewer alarms are named until it fits. */
export function wecomMessage(notice: Notice): { msgtype: 'markdown'; markdown: { content: string } } {
  for (let named = DIGEST_NAMED; named >= 0; named--) {
    const { head, body } = lines(notice, markdownValue, named);
    const title = isCritical(notice) ? `<font color="warning">${head}</font>` : head;
    const content = [`**${title}**`, ...body.map((line) => `> ${line}`), `[${actionText(notice)}](${notice.link})`].join('\n');
    if (bytes(content) <= WECOM_MAX_BYTES) return { msgtype: 'markdown', markdown: { content } };
  }
  // Only a rule name or store name of thousands of characters gets here; names are capped well below.
  throw new Error('notice too long for WeCom');
}

/** DingTalk custom robot markdown. */
export function dingTalkMessage(notice: Notice): { msgtype: 'markdown'; markdown: { title: string; text: string } } {
  const { head, body } = lines(notice, markdownValue);
  const text = [`#### ${head}`, ...body.map((line) => `- ${line}`), '', `[${actionText(notice)}](${notice.link})`].join('\n');
  return { msgtype: 'markdown', markdown: { title: head, text } };
}

/** Email: a Chinese subject, a plain-text part and an HTML part. */
export function emailMessage(notice: Notice): { subject: string; text: string; html: string } {
  const plain = lines(notice, plainValue);
  const html = lines(notice, htmlValue);
  return {
    subject: plain.head,
    text: [plain.head, '', ...plain.body, '', `${actionText(notice)}：${notice.link}`].join('\n'),
    html: [
      `<h3>${html.head}</h3>`,
      `<ul>${html.body.map((line) => `<li>${line}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(notice.link)}">${actionText(notice)}</a></p>`,
    ].join('\n'),
  };
}

/** The webhook's JSON body: every alarm in full and every value as it is, for a receiver's own system. */
export function webhookBody(notice: AlarmNotice, deliveryId: string): ReturnType<typeof alarmWebhookBody>;
export function webhookBody(notice: Notice, deliveryId: string): ReturnType<typeof alarmWebhookBody> | ReturnType<typeof contractWebhookBody>;
export function webhookBody(notice: Notice, deliveryId: string) {
  return 'contract' in notice ? contractWebhookBody(notice, deliveryId) : alarmWebhookBody(notice, deliveryId);
}

function alarmWebhookBody(notice: AlarmNotice, deliveryId: string) {
  return {
    deliveryId,
    rule: notice.ruleName,
    escalatedAfterMinutes: notice.escalatedAfterMinutes ?? null,
    link: notice.link,
    alarms: notice.alarms.map((alarm) => ({
      id: alarm.id,
      kind: alarm.kind,
      kindLabel: ALARM_KIND_LABELS[alarm.kind],
      severity: alarm.severity,
      content: alarm.content,
      device: { name: alarm.deviceName, code: alarm.deviceCode },
      store: alarm.storeName,
      organisation: alarm.organisationName,
      createTime: alarm.createTime,
    })),
  };
}
