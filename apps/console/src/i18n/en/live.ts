import type { Resources } from '../zh/index.ts';

const live: Resources['live'] = {
  alarms: 'Alarms',
  alarmKind: {
    1: 'Device offline',
    2: 'Temperature too high',
    3: 'Low battery',
    4: 'Needs maintenance',
    5: 'Trap triggered',
    6: 'Device online',
  },
  alarmSeverity: { critical: 'Critical', major: 'Major', minor: 'Minor' },
  alarmState: { open: 'Unacknowledged', acknowledged: 'Acknowledged', handled: 'Handled' },
  alarmText: '{{device}}: {{content}}',
  alarmStoreText: '{{store}} · {{device}}: {{content}}',
  unhandledAlarms: 'Unhandled alarms ({{count}})',
  noUnhandledAlarms: 'No unhandled alarms',
  newAlarms: '{{count}} new alarms',
  unacknowledgedAlarms: '{{count}} unacknowledged',
  bellTitle: 'Alarms: {{unacknowledged}} unacknowledged, {{unhandled}} unhandled',
  acknowledge: 'Acknowledge',
  viewAll: 'View all',
  toastSeverities: 'Pop up',
  muteToasts: 'Mute pop-ups',
  closeToast: 'Close',
  live: 'Live',
  liveHint: 'Device status and alarms arrive live',
  connecting: 'Connecting',
  connectingHint: 'Connecting to the live service',
  reconnecting: 'Reconnecting…',
  reconnectingHint: 'The connection to the server dropped; reconnecting automatically',
  stale: 'Paused since {{time}}',
  staleHint: 'The upstream service cannot be reached; showing the last data received, updates resume by themselves',
  unauthorized: 'Live updates stopped',
  unauthorizedHint: 'Your session has ended; sign in again to resume live updates',
};

export default live;
