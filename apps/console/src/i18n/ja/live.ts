import type { Resources } from '../zh/index.ts';

const live: Resources['live'] = {
  alarms: 'アラーム',
  alarmKind: {
    1: 'デバイスオフライン',
    2: '温度が高すぎます',
    3: 'バッテリー残量低下',
    4: 'メンテナンスが必要',
    5: '捕獲器作動',
    6: 'デバイスオンライン',
  },
  alarmSeverity: { critical: '緊急', major: '重要', minor: '軽微' },
  alarmState: { open: '未確認', acknowledged: '確認済み', handled: '対応済み' },
  alarmText: '{{device}}：{{content}}',
  alarmStoreText: '{{store}} · {{device}}：{{content}}',
  unhandledAlarms: '未処理アラーム（{{count}}）',
  noUnhandledAlarms: '未処理アラームはありません',
  newAlarms: '新しいアラーム {{count}} 件',
  unacknowledgedAlarms: '未確認 {{count}}',
  bellTitle: 'アラーム：未確認 {{unacknowledged}} 件、未処理 {{unhandled}} 件',
  acknowledge: '確認',
  viewAll: 'すべて表示',
  toastSeverities: 'ポップアップ通知',
  muteToasts: 'ポップアップをミュート',
  closeToast: '閉じる',
  live: 'ライブ',
  liveHint: 'デバイスの状態とアラームをリアルタイムで受信中',
  connecting: '接続中',
  connectingHint: 'ライブサービスに接続しています',
  reconnecting: '再接続中…',
  reconnectingHint: 'サーバーとの接続が切れました。自動で再接続します',
  stale: '{{time}} から更新停止中',
  staleHint: '上流サービスに接続できません。最後に取得したデータを表示しています',
  unauthorized: 'ライブ更新停止',
  unauthorizedHint: 'ログインの有効期限が切れました。再度ログインしてください',
};

export default live;
