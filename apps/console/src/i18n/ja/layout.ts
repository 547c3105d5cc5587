import type { Resources } from '../zh/index.ts';

const layout: Resources['layout'] = {
  bigScreen: '大画面表示',
  logout: 'ログアウト',
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
  demoFilling: { heartbeatHistory: 'デモデータをバックグラウンドで生成中です：デバイスのハートビート履歴（直近14日間のハートビートと1年分の日次集計）を作成中のため、デバイスの推移とオンライン率はまもなく揃います。その他の画面はすでに利用できます。' },
};

export default layout;
