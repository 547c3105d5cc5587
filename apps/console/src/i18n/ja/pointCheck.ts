import type { Resources } from '../zh/index.ts';

const pointCheck: Resources['pointCheck'] = {
  back: 'サービスレポートに戻る',
  jobId: '作業指示 ID：{{id}}',
  missingJobTitle: '作業指示が指定されていません',
  missingJobHint: 'サービスレポート一覧の「点検表」から開いてください。',
  empty: '申し訳ありません。該当するデータがありません！',
};

export default pointCheck;
