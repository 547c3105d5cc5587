import type { Resources } from '../zh/index.ts';

const pointCheck: Resources['pointCheck'] = {
  back: 'サービスレポートに戻る',
  jobCode: '作業指示番号：{{code}}',
  jobStore: '店舗：{{store}}',
  missingJobTitle: '作業指示が指定されていません',
  missingJobHint: 'サービスレポート一覧の「点検表」から開いてください。',
  empty: '申し訳ありません。該当するデータがありません！',
  materials: {
    title: '薬剤使用記録',
    empty: '今回のサービスでは薬剤・消耗品を使用していません',
    materialName: '薬剤/消耗品',
    kind: '種類',
    registrationNo: '農薬登録番号',
    activeIngredient: '有効成分',
    lotNo: 'ロット番号',
    quantity: '使用量',
    regionName: '使用場所',
    kinds: { rodenticide: '殺鼠剤', insecticide: '殺虫剤', bait: 'ベイト剤', glueBoard: '粘着シート', consumable: '消耗品' },
    units: { sheet: '{{quantity}} 枚', tube: '{{quantity}} 本', piece: '{{quantity}} 個' },
  },
};

export default pointCheck;
