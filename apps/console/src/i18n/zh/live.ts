import { ALARM_KIND_LABELS, ALARM_SEVERITY_LABELS, ALARM_STATE_LABELS } from '@pest/shared';
import { enumLabels } from '../enumLabels.ts';

export default {
  alarms: '告警',
  alarmKind: enumLabels(ALARM_KIND_LABELS),
  alarmSeverity: ALARM_SEVERITY_LABELS,
  alarmState: ALARM_STATE_LABELS,
  alarmText: '{{device}}：{{content}}',
  alarmStoreText: '{{store}} · {{device}}：{{content}}',
  unhandledAlarms: '未处理告警（{{count}}）',
  noUnhandledAlarms: '暂无未处理告警',
  newAlarms: '收到 {{count}} 条新告警',
  // The bell and its toasts (issue 16).
  unacknowledgedAlarms: '未确认 {{count}}',
  bellTitle: '告警：{{unacknowledged}} 条未确认，{{unhandled}} 条未处理',
  acknowledge: '确认',
  viewAll: '查看全部',
  toastSeverities: '弹窗提醒',
  muteToasts: '静音，不弹窗',
  closeToast: '关闭',
  live: '实时',
  liveHint: '设备状态与告警实时推送中',
  connecting: '连接中',
  connectingHint: '正在连接实时推送服务',
  reconnecting: '重连中…',
  reconnectingHint: '与服务器的连接已断开，正在自动重连',
  stale: '数据暂停更新（自 {{time}}）',
  staleHint: '上游服务暂时无法访问，显示的是最后一次获取的数据，恢复后自动更新',
  unauthorized: '实时推送已断开',
  unauthorizedHint: '登录已失效，请重新登录以恢复实时推送',
};
