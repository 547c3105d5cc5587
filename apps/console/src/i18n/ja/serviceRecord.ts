import type { Resources } from '../zh/index.ts';

const serviceRecord: Resources['serviceRecord'] = {
  listTitle: 'サービスレポート一覧',
  staffName: '担当者',
  staffNamePlaceholder: '担当者名を入力',
  jobOrderName: '作業指示名',
  jobOrderNamePlaceholder: '作業指示名を入力',
  serviceStart: 'サービス開始日時',
  serviceEnd: 'サービス終了日時',
  rangeStart: '開始',
  rangeEnd: '終了',
  code: '作業指示番号',
  store: '店舗',
  serviceType: 'サービス種別',
  serviceContent: 'サービス内容',
  actualStart: '実際の開始日時',
  actualEnd: '実際の終了日時',
  actions: '操作',
  preview: 'プレビュー',
  download: 'ダウンロード',
  pointCheck: '点検表',
  batchDownload: '一括ダウンロード',
  selected: '{{count}} 件選択中',
  packing: '圧縮中 {{done}} / {{total}}',
  cancelBatch: 'キャンセル',
  batchCancelled: '一括ダウンロードをキャンセルしました',
  batchFailedTitle: '{{count}} 件のレポートをダウンロードできませんでした',
  batchFailedHint: 'ZIP に含まれていないレポート：',
  type: {
    0: '定期',
    1: '緊急',
    2: '有効フォローアップ',
    3: 'フォローアップ',
    4: '無料',
  },
};

export default serviceRecord;
