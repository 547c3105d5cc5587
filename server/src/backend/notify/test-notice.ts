import { AlarmKind, CHINA_UTC_OFFSET_MS } from '@pest/shared';
import type { Notice } from './messages.ts';

/** What 发送测试 sends: plainly a test, shaped like a real alarm so the channel shows how one will look. */
export function testNotice(link: string, now: Date): Notice {
  const time = new Date(now.getTime() + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
  return {
    ruleName: '发送测试',
    link,
    alarms: [
      {
        id: 0,
        kind: AlarmKind.trigger,
        severity: 'critical',
        content: '这是一条测试消息，收到即表示通知渠道配置正确',
        deviceName: '测试设备',
        deviceCode: 'TEST-0000',
        storeName: '测试门店',
        organisationName: '测试组织',
        createTime: time,
      },
    ],
  };
}
