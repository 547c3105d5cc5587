import type { Resources } from '../zh/index.ts';

const route: Resources['route'] = {
  login: 'ログイン',
  notFound: 'ページが見つかりません',
  noPermission: 'アクセス権限なし',
  serviceRecord: 'サービス報告',
  pointCheck: 'ポイント点検表',
  dashboard: '害虫ダッシュボード',
  dataSheet: 'データレポート',
  equipmentPositive: '機器陽性集計',
  insectPestSummary: '害虫集計',
  riskSummary: 'リスク集計',
  statisticalChart: '統計グラフ',
  trendChart1: '害虫推移',
  riskTrend: 'リスク推移',
  trendChart2: '店舗別害虫比較',
  singleTrend: 'ポイント別推移',
  combineTrend: 'グループ推移',
  equipment: '機器管理',
  mouseBox: 'スマート機器',
  equipmentDetail: '機器詳細',
  filterPreview: 'フィルタープレビュー',
  bindInfo: '紐付け情報',
  alarmCenter: 'アラームセンター',
  notify: '通知',
  notifySettings: '通知設定',
  notifyLog: '通知履歴',
  providerSettings: 'サービス会社',
  providerDocuments: '資格書類',
};

export default route;
