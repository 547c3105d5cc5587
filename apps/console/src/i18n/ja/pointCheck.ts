import type { Resources } from '../zh/index.ts';

const pointCheck: Resources['pointCheck'] = {
  back: 'サービスレポートに戻る',
  jobCode: '作業指示番号：{{code}}',
  jobStore: '店舗：{{store}}',
  missingJobTitle: '作業指示が指定されていません',
  missingJobHint: 'サービスレポート一覧の「点検表」から開いてください。',
  empty: '申し訳ありません。該当するデータがありません！',
};

export default pointCheck;
