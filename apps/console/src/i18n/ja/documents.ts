import type { Resources } from '../zh/index.ts';

const documents: Resources['documents'] = {
  kindLabel: { businessLicence: '営業許可証', pestControlQualification: '有害生物防除サービス資格証', other: 'その他' },
  add: '追加',
  edit: '編集',
  delete: '削除',
  actions: '操作',
  view: '表示',
  addTitle: '資格書類を追加',
  editTitle: '資格書類を編集',
  kind: '種類',
  name: '名称',
  file: '画像',
  validFrom: '有効期間開始',
  validTo: '有効期間終了',
  validToHint: '期限がない場合は空欄',
  validity: '有効期間',
  noEnd: '無期限',
  valid: '有効',
  expired: '期限切れ',
  createdBy: 'アップロード者',
  createdAt: 'アップロード日時',
  saved: '保存しました',
  deleted: '削除しました',
  deleteConfirm: '資格書類「{{name}}」を削除しますか？',
  fileRequired: '書類の画像をアップロードしてください',
  validFromRequired: '有効期間の開始日を選択してください',
};

export default documents;
