import type { Resources } from '../zh/index.ts';

const common: Resources['common'] = {
  appName: '害虫防除管理コンソール',
  appShortName: '害虫防除',
  export: 'エクスポート',
  total: '合計',
  save: '保存',
  cancel: 'キャンセル',
  loading: '読み込み中...',
  noData: 'データがありません',
  moreCards: 'さらに {{count}} 件表示（{{total}} 件中 {{shown}} 件）',
  exporting: 'エクスポート中...',
  downloading: 'ダウンロード中',
  exportDone: 'エクスポートしました',
  downloadDone: 'ダウンロードしました',
  columnSettings: '列の設定',
  moveColumnUp: '{{name}} を上へ',
  moveColumnDown: '{{name}} を下へ',
  resetColumns: '既定に戻す',
  /** Names of controls that show none (table selection, the page jumper), read by screen readers. */
  a11y: { selectAll: 'すべて選択', selectRow: 'この行を選択', goToPage: 'ページへ移動' },
};

export default common;
