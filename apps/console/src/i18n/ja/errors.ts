import type { Resources } from '../zh/index.ts';

const errors: Resources['errors'] = {
  notFoundTitle: 'ウェブマスターによると、このページには入れません...',
  notFoundHint: 'URL が正しいかご確認いただくか、下のボタンからホームに戻ってください。',
  noPermissionTitle: 'このページにアクセスする権限がありません',
  noPermissionHint: 'アクセスが必要な場合は管理者に権限を依頼してください。',
  back: '戻る',
  backHome: 'ホームに戻る',
  requestTimeout: 'リクエストがタイムアウトしました。しばらくしてから再試行してください',
  sessionExpired: 'ログインの有効期限が切れました。再度ログインしてください',
  genericError: 'エラー',
  verificationFailed: '認証に失敗しました。もう一度ログインしてください。',
  reLoginTitle: 'ログアウトの確認',
  reLoginBody: 'ログアウトされました。キャンセルしてこのページに留まるか、もう一度ログインしてください',
  reLoginOk: '再ログイン',
  reLoginCancel: 'キャンセル',
};

export default errors;
