import type { Resources } from '../zh/index.ts';

const login: Resources['login'] = {
  welcome: 'ようこそ',
  subtitle: 'アカウントとパスワードでログインしてください',
  account: 'アカウント',
  accountPlaceholder: 'アカウントを入力',
  password: 'パスワード',
  passwordPlaceholder: 'パスワードを入力',
  showPassword: 'パスワードを表示',
  hidePassword: 'パスワードを隠す',
  capsLockOn: 'Caps Lock がオンです',
  submit: 'ログイン',
  bannerTitle: 'データで支えるプロの害虫防除',
  bannerSubtitle: 'サービス報告、害虫の推移、スマート機器の監視を店舗ごとに一元管理。',
  featureReports: 'サービス報告と点検データをいつでも確認',
  featureCharts: '害虫とリスクの推移を多角的に集計',
  featureDevices: 'スマート捕鼠器のオンライン監視とアラーム',
  accountRequired: '正しいアカウントを入力してください',
  passwordTooShort: 'パスワードは6文字以上で入力してください',
  changePasswordTitle: '初期パスワードを変更してください',
  changePasswordSubtitle: 'このアカウントは付与されたパスワードを使用しています。先にご自身のパスワードを設定してください',
  oldPassword: '現在のパスワード',
  oldPasswordRequired: '現在のパスワードを入力してください',
  newPassword: '新しいパスワード',
  newPasswordTooShort: '新しいパスワードは{{count}}文字以上にしてください',
  confirmPassword: '新しいパスワード（確認）',
  passwordsDiffer: '新しいパスワードが一致しません',
  changePasswordSubmit: 'パスワードを変更',
  passwordChanged: 'パスワードを変更しました',
  signOut: 'ログアウト',
};

export default login;
