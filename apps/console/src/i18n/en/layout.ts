import type { Resources } from '../zh/index.ts';

const layout: Resources['layout'] = {
  bigScreen: 'Big screen',
  logout: 'Log out',
  changePassword: 'Change password',
  settings: 'Settings',
  settingsHint: 'Settings are kept in this browser',
  themeColor: 'Theme colour',
  customColor: 'Custom colour',
  interface: 'Interface',
  tagsView: 'Show tags view',
  fixedHeader: 'Fixed header',
  sidebarLogo: 'Sidebar logo',
  language: 'Language',
  resetSettings: 'Restore defaults',
  collapseMenu: 'Collapse menu',
  expandMenu: 'Expand menu',
  openMenu: 'Open menu',
  closeTag: 'Close',
  closeOthers: 'Close others',
  closeAll: 'Close all',
  tagActions: 'Tag actions',
  bigScreenMenu: 'Wallboard options',
  createDisplayLink: 'Create a display link for a TV',
  notices: 'Notices',
  unreadNotices: '{{count}} unread notice(s)',
  demoFilling: {
    intro: 'Demo data is still being generated in the background:',
    deviceAlarms: 'the device alarms handled more than a month ago are being filled in, so the alarm statistics of earlier periods are complete shortly;',
    visitSheets: 'the sheets of visits older than a month (point checks and materials) are being filled in, so older reports and pest trends are complete shortly;',
    heartbeatHistory: 'the devices\' heartbeat history (the last 14 days of heartbeats and the daily counts of the year) is being filled in, so device trends and online rates are complete shortly;',
    rest: 'everything else is ready.',
  },
};

export default layout;
