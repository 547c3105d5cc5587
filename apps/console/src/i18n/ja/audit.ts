import type { Resources } from '../zh/index.ts';

const audit: Resources['audit'] = {
  objectType: '対象の種類',
  objectId: '対象ID',
  query: '検索',
  reset: 'リセット',
  note: '記録は変更・削除できません',
};
export default audit;
