import type { Resources } from '../zh/index.ts';

const layout: Resources['layout'] = {
  bigScreen: '大画面表示',
  logout: 'ログアウト',
  changePassword: 'パスワード変更',
  settings: 'システム設定',
  settingsHint: '設定はこのブラウザに保存されます',
  themeColor: 'テーマカラー',
  customColor: 'カスタムカラー',
  interface: 'インターフェース',
  tagsView: 'タブを表示',
  fixedHeader: 'ヘッダーを固定',
  sidebarLogo: 'サイドバーのロゴ',
  language: '言語',
  resetSettings: '既定に戻す',
  collapseMenu: 'メニューを折りたたむ',
  expandMenu: 'メニューを展開',
  openMenu: 'メニューを開く',
  closeTag: '閉じる',
  closeOthers: '他を閉じる',
  closeAll: 'すべて閉じる',
  tagActions: 'タブの操作',
  bigScreenMenu: '大画面のオプション',
  createDisplayLink: 'テレビ用の大画面リンクを作成',
  notices: 'お知らせ',
  unreadNotices: '未読のお知らせ {{count}} 件',
  demoFilling: {
    intro: 'デモデータをバックグラウンドで生成中です：',
    deviceAlarms: '1か月以上前に対応済みのデバイスアラームを作成中のため、過去の期間のアラーム統計はまもなく揃います。',
    visitSheets: '1か月以上前の訪問記録（ポイント点検と資材使用）を作成中のため、過去の報告書と害虫の推移はまもなく揃います。',
    heartbeatHistory: 'デバイスのハートビート履歴（直近14日間のハートビートと1年分の日次集計）を作成中のため、デバイスの推移とオンライン率はまもなく揃います。',
    rest: 'その他の画面はすでに利用できます。',
  },
};

export default layout;
