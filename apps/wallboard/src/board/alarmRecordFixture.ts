import type { AlarmRecord } from '@pest/shared';

/** An open alarm as the list returns it, for the board's tests: a catch at store 10 unless overridden. */
export const alarmRecord = (id: number, overrides: Partial<AlarmRecord> = {}): AlarmRecord => ({
  id,
  boxId: 1,
  deviceName: '鼠盒1',
  deviceCode: 'MB-1',
  customerId: 10,
  customerName: '门店',
  type: 5,
  content: '触发捕鼠',
  createTime: '2026-11-22 10:00:00',
  handled: false,
  handledTime: null,
  state: 'open',
  severity: 'critical',
  repeatCount: 0,
  lastTime: overrides.createTime ?? '2026-11-22 10:00:00',
  ackBy: null,
  ackTime: null,
  handledBy: null,
  note: null,
  pictures: [],
  assignee: null,
  gatewayAlarmId: null,
  linkedCount: 0,
  ...overrides,
});
